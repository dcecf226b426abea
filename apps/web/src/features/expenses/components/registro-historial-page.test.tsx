import type { RegistroGasto, RegistroHoras, RegistroOrden } from '@delego/contract';
import { IDBFactory } from 'fake-indexeddb';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crearQueryClient } from '../../../app/query-client';
import { configurarBandeja, encolar } from '../../../lib/outbox';
import { usarAlmacen } from '../../../lib/outbox/almacen';
import { guardarSesion } from '../../../lib/session';
import { makeAdmin, makeOperario } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { CARLA, DIEGO, makeArchivo, makeOrden } from '../../files/test-utils';
import { responderConfirmacion } from '../../../test/ionic';
import { errorDelServidor, simularServidor } from '../../../test/servidor';
import { registroKeys } from '../keys';
import { FormularioGastoRegistro } from './formulario-gasto';
import { FormularioHorasRegistro } from './formulario-horas';
import { RegistroDeOrden } from './registro-historial-page';

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';
const DIA = Date.parse('2026-05-12T15:00:00Z');

afterEach(() => {
  vi.unstubAllGlobals();
});

function makeHoras(parcial: Partial<RegistroHoras> = {}): RegistroHoras {
  return {
    id: 1,
    fecha: DIA,
    horas: 2,
    minutos: 30,
    usuario: DIEGO,
    autor: DIEGO,
    descripcion: 'Cambio de bomba',
    creado: DIA,
    actualizado: DIA,
    puedeEditar: true,
    ...parcial,
  };
}

function makeGasto(parcial: Partial<RegistroGasto> = {}): RegistroGasto {
  return {
    id: 1,
    fecha: DIA,
    concepto: 'Repuestos',
    monto: 15000.5,
    moneda: 'ARS',
    comprobante: null,
    autor: DIEGO,
    creado: DIA,
    actualizado: DIA,
    puedeEditar: true,
    ...parcial,
  };
}

function makeRegistro(parcial: Partial<RegistroOrden> = {}): RegistroOrden {
  return {
    ordenId: 42,
    horas: [],
    gastos: [],
    totales: { minutos: 0, horas: '0:00', gastos: [] },
    puedeAgregar: true,
    puedeCargarAOtros: false,
    ...parcial,
  };
}

function sesion(usuario = { ...makeOperario(), id: DIEGO.id, usuario: DIEGO.usuario }) {
  guardarSesion({ usuario, md5: MD5 });
  return usuario;
}

function escribir(testId: string, valor: string) {
  fireEvent(screen.getByTestId(testId), new CustomEvent('ionInput', { detail: { value: valor } }));
}

function elegir(testId: string, valor: unknown) {
  fireEvent(screen.getByTestId(testId), new CustomEvent('ionChange', { detail: { value: valor } }));
}

function enviar(nombre: string) {
  fireEvent.submit(screen.getByRole('form', { name: nombre }));
}

describe('registro-historial: the log', () => {
  it('shows the totals (H:MM, each currency as read in Argentina) and every entry', () => {
    simularServidor({ 'GET /api/v3/ordenDTO/42': makeOrden() });
    const usuario = sesion();
    renderConApp(
      <RegistroDeOrden
        registro={makeRegistro({
          horas: [
            makeHoras(),
            makeHoras({
              id: 2,
              horas: 1,
              minutos: 5,
              usuario: CARLA,
              autor: DIEGO,
              descripcion: '',
              puedeEditar: false,
            }),
          ],
          gastos: [
            makeGasto(),
            makeGasto({
              id: 2,
              concepto: 'Peaje',
              monto: 20,
              moneda: 'USD',
              comprobante: { id: 8, nombre: 'ticket.pdf', url: '/x' },
            }),
          ],
          totales: {
            minutos: 215,
            horas: '3:35',
            gastos: [
              { moneda: 'ARS', total: 15000.5 },
              { moneda: 'USD', total: 20 },
            ],
          },
        })}
      />,
      { usuario, ruta: '/registro-historial?id=42' },
    );
    expect(screen.getByTestId('registro-total-horas')).toHaveTextContent('3:35 h');
    expect(screen.getByTestId('registro-total-gastos')).toHaveTextContent('$ 15.000,50');
    expect(screen.getByTestId('registro-total-gastos')).toHaveTextContent('US$ 20,00');
    expect(screen.queryByTestId('registro-totales-pendientes')).not.toBeInTheDocument();

    const horas = screen.getAllByTestId('registro-hora');
    expect(horas[0]).toHaveTextContent('2:30 h');
    expect(horas[0]).toHaveTextContent('Diego Sosa · 12/05/2026');
    expect(horas[0]).toHaveTextContent('Cambio de bomba');
    expect(horas[1]).toHaveTextContent('1:05 h');
    expect(horas[1]).toHaveTextContent('Cargadas por Diego Sosa');
    // Only the reader's own entries can be corrected or removed.
    expect(within(horas[0]!).queryByTestId('registro-editar')).not.toBeNull();
    expect(within(horas[1]!).queryByTestId('registro-editar')).toBeNull();

    const gastos = screen.getAllByTestId('registro-gasto');
    expect(gastos[0]).toHaveTextContent('$ 15.000,50');
    expect(gastos[1]).toHaveTextContent('US$ 20,00');
    expect(within(gastos[1]!).getByTestId('registro-comprobante')).toHaveTextContent('ticket.pdf');
  });

  it('without permission to add, offers no buttons', () => {
    simularServidor({ 'GET /api/v3/ordenDTO/42': makeOrden() });
    const usuario = sesion();
    renderConApp(<RegistroDeOrden registro={makeRegistro({ puedeAgregar: false })} />, {
      usuario,
      ruta: '/registro-historial?id=42',
    });
    expect(screen.queryByTestId('registro-agregar-horas')).toBeNull();
    expect(screen.queryByTestId('registro-agregar-gasto')).toBeNull();
    expect(screen.getByText('Todavía no se registraron horas.')).toBeInTheDocument();
  });

  it('removes an entry after confirming, with borrados', async () => {
    const llamadas = simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden(),
      'PUT /api/v2/registro-gastos/42': makeRegistro(),
    });
    const usuario = sesion();
    const queryClient = crearQueryClient();
    renderConApp(<RegistroDeOrden registro={makeRegistro({ horas: [makeHoras({ id: 5 })] })} />, {
      usuario,
      ruta: '/registro-historial?id=42',
      queryClient,
    });
    fireEvent.click(screen.getByTestId('registro-eliminar'));
    await responderConfirmacion('Eliminar');
    await waitFor(() =>
      expect(llamadas.find((l) => l.metodo === 'PUT')?.cuerpo).toEqual({ borrados: { horas: [5], gastos: [] } }),
    );
    await waitFor(() => expect(queryClient.getQueryData(registroKeys.registro(42))).toEqual(makeRegistro()));
  });
});

describe('registro-historial: the hours form', () => {
  function mostrarHoras(props: Partial<Parameters<typeof FormularioHorasRegistro>[0]> = {}, usuario = sesion()) {
    const onListo = vi.fn();
    const r = renderConApp(
      <FormularioHorasRegistro
        ordenId={42}
        puedeCargarAOtros={false}
        onListo={onListo}
        onCancelar={() => undefined}
        {...props}
      />,
      { usuario, ruta: '/registro-historial?id=42', queryClient: crearQueryClient() },
    );
    return { ...r, onListo };
  }

  it('checks hours and minutes as the server does before sending anything', async () => {
    const llamadas = simularServidor({});
    mostrarHoras();
    escribir('horas-horas', '2');
    escribir('horas-minutos', '75');
    enviar('Registrar horas');
    await waitFor(() =>
      expect(screen.getByTestId('horas-minutos')).toMatchObject({ errorText: 'Los minutos van de 0 a 59.' }),
    );

    escribir('horas-minutos', '0');
    escribir('horas-horas', '25');
    enviar('Registrar horas');
    await waitFor(() =>
      expect(screen.getByTestId('horas-horas')).toMatchObject({
        errorText: 'No se pueden registrar más de 24 horas en una entrada.',
      }),
    );

    escribir('horas-horas', '0');
    enviar('Registrar horas');
    await waitFor(() =>
      expect(screen.getByTestId('horas-horas')).toMatchObject({ errorText: 'Indique al menos un minuto de trabajo.' }),
    );
    expect(llamadas.filter((l) => l.metodo === 'PUT')).toHaveLength(0);
  });

  it('logs 2 h 30 min with PUT {horas: [{fecha, horas, minutos, descripcion}]}', async () => {
    const llamadas = simularServidor({ 'PUT /api/v2/registro-gastos/42': makeRegistro({ horas: [makeHoras()] }) });
    const { onListo } = mostrarHoras();
    fireEvent(screen.getByTestId('horas-fecha'), new CustomEvent('ionInput', { detail: { value: '2026-05-12' } }));
    escribir('horas-horas', '2');
    escribir('horas-minutos', '30');
    fireEvent(
      screen.getByTestId('horas-descripcion'),
      new CustomEvent('ionInput', { detail: { value: 'Cambio de bomba' } }),
    );
    enviar('Registrar horas');
    await waitFor(() => expect(onListo).toHaveBeenCalledWith('Horas registradas.'));
    expect(llamadas.find((l) => l.metodo === 'PUT')?.cuerpo).toEqual({
      horas: [{ fecha: DIA, horas: 2, minutos: 30, descripcion: 'Cambio de bomba' }],
    });
  });

  it('shows the server’s refusal on its field (24 h in a day) or above the form', async () => {
    const mensaje =
      'Las horas de Diego Sosa el 12/05/2026 sumarían 25:00: no pueden superar las 24 horas en un día. No se guardó ningún cambio.';
    simularServidor({ 'PUT /api/v2/registro-gastos/42': () => errorDelServidor(400, mensaje, 'horas') });
    mostrarHoras();
    escribir('horas-horas', '20');
    enviar('Registrar horas');
    await waitFor(() => expect(screen.getByTestId('horas-horas')).toMatchObject({ errorText: mensaje }));

    const prohibido =
      'No puede registrar horas ni gastos en esta orden: necesita el permiso «Modificar órdenes» o ser su responsable.';
    simularServidor({ 'PUT /api/v2/registro-gastos/42': () => errorDelServidor(403, prohibido) });
    escribir('horas-horas', '2');
    enviar('Registrar horas');
    expect(await screen.findByTestId('horas-error')).toHaveTextContent(prohibido);
  });

  it('whoever may log hours for others chooses whose; their own go without usuarioId', async () => {
    const admin = { ...makeAdmin(), id: 1, usuario: 'admin', nombre: 'Martín', apellido: 'Gómez' };
    const llamadas = simularServidor({
      'GET /api/v2/usuarios/todos': [
        { id: 1, usuario: 'admin', nombre: 'Martín', apellido: 'Gómez', email: null },
        { ...DIEGO, email: null },
      ],
      'PUT /api/v2/registro-gastos/42': makeRegistro(),
    });
    const { onListo } = mostrarHoras({ puedeCargarAOtros: true }, sesion(admin));
    expect(await screen.findByTestId('horas-usuario')).toBeInTheDocument();
    escribir('horas-horas', '3');
    enviar('Registrar horas');
    await waitFor(() => expect(onListo).toHaveBeenCalledTimes(1));
    expect(llamadas.filter((l) => l.metodo === 'PUT')[0]?.cuerpo).toEqual({
      horas: [expect.not.objectContaining({ usuarioId: expect.anything() })],
    });

    elegir('horas-usuario', DIEGO.id);
    enviar('Registrar horas');
    await waitFor(() => expect(onListo).toHaveBeenCalledTimes(2));
    expect(llamadas.filter((l) => l.metodo === 'PUT')[1]?.cuerpo).toEqual({
      horas: [expect.objectContaining({ usuarioId: DIEGO.id, horas: 3 })],
    });
  });

  it('corrects an entry: the form starts with its values and sends its id', async () => {
    const llamadas = simularServidor({ 'PUT /api/v2/registro-gastos/42': makeRegistro() });
    const { onListo } = mostrarHoras({ inicial: makeHoras({ id: 9, horas: 1, minutos: 15 }) });
    expect(screen.getByTestId('horas-horas')).toMatchObject({ value: '1' });
    escribir('horas-minutos', '45');
    enviar('Corregir horas');
    await waitFor(() => expect(onListo).toHaveBeenCalledWith('Horas corregidas.'));
    expect(llamadas.find((l) => l.metodo === 'PUT')?.cuerpo).toEqual({
      horas: [{ id: 9, fecha: DIA, horas: 1, minutos: 45, usuarioId: DIEGO.id, descripcion: 'Cambio de bomba' }],
    });
  });
});

describe('registro-historial: the expense form', () => {
  function mostrarGasto() {
    const usuario = sesion();
    const onListo = vi.fn();
    renderConApp(
      <FormularioGastoRegistro ordenId={42} puedeAdjuntar onListo={onListo} onCancelar={() => undefined} />,
      {
        usuario,
        ruta: '/registro-historial?id=42',
        queryClient: crearQueryClient(),
      },
    );
    return { onListo };
  }

  it('needs a concept and an amount over zero with up to 2 decimals', async () => {
    const llamadas = simularServidor({ 'GET /api/v2/archivos/42': [] });
    mostrarGasto();
    escribir('gasto-monto', '0');
    enviar('Registrar gasto');
    await waitFor(() =>
      expect(screen.getByTestId('gasto-monto')).toMatchObject({ errorText: 'El monto debe ser mayor que cero.' }),
    );
    expect(screen.getByTestId('gasto-concepto')).toMatchObject({ errorText: 'El concepto es obligatorio.' });
    escribir('gasto-monto', '10,555');
    enviar('Registrar gasto');
    await waitFor(() =>
      expect(screen.getByTestId('gasto-monto')).toMatchObject({
        errorText: 'El monto debe ser un número con hasta 2 decimales.',
      }),
    );
    expect(llamadas.filter((l) => l.metodo === 'PUT')).toHaveLength(0);
  });

  it('sends the amount as a number, ARS unless another currency is chosen, and the receipt chosen among the order’s files', async () => {
    const llamadas = simularServidor({
      'GET /api/v2/archivos/42': [
        makeArchivo({ id: 8, nombre: 'ticket.pdf', esImagen: false, tipo: 'application/pdf' }),
      ],
      'PUT /api/v2/registro-gastos/42': makeRegistro(),
    });
    const { onListo } = mostrarGasto();
    expect(screen.getByTestId('gasto-moneda')).toMatchObject({ value: 'ARS' });
    escribir('gasto-concepto', 'Repuestos');
    escribir('gasto-monto', '1.500,50');
    await waitFor(() =>
      expect(screen.getByTestId('gasto-comprobante').querySelectorAll('ion-select-option')).toHaveLength(2),
    );
    elegir('gasto-comprobante', 8);
    enviar('Registrar gasto');
    await waitFor(() => expect(onListo).toHaveBeenCalledWith('Gasto registrado.'));
    expect(llamadas.find((l) => l.metodo === 'PUT')?.cuerpo).toEqual({
      gastos: [
        { fecha: expect.any(Number), concepto: 'Repuestos', monto: 1500.5, moneda: 'ARS', comprobanteArchivoId: 8 },
      ],
    });
  });
});

describe('registro-historial: lo que espera en la bandeja (sin conexión)', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    usarAlmacen(createStore('prueba-registro-pendiente', 'cambios'));
    configurarBandeja({ enviar: async () => ({}), usuarioId: () => DIEGO.id });
  });
  afterEach(() => {
    configurarBandeja(null);
    usarAlmacen(null);
  });

  it('las horas y los gastos registrados se ven enseguida, marcados «pendiente»; una baja en espera se anuncia', async () => {
    simularServidor({ 'GET /api/v3/ordenDTO/42': makeOrden() });
    const usuario = sesion();
    await encolar({
      tipo: 'registro',
      ordenId: 42,
      descripcion: 'Orden #42 · Registrar 1 h 45 min',
      cuerpo: {
        horas: [
          { fecha: DIA, horas: 1, minutos: 45, descripcion: 'Sello nuevo' },
          { fecha: DIA, horas: 0, minutos: 30, usuarioId: CARLA.id },
        ],
      },
    });
    await encolar({
      tipo: 'registro',
      ordenId: 42,
      descripcion: 'Orden #42 · Gasto: Peaje, Eliminar una entrada',
      cuerpo: { gastos: [{ fecha: DIA, concepto: 'Peaje', monto: 20, moneda: 'USD' }], borrados: { horas: [1] } },
    });
    renderConApp(
      <RegistroDeOrden
        registro={makeRegistro({
          horas: [makeHoras(), makeHoras({ id: 2, usuario: CARLA, puedeEditar: false })],
          totales: { minutos: 300, horas: '5:00', gastos: [] },
        })}
      />,
      { usuario },
    );

    await screen.findAllByTestId('registro-hora-pendiente');
    const [hora, deOtra] = screen.getAllByTestId('registro-hora-pendiente') as [HTMLElement, HTMLElement];
    expect(hora).toHaveTextContent('1:45 h');
    // The person's own: the session's name.
    expect(hora).toHaveTextContent(`${usuario.nombre} ${usuario.apellido}`);
    // Logged for someone the log already names: her name.
    expect(deOtra).toHaveTextContent('0:30 h');
    expect(deOtra).toHaveTextContent(`${CARLA.nombre} ${CARLA.apellido}`);
    expect(hora).toHaveTextContent('Sello nuevo');
    expect(within(hora).getByTestId('marca-pendiente')).toHaveTextContent('pendiente');
    const gasto = screen.getByTestId('registro-gasto-pendiente');
    expect(gasto).toHaveTextContent('Peaje');
    expect(gasto).toHaveTextContent('US$');
    expect(screen.queryByText('Todavía no se registraron gastos.')).not.toBeInTheDocument();
    // The server's entry whose removal waits: still listed, said so, without its actions.
    const [delServidor] = screen.getAllByTestId('registro-hora') as [HTMLElement];
    expect(delServidor).toHaveTextContent('Se eliminará al volver la conexión');
    expect(within(delServidor).queryByTestId('registro-eliminar')).not.toBeInTheDocument();
    // The totals count it all: 5:00 − 2:30 + 1:45 + 0:30, and the dollars; and say so.
    expect(screen.getByTestId('registro-total-horas')).toHaveTextContent('4:45 h');
    expect(screen.getByTestId('registro-total-gastos')).toHaveTextContent('US$ 20,00');
    expect(screen.getByTestId('registro-totales-pendientes')).toHaveTextContent(
      'Incluyen cambios que se enviarán al volver la conexión.',
    );
  });
});
