import { MENSAJES_POLITICA, type PoliticaGuardar } from '@delego/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAdmin, makeOperario } from '../../../test/factories';
import { alternar, escribir, responderConfirmacion } from '../../../test/ionic';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { makePolitica } from '../test-utils';
import NivelesServicioPage from './niveles-servicio-page';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const POLITICAS = '/api/v4/sla/politicas';
const XSS = '<img src=x onerror="window.__xss=1">';

const CATALOGOS = {
  'GET /api/v2/empresasAsignables': [
    { id: 3, nombre: 'Clínica San Martín' },
    { id: 1, nombre: 'Municipalidad de Rosario' },
  ],
  'GET /api/v2/tipoOrden/all': [{ id: 1, nombre: 'Correctivo', archivado: false }],
  'GET /api/v2/prioridades': [{ id: 3, nombre: 'Alta', nivel: 3, color: 'warning' }],
};

const HOTEL = makePolitica({
  id: 2,
  nombre: 'Clínica urgente',
  cliente: { id: 3, nombre: 'Clínica San Martín' },
  prioridad: { id: 3, nombre: 'Alta' },
  respuesta: { cantidad: 1, unidad: 'horas' },
  resolucion: null,
  pausaEnEspera: false,
});

function abrir(respuestas: Record<string, Respuesta>, usuario = makeAdmin()) {
  const llamadas = simularServidor({
    [`GET ${POLITICAS}`]: { politicas: [makePolitica(), HOTEL] },
    ...CATALOGOS,
    ...respuestas,
  });
  renderConApp(<NivelesServicioPage />, { usuario, ruta: '/sla' });
  return llamadas;
}

const formulario = () => screen.getByRole('form', { name: 'Nueva política' });
const elegir = (testId: string, value: unknown) =>
  fireEvent(screen.getByTestId(testId), new CustomEvent('ionChange', { detail: { value } }));

describe('Niveles de servicio (issue 34)', () => {
  it('lists the policies, the most specific first, with what they apply to and their targets as text', async () => {
    abrir({ [`GET ${POLITICAS}`]: { politicas: [makePolitica({ nombre: XSS }), HOTEL] } });
    const lista = await screen.findByTestId('politicas-lista');
    const filas = within(lista).getAllByTestId(/^politica-\d+$/);
    expect(filas.map((f) => f.dataset.testid)).toEqual(['politica-2', 'politica-1']);

    const clinica = screen.getByTestId('politica-2');
    expect(clinica).toHaveTextContent('Clínica urgente');
    expect(within(clinica).getByTestId('politica-alcance')).toHaveTextContent(
      'Cliente: Clínica San Martín · Tipo de orden: Cualquiera · Prioridad: Alta',
    );
    expect(within(clinica).getByTestId('politica-objetivos')).toHaveTextContent(
      'Respuesta: 1 h hábil · Resolución: sin objetivo',
    );
    expect(within(clinica).queryByTestId('politica-pausa-en-espera')).toBeNull();

    const general = screen.getByTestId('politica-1');
    expect(general).toHaveTextContent(XSS);
    expect(general.querySelector('img')).toBeNull();
    expect(within(general).getByTestId('politica-alcance')).toHaveTextContent(
      'Cliente: Cualquiera · Tipo de orden: Cualquiera · Prioridad: Cualquiera',
    );
    expect(within(general).getByTestId('politica-objetivos')).toHaveTextContent(
      'Respuesta: 4 h hábiles · Resolución: 2 días hábiles',
    );
    expect(within(general).getByTestId('politica-pausa-en-espera')).toHaveTextContent('Pausa en espera');
    // An edit applies to orders created from now on; the calendar is one link away.
    expect(screen.getByTestId('politicas-desde-ahora')).toHaveTextContent(
      'Un cambio rige para las órdenes creadas desde ahora',
    );
    expect(
      within(screen.getByTestId('politicas-ayuda')).getByRole('link', { name: 'horario y los feriados' }),
    ).toHaveAttribute('href', '/horario');
  });

  it('without policies, explains what one is and offers to create the first', async () => {
    abrir({ [`GET ${POLITICAS}`]: { politicas: [] } });
    const vacio = await screen.findByTestId('politicas-vacio');
    expect(vacio).toHaveTextContent('Sin políticas de nivel de servicio');
    expect(vacio).toHaveTextContent('Una política fija en cuánto tiempo hábil se responde y se resuelve una orden');
    fireEvent.click(within(vacio).getByTestId('politicas-vacio-crear'));
    expect(await screen.findByRole('form', { name: 'Nueva política' })).toBeInTheDocument();
  });

  it('creates a policy: the contract’s messages first at their fields, then the body it sends', async () => {
    let actuales = [makePolitica()];
    const llamadas = abrir({
      [`GET ${POLITICAS}`]: () => ({ politicas: actuales }),
      [`POST ${POLITICAS}`]: ({ cuerpo }) => {
        const c = cuerpo as PoliticaGuardar;
        const nueva = makePolitica({ id: 5, nombre: c.nombre, cliente: { id: 3, nombre: 'Clínica San Martín' } });
        actuales = [...actuales, nueva];
        return nueva;
      },
    });
    fireEvent.click(await screen.findByTestId('politica-nueva'));
    await screen.findByRole('form', { name: 'Nueva política' });
    // Nothing typed: a name and at least one target.
    fireEvent.submit(formulario());
    await waitFor(() =>
      expect(screen.getByTestId('politica-nombre')).toMatchObject({ errorText: MENSAJES_POLITICA.nombre }),
    );
    expect(screen.getByTestId('politica-resolucion-cantidad')).toMatchObject({
      errorText: MENSAJES_POLITICA.sinObjetivo,
    });
    // Not a whole number; then over the limit of days.
    escribir(screen.getByTestId('politica-nombre'), 'Clínica');
    escribir(screen.getByTestId('politica-respuesta-cantidad'), '1,5');
    escribir(screen.getByTestId('politica-resolucion-cantidad'), '200');
    fireEvent.submit(formulario());
    await waitFor(() =>
      expect(screen.getByTestId('politica-respuesta-cantidad')).toMatchObject({
        errorText: MENSAJES_POLITICA.cantidad,
      }),
    );
    expect(screen.getByTestId('politica-resolucion-cantidad')).toMatchObject({ errorText: MENSAJES_POLITICA.dias });
    expect(llamadas.de('POST', POLITICAS)).toHaveLength(0);

    escribir(screen.getByTestId('politica-respuesta-cantidad'), '2');
    escribir(screen.getByTestId('politica-resolucion-cantidad'), '16');
    elegir('politica-resolucion-unidad', 'horas');
    elegir('politica-clienteId', 3);
    alternar(screen.getByTestId('politica-pausa'), false);
    fireEvent.submit(formulario());
    await waitFor(() => expect(llamadas.de('POST', POLITICAS)).toHaveLength(1));
    expect(llamadas.de('POST', POLITICAS)[0]!.cuerpo).toEqual({
      nombre: 'Clínica',
      clienteId: 3,
      tipoOrdenId: null,
      prioridadId: null,
      respuesta: { cantidad: 2, unidad: 'horas' },
      resolucion: { cantidad: 16, unidad: 'horas' },
      pausaEnEspera: false,
    });
    expect(await screen.findByTestId('politica-5')).toHaveTextContent('Clínica');
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    await waitFor(() =>
      expect(document.querySelector<HTMLIonToastElement>('ion-toast.delego-aviso')?.message).toBe(
        'Se creó la política «Clínica».',
      ),
    );
  });

  it('a repeated combination (409) says so at «Se aplica a»; changing it settles the message', async () => {
    const llamadas = abrir({
      [`POST ${POLITICAS}`]: errorDelServidor(409, MENSAJES_POLITICA.duplicada),
    });
    fireEvent.click(await screen.findByTestId('politica-nueva'));
    await screen.findByRole('form', { name: 'Nueva política' });
    escribir(screen.getByTestId('politica-nombre'), 'Otra general');
    escribir(screen.getByTestId('politica-respuesta-cantidad'), '8');
    fireEvent.submit(formulario());
    expect(await within(formulario()).findByText(MENSAJES_POLITICA.duplicada)).toBeInTheDocument();
    expect(llamadas.de('POST', POLITICAS)[0]!.cuerpo).toMatchObject({
      respuesta: { cantidad: 8, unidad: 'horas' },
      resolucion: null,
    });
    elegir('politica-tipoOrdenId', 1);
    await waitFor(() => expect(within(formulario()).queryByText(MENSAJES_POLITICA.duplicada)).toBeNull());
  });

  it('edits a policy (PUT with its id) and shows the server’s refusal at its field', async () => {
    let veces = 0;
    const llamadas = abrir({
      [`PUT ${POLITICAS}/2`]: () =>
        ++veces === 1
          ? errorDelServidor(400, MENSAJES_POLITICA.referencia, 'clienteId')
          : makePolitica({ ...HOTEL, nombre: 'Clínica muy urgente' }),
    });
    fireEvent.click(await screen.findByTestId('politica-editar-2'));
    const form = await screen.findByRole('form', { name: 'Editar política' });
    expect(screen.getByTestId('politica-nombre')).toHaveProperty('value', 'Clínica urgente');
    expect(screen.getByTestId('politica-clienteId')).toMatchObject({ value: 3 });
    expect(screen.getByTestId('politica-respuesta-cantidad')).toHaveProperty('value', '1');
    expect(screen.getByTestId('politica-resolucion-cantidad')).toHaveProperty('value', '');
    escribir(screen.getByTestId('politica-nombre'), 'Clínica muy urgente');
    fireEvent.submit(form);
    await waitFor(() =>
      expect(screen.getByTestId('politica-clienteId')).toMatchObject({ errorText: MENSAJES_POLITICA.referencia }),
    );
    fireEvent.submit(form);
    await waitFor(() => expect(llamadas.de('PUT', `${POLITICAS}/2`)).toHaveLength(2));
    expect(llamadas.de('PUT', `${POLITICAS}/2`)[1]!.cuerpo).toEqual({
      nombre: 'Clínica muy urgente',
      clienteId: 3,
      tipoOrdenId: null,
      prioridadId: 3,
      respuesta: { cantidad: 1, unidad: 'horas' },
      resolucion: null,
      pausaEnEspera: false,
    });
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    // The list is read again.
    expect(llamadas.de('GET', POLITICAS).length).toBeGreaterThanOrEqual(2);
  });

  it('removes a policy only after the confirmation', async () => {
    let actuales = [makePolitica(), HOTEL];
    const llamadas = abrir({
      [`GET ${POLITICAS}`]: () => ({ politicas: actuales }),
      [`DELETE ${POLITICAS}/2`]: () => {
        actuales = [makePolitica()];
        return { ok: true };
      },
    });
    fireEvent.click(await screen.findByTestId('politica-borrar-2'));
    await responderConfirmacion('Cancelar');
    expect(llamadas.de('DELETE', `${POLITICAS}/2`)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('politica-borrar-2'));
    await responderConfirmacion('Borrar');
    await waitFor(() => expect(llamadas.de('DELETE', `${POLITICAS}/2`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('politica-2')).toBeNull());
    expect(screen.getByTestId('politica-1')).toBeInTheDocument();
  });

  it('an operario reads the policies, with no way to change them', async () => {
    const llamadas = abrir({}, makeOperario());
    expect(await screen.findByTestId('politicas-solo-lectura')).toHaveTextContent(
      MENSAJES_POLITICA.soloAdministradores,
    );
    expect(await screen.findByTestId('politica-2')).toHaveTextContent('Clínica urgente');
    expect(screen.queryByTestId('politica-nueva')).toBeNull();
    expect(screen.getByTestId('niveles-servicio-page').querySelectorAll('ion-button')).toHaveLength(0);
    expect(screen.queryByRole('form')).toBeNull();
    // Nor are the catalogues of the form asked for.
    expect(llamadas.map((l) => l.ruta)).toEqual([POLITICAS]);
  });

  it('policies that cannot load show the error with a retry', async () => {
    let veces = 0;
    abrir({
      [`GET ${POLITICAS}`]: () =>
        ++veces === 1 ? errorDelServidor(500, 'No se pudo leer.') : { politicas: [makePolitica()] },
    });
    const error = await screen.findByTestId('admin-error');
    fireEvent.click(within(error).getByText('Reintentar'));
    expect(await screen.findByTestId('politica-1')).toHaveTextContent('Estándar');
  });
});
