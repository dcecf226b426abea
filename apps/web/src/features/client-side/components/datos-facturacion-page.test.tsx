import { CONDICIONES_IVA, MENSAJES_CLIENTE_PUBLICO, type DatosFacturacionLeidos } from '@delego/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { crearQueryClient } from '../../../app/query-client';
import { ErrorFeedback } from '../../../components/error-feedback';
import { makeOperario } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor } from '../../../test/servidor';
import { makeOrden } from '../../files/test-utils';
import DatosFacturacionPage from './datos-facturacion-page';

const ORDEN = '/api/v3/ordenDTO/42';
const GUARDAR = '/api/v2/datosFacturacion/42';

const VALIDOS = {
  razonSocial: 'Municipalidad de Rosario',
  cuit: '30-54668997-9',
  condicionIva: 'Exento',
  domicilioFiscal: 'Buenos Aires 711, Rosario',
  email: 'facturas@muni.test',
} as const;

const leidos = (cambios: Partial<DatosFacturacionLeidos> = {}): DatosFacturacionLeidos => ({
  ...VALIDOS,
  actualizado: Date.UTC(2026, 10, 20, 13),
  cargadosPorCliente: false,
  ...cambios,
});

function mostrar() {
  return renderConApp(
    <>
      <DatosFacturacionPage />
      <ErrorFeedback />
    </>,
    { usuario: makeOperario(), ruta: '/datos-facturacion?id=42', queryClient: crearQueryClient() },
  );
}

function cambiar(testId: string, evento: 'ionInput' | 'ionChange', value: unknown) {
  fireEvent(screen.getByTestId(testId), new CustomEvent(evento, { detail: { value } }));
}

function llenar(datos: Record<keyof typeof VALIDOS, string>) {
  cambiar('facturacion-razon-social', 'ionInput', datos.razonSocial);
  cambiar('facturacion-cuit', 'ionInput', datos.cuit);
  cambiar('facturacion-condicion-iva', 'ionChange', datos.condicionIva);
  cambiar('facturacion-domicilio', 'ionInput', datos.domicilioFiscal);
  cambiar('facturacion-email', 'ionInput', datos.email);
}

function guardar() {
  fireEvent.submit(screen.getByRole('form', { name: 'Datos de facturación' }));
}

const errorDe = (testId: string) => (screen.getByTestId(testId) as HTMLIonInputElement).errorText;

describe('datos-facturacion', () => {
  it('offers exactly the four IVA conditions, in order', async () => {
    simularServidor({ [`GET ${ORDEN}`]: makeOrden() });
    mostrar();
    const select = await screen.findByTestId('facturacion-condicion-iva');
    const opciones = [...select.querySelectorAll('ion-select-option')];
    expect(opciones.map((o) => o.textContent)).toEqual([
      'Responsable Inscripto',
      'Monotributista',
      'Exento',
      'Consumidor Final',
    ]);
    expect(opciones.map((o) => (o as HTMLIonSelectOptionElement).value)).toEqual([...CONDICIONES_IVA]);
  });

  it('an empty form says what is missing, in Spanish, and sends nothing', async () => {
    const llamadas = simularServidor({ [`GET ${ORDEN}`]: makeOrden() });
    mostrar();
    await screen.findByTestId('datos-facturacion');
    guardar();
    await waitFor(() => expect(errorDe('facturacion-razon-social')).toBe('La razón social es obligatoria.'));
    expect(errorDe('facturacion-cuit')).toBe('El CUIT es obligatorio.');
    expect(errorDe('facturacion-condicion-iva')).toBe('Elija la condición frente al IVA.');
    expect(errorDe('facturacion-domicilio')).toBe('El domicilio fiscal es obligatorio.');
    expect(errorDe('facturacion-email')).toBe('El email es obligatorio.');
    expect(llamadas.some((l) => l.metodo === 'POST')).toBe(false);
  });

  it('a CUIT with a wrong check digit shows the Spanish message and sends nothing', async () => {
    const llamadas = simularServidor({ [`GET ${ORDEN}`]: makeOrden() });
    mostrar();
    await screen.findByTestId('datos-facturacion');
    llenar({ ...VALIDOS, cuit: '30-54668997-8' });
    guardar();
    await waitFor(() => expect(errorDe('facturacion-cuit')).toBe(MENSAJES_CLIENTE_PUBLICO.cuitInvalido));
    expect(errorDe('facturacion-cuit')).toBe('El CUIT no es válido: el dígito verificador no coincide.');
    expect(errorDe('facturacion-razon-social')).toBeUndefined();

    // A malformed one too, with its own message.
    cambiar('facturacion-cuit', 'ionInput', '12-34');
    expect(errorDe('facturacion-cuit')).toBeUndefined();
    guardar();
    await waitFor(() =>
      expect(errorDe('facturacion-cuit')).toBe('El CUIT debe tener el formato NN-NNNNNNNN-N (11 dígitos).'),
    );
    expect(llamadas.some((l) => l.metodo === 'POST')).toBe(false);
  });

  it('a valid form sends exactly {datosFacturacion} with the CUIT normalised and the text trimmed', async () => {
    const guardada = makeOrden({ datosFacturacion: leidos() });
    const llamadas = simularServidor({ [`GET ${ORDEN}`]: makeOrden(), [`POST ${GUARDAR}`]: guardada });
    mostrar();
    await screen.findByTestId('datos-facturacion');
    llenar({ ...VALIDOS, razonSocial: '  Municipalidad de Rosario ', cuit: '30546689979' });
    guardar();

    await waitFor(() => expect(llamadas.de('POST', GUARDAR)).toHaveLength(1));
    expect(llamadas.de('POST', GUARDAR)[0]?.cuerpo).toEqual({ datosFacturacion: VALIDOS });
    await waitFor(() =>
      expect(document.querySelector<HTMLIonToastElement>('ion-toast.delego-aviso')?.message).toBe(
        'Datos de facturación guardados.',
      ),
    );
  });

  it('a server 400 naming a field shows its message on that field', async () => {
    const llamadas = simularServidor({
      [`GET ${ORDEN}`]: makeOrden(),
      [`POST ${GUARDAR}`]: () =>
        errorDelServidor(400, 'El email no es una dirección válida.', 'datosFacturacion.email'),
    });
    mostrar();
    await screen.findByTestId('datos-facturacion');
    llenar(VALIDOS);
    guardar();
    await waitFor(() => expect(errorDe('facturacion-email')).toBe('El email no es una dirección válida.'));
    expect(llamadas.de('POST', GUARDAR)).toHaveLength(1);
    // Shown on the field, not as the generic alert.
    expect(document.querySelector('ion-alert')).toBeNull();
    expect(screen.getByTestId('datos-facturacion')).toBeInTheDocument();
  });

  it('loads the saved data; HTML in a field or the title is shown as text', async () => {
    simularServidor({
      [`GET ${ORDEN}`]: makeOrden({
        titulo: '<img src=x onerror=alert(1)> Bomba',
        datosFacturacion: leidos({ razonSocial: '<b>ACME</b> S.A.', domicilioFiscal: '<script>x</script>' }),
      }),
    });
    mostrar();
    const form = await screen.findByTestId('datos-facturacion');
    expect(form).toHaveTextContent('Orden #42: <img src=x onerror=alert(1)> Bomba');
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByTestId('facturacion-razon-social')).toHaveProperty('value', '<b>ACME</b> S.A.');
    expect(screen.getByTestId('facturacion-domicilio')).toHaveProperty('value', '<script>x</script>');
    expect(screen.getByTestId('facturacion-cuit')).toHaveProperty('value', '30-54668997-9');
    expect(screen.getByTestId('facturacion-condicion-iva')).toHaveProperty('value', 'Exento');
    expect(form.querySelector('b, script')).toBeNull();
    expect(screen.queryByTestId('facturacion-por-cliente')).toBeNull();
  });

  it('HTML typed in a field is sent as the text it is', async () => {
    const llamadas = simularServidor({
      [`GET ${ORDEN}`]: makeOrden(),
      [`POST ${GUARDAR}`]: makeOrden({ datosFacturacion: leidos({ razonSocial: '<b>ACME</b>' }) }),
    });
    mostrar();
    await screen.findByTestId('datos-facturacion');
    llenar({ ...VALIDOS, razonSocial: '<b>ACME</b>' });
    expect(screen.getByTestId('facturacion-razon-social')).toHaveProperty('value', '<b>ACME</b>');
    guardar();
    await waitFor(() => expect(llamadas.de('POST', GUARDAR)).toHaveLength(1));
    expect(llamadas.de('POST', GUARDAR)[0]?.cuerpo).toEqual({
      datosFacturacion: { ...VALIDOS, razonSocial: '<b>ACME</b>' },
    });
  });

  it('while delegated, shows "Facturación delegada: esperando datos del cliente" with to whom and when', async () => {
    simularServidor({
      [`GET ${ORDEN}`]: makeOrden({
        facturacionDelegada: { email: 'compras@muni.test', fecha: Date.UTC(2026, 10, 20, 13) },
      }),
    });
    mostrar();
    const linea = await screen.findByTestId('facturacion-delegada');
    expect(linea).toHaveTextContent('Facturación delegada: esperando datos del cliente');
    expect(linea).toHaveTextContent('Pedido a compras@muni.test el 20/11/2026 10:00');
    // The form is still there: the company may fill it itself.
    expect(screen.getByTestId('facturacion-cuit')).toBeInTheDocument();
  });

  it('without a delegation there is no waiting line; data the client sent says so', async () => {
    simularServidor({ [`GET ${ORDEN}`]: makeOrden({ datosFacturacion: leidos({ cargadosPorCliente: true }) }) });
    mostrar();
    expect(await screen.findByTestId('facturacion-por-cliente')).toHaveTextContent(
      'Estos datos los cargó el cliente desde el formulario que le enviamos.',
    );
    expect(screen.queryByTestId('facturacion-delegada')).toBeNull();
  });

  it('a read-only order shows why and no form', async () => {
    simularServidor({
      [`GET ${ORDEN}`]: makeOrden({
        acciones: {
          soloLectura: true,
          modificar: false,
          borrar: false,
          cambiarResponsable: false,
          estadosSiguientes: [],
        },
      }),
    });
    mostrar();
    expect(
      await screen.findByText(
        'No puede cambiar los datos de facturación: necesita el permiso «Modificar órdenes» o ser responsable de la orden.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('datos-facturacion')).toBeNull();
  });

  it("another company's order (404) shows 'Orden no encontrada' and no form", async () => {
    simularServidor({ [`GET ${ORDEN}`]: () => errorDelServidor(404, 'La orden no existe.') });
    mostrar();
    expect(await screen.findByTestId('ordenes-no-encontrada')).toHaveTextContent('Orden no encontrada');
    expect(screen.queryByTestId('datos-facturacion')).toBeNull();
  });
});
