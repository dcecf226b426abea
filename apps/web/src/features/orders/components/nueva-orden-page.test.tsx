import { onlineManager } from '@tanstack/react-query';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrdenGuardada } from '@delego/contract';
import { crearQueryClient } from '../../../app/query-client';
import { ErrorFeedback } from '../../../components/error-feedback';
import { makeOperario, makePlan, makePropietario, makeSupervisor } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { responderConfirmacion } from '../../../test/ionic';
import { bandejaDePrueba } from '../../../test/bandeja';
import { planKeys } from '../../../domain/plans';
import { makeOrdenDetalle } from '../../../test/ordenes';
import { makeArchivo, simularObjectUrl, simularSubidas } from '../../files/test-utils';
import { errorDelServidor, simularServidor } from '../../../test/servidor';
import NuevaOrdenPage from './nueva-orden-page';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const CATALOGOS = {
  'GET /api/v2/empresasAsignables': [
    { id: 3, nombre: 'Clínica San Martín' },
    { id: 1, nombre: 'Municipalidad de Rosario' },
  ],
  'GET /api/v2/tipoOrden/all': [{ id: 1, nombre: 'Correctivo', archivado: false }],
  'GET /api/v3/areas/all': [{ id: 2, nombre: 'Electricidad', archivado: false }],
  'GET /api/v2/prioridades': [{ id: 3, nombre: 'Alta', nivel: 3, color: 'warning' }],
  'GET /api/v2/e5s/areas': [],
  'GET /api/v2/usuarios/todos': [{ id: 4, usuario: 'operario', nombre: 'Diego', apellido: 'Sosa', email: null }],
  'GET /api/v2/usuarios/1': [{ id: 4, usuario: 'operario', nombre: 'Diego', apellido: 'Sosa', email: null }],
  'GET /api/v2/plan/estado': makePlan(),
};

/** Where the app is: the page stays rendered here after it navigates, the address says where it went. */
function Direccion() {
  const { pathname } = useLocation();
  return <output data-testid="direccion">{pathname}</output>;
}

function mostrar(usuario = makeSupervisor(), ruta = '/nueva-orden') {
  const queryClient = crearQueryClient();
  return renderConApp(
    <>
      <NuevaOrdenPage />
      <ErrorFeedback />
      <Direccion />
    </>,
    { usuario, ruta, queryClient },
  );
}

function cambiar(testId: string, evento: 'ionInput' | 'ionChange', value: unknown) {
  fireEvent(screen.getByTestId(testId), new CustomEvent(evento, { detail: { value } }));
}

/** Order 42 (#1042) as saved: client 3, Diego (4) its responsable, nothing else chosen. */
function ordenGuardada(parcial: Partial<OrdenGuardada> = {}): OrdenGuardada {
  return {
    id: 42,
    numero: 1042,
    registroResponsable: 9,
    titulo: 'Revisar tablero',
    detalle: 'Planta baja',
    cliente: 3,
    responsable: [4],
    tipoOrden: null,
    area: null,
    prioridad: null,
    estado: 1,
    fechaInicio: null,
    fechaFin: null,
    e5sAreaKey: null,
    e5sAreaName: null,
    ...parcial,
  };
}

function guardar(formulario = 'Nueva orden') {
  fireEvent.submit(screen.getByRole('form', { name: formulario }));
}

function opciones(testId: string): string[] {
  return [...screen.getByTestId(testId).querySelectorAll('ion-select-option')].map((o) => o.textContent ?? '');
}

describe('nueva-orden', () => {
  it('refuses a user without crearOrden, as the server would', () => {
    simularServidor(CATALOGOS);
    mostrar(makeOperario());
    expect(screen.getByTestId('ordenes-sin-permiso')).toHaveTextContent('No tiene permiso para crear órdenes.');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('offers as clients exactly the ones the user may delegate to (GET /api/v2/empresasAsignables)', async () => {
    simularServidor(CATALOGOS);
    mostrar();
    await waitFor(() =>
      expect(opciones('orden-form-cliente')).toEqual(['Clínica San Martín', 'Municipalidad de Rosario']),
    );
  });

  it('a company without clients yet: whoever may create one is shown the way; others only read why', async () => {
    simularServidor({ ...CATALOGOS, 'GET /api/v2/empresasAsignables': [] });
    const { unmount } = mostrar(makePropietario());
    const guia = await screen.findByTestId('orden-form-primer-cliente');
    expect(guia).toHaveTextContent('Todavía no hay clientes: cree el primero para poder delegarle órdenes.');
    expect(guia.querySelector('ion-button')).toHaveAttribute('router-link', '/cliente');
    unmount();

    mostrar(makeSupervisor());
    await waitFor(() =>
      expect(screen.getByTestId('orden-form-cliente')).toHaveProperty(
        'helperText',
        'No tiene clientes a los que delegar órdenes.',
      ),
    );
    expect(screen.queryByTestId('orden-form-primer-cliente')).toBeNull();
  });

  it('checks the form inline, in Spanish, before calling the server', async () => {
    const llamadas = simularServidor(CATALOGOS);
    mostrar();
    guardar();
    await waitFor(() =>
      expect(screen.getByTestId('orden-form-titulo')).toMatchObject({ errorText: 'El título es obligatorio.' }),
    );
    expect(screen.getByTestId('orden-form-cliente')).toMatchObject({ errorText: 'Elija el cliente.' });

    cambiar('orden-form-inicio', 'ionInput', '2026-10-10');
    cambiar('orden-form-fin', 'ionInput', '2026-10-09');
    await waitFor(() =>
      expect(screen.getByTestId('orden-form-fin')).toMatchObject({
        errorText: 'La fecha de fin no puede ser anterior a la fecha de inicio.',
      }),
    );
    expect(llamadas.some((l) => l.metodo === 'POST')).toBe(false);
  });

  it('saves, then refreshes the lists and the plan (the menu shows the new quota)', async () => {
    const creada = makeOrdenDetalle({ id: 77, numero: 1077 });
    const llamadas = simularServidor({ ...CATALOGOS, 'POST /api/v2/ordenes/save': creada });
    const { queryClient } = mostrar();
    const usuarioId = 9;
    queryClient.setQueryData(planKeys.estado(usuarioId), makePlan());

    await waitFor(() => expect(opciones('orden-form-cliente')).toHaveLength(2));
    cambiar('orden-form-titulo', 'ionInput', ' Cambio de bomba ');
    cambiar('orden-form-cliente', 'ionChange', 1);
    cambiar('orden-form-responsables', 'ionChange', [4]);
    cambiar('orden-form-prioridad', 'ionChange', 3);
    cambiar('orden-form-fin', 'ionInput', '2026-12-20');
    guardar();

    await waitFor(() => expect(llamadas.some((l) => l.metodo === 'POST')).toBe(true));
    expect(llamadas.find((l) => l.metodo === 'POST')?.cuerpo).toEqual({
      titulo: 'Cambio de bomba',
      detalle: '',
      cliente: 1,
      responsable: [4],
      tipoOrden: null,
      area: null,
      prioridad: 3,
      e5sAreaKey: null,
      e5sAreaName: null,
      fechaInicio: null,
      fechaFin: Date.UTC(2026, 11, 21, 2, 59, 59, 999), // the last ms of 20/12/2026 in Argentina
    });
    await waitFor(() => expect(queryClient.getQueryState(planKeys.estado(usuarioId))?.isInvalidated).toBe(true));
  });

  it('attaches photos and files while creating: checked with the files rules, shown, removable; sent to the new order after it, in order, each with its key (issue 36)', async () => {
    const creada = makeOrdenDetalle({ id: 77, numero: 1077 });
    const llamadas = simularServidor({ ...CATALOGOS, 'POST /api/v2/ordenes/save': creada });
    const envios = simularSubidas();
    const { revocar } = simularObjectUrl();
    mostrar();
    await waitFor(() => expect(opciones('orden-form-cliente')).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Adjuntar fotos o archivos' })).toBeInTheDocument();

    const foto = new File(['jpeg'], 'pozo.jpg', { type: 'image/jpeg' });
    const plano = new File(['%PDF'], 'plano.pdf', { type: 'application/pdf' });
    const quitada = new File(['txt'], 'borrador.txt', { type: 'text/plain' });
    const programa = new File(['MZ'], 'programa.exe', { type: 'application/octet-stream' });
    fireEvent.change(screen.getByTestId('orden-form-archivos-input'), {
      target: { files: [foto, plano, quitada, programa] },
    });
    await waitFor(() =>
      expect(screen.getAllByTestId('orden-form-adjunto').map((a) => a.getAttribute('data-estado'))).toEqual([
        'listo',
        'listo',
        'listo',
        'error',
      ]),
    );
    const filas = screen.getAllByTestId('orden-form-adjunto');
    expect(filas[3]).toHaveTextContent('El tipo del archivo «programa.exe» no está permitido.');
    // The photo's thumbnail is the device's copy.
    expect((await screen.findByRole('img', { name: 'Miniatura de pozo.jpg' })).getAttribute('src')).toMatch(/^blob:/);
    const quitar = screen.getAllByTestId('orden-form-adjunto-quitar')[2]!;
    expect(quitar).toHaveAttribute('aria-label', 'Quitar borrador.txt');
    fireEvent.click(quitar);
    expect(revocar).not.toHaveBeenCalledWith('blob:prueba/1');
    expect(screen.getAllByTestId('orden-form-adjunto-nombre').map((n) => n.textContent)).toEqual([
      'pozo.jpg',
      'plano.pdf',
      'programa.exe',
    ]);

    cambiar('orden-form-titulo', 'ionInput', 'Pozo con fotos');
    cambiar('orden-form-cliente', 'ionChange', 1);
    cambiar('orden-form-fin', 'ionInput', '2026-12-20');
    guardar();

    // The order first; no file goes before it exists.
    await waitFor(() => expect(envios).toHaveLength(1));
    expect(llamadas.filter((l) => l.metodo === 'POST')).toHaveLength(1);
    expect(new URL(envios[0]!.url, 'http://localhost').pathname).toBe('/api/v2/archivos/77/add');
    expect((envios[0]!.cuerpo.get('archivos') as File).name).toBe('pozo.jpg');
    envios[0]!.responder(200, [makeArchivo({ id: 1, nombre: 'pozo.jpg' })]);
    // One at a time, in the order chosen.
    await waitFor(() => expect(envios).toHaveLength(2));
    expect((envios[1]!.cuerpo.get('archivos') as File).name).toBe('plano.pdf');
    envios[1]!.responder(200, [
      makeArchivo({ id: 1, nombre: 'pozo.jpg' }),
      makeArchivo({ id: 2, nombre: 'plano.pdf' }),
    ]);
    const claves = envios.map((e) => e.headers['idempotency-key']);
    expect(claves[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(claves).size).toBe(2);
    // Each file once: the refused one never left.
    await new Promise((r) => setTimeout(r, 50));
    expect(envios).toHaveLength(2);
  }, 15_000);

  it('a refused order keeps its files in the form, nothing is uploaded', async () => {
    const mensaje = 'No quedan órdenes disponibles en su plan.';
    simularServidor({ ...CATALOGOS, 'POST /api/v2/ordenes/save': errorDelServidor(409, mensaje) });
    const envios = simularSubidas();
    mostrar();
    await waitFor(() => expect(opciones('orden-form-cliente')).toHaveLength(2));
    fireEvent.change(screen.getByTestId('orden-form-archivos-input'), {
      target: { files: [new File(['%PDF'], 'plano.pdf', { type: 'application/pdf' })] },
    });
    cambiar('orden-form-titulo', 'ionInput', 'Sin cupo');
    cambiar('orden-form-cliente', 'ionChange', 1);
    cambiar('orden-form-fin', 'ionInput', '2026-12-20');
    guardar();
    expect(await screen.findByText(mensaje)).toBeInTheDocument();
    expect(screen.getAllByTestId('orden-form-adjunto-nombre').map((n) => n.textContent)).toEqual(['plano.pdf']);
    expect(envios).toHaveLength(0);
  });

  it('an exhausted quota is said before the form, with «Actualizar plan» for the owner', async () => {
    const agotado = makePlan({ quotaDisponible: 0, fechaProximoVencimiento: Date.UTC(2026, 11, 15, 15) });
    const llamadas = simularServidor({ ...CATALOGOS, 'GET /api/v2/plan/estado': agotado });
    const { unmount } = mostrar({ ...makePropietario(), plan: agotado });
    const estado = await screen.findByTestId('orden-cupo-agotado');
    expect(estado).toHaveTextContent('No quedan órdenes en el plan');
    expect(estado).toHaveTextContent(
      'La empresa ya usó las 100 órdenes de este mes del plan Pyme. Se renueva el 15/12/2026.',
    );
    expect(screen.getByTestId('cupo-actualizar-plan')).toHaveAttribute('router-link', '/planes');
    expect(screen.queryByRole('form')).toBeNull();
    unmount();

    // A supervisor reads why, with no button to a screen he may not use.
    mostrar({ ...makeSupervisor(), plan: agotado });
    expect(await screen.findByTestId('orden-cupo-agotado')).toHaveTextContent(
      'pida a un administrador que actualice el plan',
    );
    expect(screen.queryByTestId('cupo-actualizar-plan')).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    expect(llamadas.some((l) => l.metodo === 'POST')).toBe(false);
  });

  it('with orders left (or an unlimited plan) the form shows as always', async () => {
    simularServidor({ ...CATALOGOS, 'GET /api/v2/plan/estado': makePlan({ quota: null, quotaDisponible: null }) });
    mostrar({ ...makePropietario(), plan: makePlan({ quota: null, quotaDisponible: null }) });
    expect(await screen.findByRole('form', { name: 'Nueva orden' })).toBeInTheDocument();
    expect(screen.queryByTestId('orden-cupo-agotado')).toBeNull();
  });

  it('an exhausted quota (409) shows the server message in the alert and keeps the form', async () => {
    const mensaje = 'Se agotaron las órdenes disponibles de su plan para este período.';
    simularServidor({ ...CATALOGOS, 'POST /api/v2/ordenes/save': errorDelServidor(409, mensaje) });
    mostrar();
    await waitFor(() => expect(opciones('orden-form-cliente')).toHaveLength(2));
    cambiar('orden-form-titulo', 'ionInput', 'Cambio de bomba');
    cambiar('orden-form-cliente', 'ionChange', 1);
    guardar();
    await waitFor(() =>
      expect(document.querySelector('ion-alert')).toMatchObject({ header: 'Atención', message: mensaje }),
    );
    expect(screen.getByRole('form', { name: 'Nueva orden' })).toBeInTheDocument();
  });

  it('a field the server blames is shown on that field', async () => {
    simularServidor({
      ...CATALOGOS,
      'POST /api/v2/ordenes/save': errorDelServidor(400, 'El área indicada no existe o está archivada.', 'area'),
    });
    mostrar();
    await waitFor(() => expect(opciones('orden-form-cliente')).toHaveLength(2));
    cambiar('orden-form-titulo', 'ionInput', 'Cambio de bomba');
    cambiar('orden-form-cliente', 'ionChange', 1);
    cambiar('orden-form-area', 'ionChange', 2);
    guardar();
    await waitFor(() =>
      expect(screen.getByTestId('orden-form-area')).toMatchObject({
        errorText: 'El área indicada no existe o está archivada.',
      }),
    );
    expect(document.querySelector('ion-alert')).toBeNull();
  });

  it('editing an order of a client the user may not delegate for: the responsables are shown but locked, and why', async () => {
    const detalle = makeOrdenDetalle({ id: 42, numero: 1042 });
    const guardada = ordenGuardada({ titulo: detalle.titulo, detalle: detalle.detalle });
    const ver = (cambiarResponsable: boolean) => {
      simularServidor({
        ...CATALOGOS,
        'GET /api/v3/ordenDTO/42': { ...detalle, acciones: { ...detalle.acciones, cambiarResponsable } },
        'GET /api/v2/orden/42': guardada,
      });
      return mostrar(makeSupervisor(), '/nueva-orden?id=42');
    };
    const { unmount } = ver(false);
    await waitFor(() => expect(screen.getByTestId('orden-form-responsables')).toHaveProperty('disabled', true));
    expect(screen.getByTestId('orden-form-sin-delegar')).toHaveTextContent('«Delegar órdenes»');
    unmount();
    ver(true);
    await waitFor(() => expect(screen.getByTestId('orden-form-responsables')).toHaveProperty('disabled', false));
    expect(screen.queryByTestId('orden-form-sin-delegar')).toBeNull();
  });

  it('editing offline, with the order never read: «Sin conexión», not a skeleton that never ends', async () => {
    simularServidor({
      ...CATALOGOS,
      'GET /api/v2/orden/42': () => Response.error(),
      'GET /api/v3/ordenDTO/42': () => Response.error(),
    });
    const sinRed = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      // Without ErrorFeedback: its offline toast would outlive the test, in the body the files share.
      const { queryClient } = renderConApp(<NuevaOrdenPage />, {
        usuario: makeSupervisor(),
        ruta: '/nueva-orden?id=42',
        queryClient: crearQueryClient(),
      });
      onlineManager.setOnline(false);
      expect(await screen.findByTestId('ordenes-sin-conexion')).toBeInTheDocument();
      // The paused queries would run when the connection comes back, after this test: into the next one.
      queryClient.clear();
    } finally {
      sinRed.mockRestore();
      onlineManager.setOnline(true);
    }
  });

  it('saving an edit offline fails at once with the alert and keeps the form (it does not wait to read the order again)', async () => {
    let sinRed = false;
    simularServidor({
      ...CATALOGOS,
      'GET /api/v2/usuarios/3': [],
      'GET /api/v3/ordenDTO/42': makeOrdenDetalle({ id: 42, numero: 1042 }),
      'GET /api/v2/orden/42': () => (sinRed ? Response.error() : ordenGuardada()),
    });
    mostrar(makeSupervisor(), '/nueva-orden?id=42');
    await waitFor(() => expect(screen.getByTestId('orden-form-detalle')).toHaveProperty('value', 'Planta baja'));
    cambiar('orden-form-detalle', 'ionInput', 'Planta baja y terraza');
    sinRed = true;
    guardar('Editar orden');
    expect(await screen.findByText(/No se pudo conectar con el servidor|No hay conexión/)).toBeInTheDocument();
    expect(screen.getByTestId('orden-form-detalle')).toHaveProperty('value', 'Planta baja y terraza');
  });

  it('editing while someone else changes the order: the save keeps their changes and moves only what was edited', async () => {
    const detalle = makeOrdenDetalle({ id: 42, numero: 1042 });
    const abierta = ordenGuardada();
    // Meanwhile an administrator delegated it to another person and retitled it.
    const ahora: OrdenGuardada = { ...abierta, titulo: 'Revisar tablero general', responsable: [5] };
    let lecturas = 0;
    const llamadas = simularServidor({
      ...CATALOGOS,
      'GET /api/v2/usuarios/3': [],
      'GET /api/v3/ordenDTO/42': detalle,
      'GET /api/v2/orden/42': () => (lecturas++ === 0 ? abierta : ahora),
      'POST /api/v2/ordenes/save': detalle,
    });
    mostrar(makeSupervisor(), '/nueva-orden?id=42');
    await waitFor(() => expect(screen.getByTestId('orden-form-detalle')).toHaveProperty('value', 'Planta baja'));

    cambiar('orden-form-detalle', 'ionInput', 'Planta baja y primer piso');
    guardar('Editar orden');
    await waitFor(() => expect(llamadas.some((l) => l.metodo === 'POST')).toBe(true));
    expect(llamadas.find((l) => l.metodo === 'POST')?.cuerpo).toMatchObject({
      id: 42,
      titulo: 'Revisar tablero general',
      detalle: 'Planta baja y primer piso',
      responsable: [5],
    });
  });

  it('opened from an equipo (issue 32): client, site and equipo pre-filled, offered by client and site, and saved', async () => {
    const equipo = (id: number, nombre: string, ubicacion: { id: number; nombre: string } | null) => ({
      id,
      nombre,
      codigo: `EQ-${id}`,
      cliente: { id: 3, nombre: 'Clínica San Martín' },
      ubicacion,
      ubicacionInterna: null,
      marca: null,
      modelo: null,
      serie: null,
      notas: null,
      codigoQr: 'a'.repeat(22),
      creado: 0,
      actualizado: 0,
    });
    const centro = { id: 7, nombre: 'Sede Centro' };
    const sitio = (u: typeof centro) => ({
      ...u,
      cliente: { id: 3, nombre: 'Clínica San Martín' },
      codigo: null,
      direccion: null,
      notas: null,
      codigoQr: 'b'.repeat(22),
      equipos: 1,
    });
    const llamadas = simularServidor({
      ...CATALOGOS,
      'GET /api/v2/usuarios/3': [],
      'GET /api/v4/ubicaciones': (l) =>
        l.query.get('cliente') === '3' ? [sitio(centro), sitio({ id: 8, nombre: 'Anexo' })] : [],
      'GET /api/v4/equipos': (l) => {
        const todos = [equipo(5, 'Caldera', centro), equipo(6, 'Bomba', { id: 8, nombre: 'Anexo' })];
        const elegidos = todos.filter(
          (e) => !l.query.get('ubicacion') || String(e.ubicacion?.id) === l.query.get('ubicacion'),
        );
        return { equipos: elegidos, total: elegidos.length, pagina: 0, porPagina: 100 };
      },
      'POST /api/v2/ordenes/save': makeOrdenDetalle({ id: 78, numero: 1078 }),
    });
    mostrar(makeSupervisor(), '/nueva-orden?cliente=3&ubicacion=7&equipo=5');

    await waitFor(() => expect(opciones('orden-form-equipo')).toEqual(['Sin equipo', 'Caldera (EQ-5)']));
    expect(opciones('orden-form-ubicacion')).toEqual(['Sin ubicación', 'Sede Centro', 'Anexo']);
    expect(screen.getByTestId('orden-form-cliente')).toHaveProperty('value', 3);
    expect(screen.getByTestId('orden-form-ubicacion')).toHaveProperty('value', 7);
    expect(screen.getByTestId('orden-form-equipo')).toHaveProperty('value', 5);
    expect(llamadas.de('GET', '/api/v4/equipos').at(-1)!.query.get('ubicacion')).toBe('7');

    cambiar('orden-form-titulo', 'ionInput', 'Service mensual');
    guardar();
    await waitFor(() => expect(llamadas.some((l) => l.metodo === 'POST')).toBe(true));
    expect(llamadas.find((l) => l.metodo === 'POST')?.cuerpo).toMatchObject({ cliente: 3, ubicacion: 7, equipo: 5 });
  });

  it('another site drops the equipo chosen; another client drops both', async () => {
    simularServidor({
      ...CATALOGOS,
      'GET /api/v2/usuarios/3': [],
      'GET /api/v4/ubicaciones': [],
      'GET /api/v4/equipos': { equipos: [], total: 0, pagina: 0, porPagina: 100 },
    });
    mostrar(makeSupervisor(), '/nueva-orden?cliente=3&ubicacion=7&equipo=5');
    await waitFor(() => expect(screen.getByTestId('orden-form-equipo')).toHaveProperty('value', 5));
    cambiar('orden-form-ubicacion', 'ionChange', 8);
    await waitFor(() => expect(screen.getByTestId('orden-form-equipo')).toHaveProperty('value', ''));
    cambiar('orden-form-cliente', 'ionChange', 1);
    await waitFor(() => expect(screen.getByTestId('orden-form-ubicacion')).toHaveProperty('value', ''));
  });
});

describe('nueva-orden: leaving with unsaved changes', () => {
  const PREGUNTA = '¿Descartar los cambios?';

  /** The open «¿Descartar los cambios?» alert, if any. */
  const pregunta = () =>
    [...document.querySelectorAll('ion-alert')].find((a) => a.header === PREGUNTA && a.isConnected) ?? null;

  const cancelar = () => fireEvent.click(screen.getByText('Cancelar'));
  const flechaVolver = () => fireEvent.click(document.querySelector('ion-back-button')!);

  /** Whether closing or reloading the tab now would ask (a listener cancels `beforeunload`). */
  function descargaPregunta(): boolean {
    const evento = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(evento);
    return evento.defaultPrevented;
  }

  async function abrirFormulario() {
    simularServidor({ ...CATALOGOS, 'POST /api/v2/ordenes/save': makeOrdenDetalle({ id: 77, numero: 1077 }) });
    mostrar();
    await waitFor(() => expect(opciones('orden-form-cliente')).toHaveLength(2));
  }

  it('a form left as it opened leaves at once by Cancelar, and the tab closes without a word', async () => {
    await abrirFormulario();
    expect(descargaPregunta()).toBe(false);
    cancelar();
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent('/home'));
    expect(pregunta()).toBeNull();
  });

  it('a field typed and typed back to how it was is no change', async () => {
    await abrirFormulario();
    cambiar('orden-form-titulo', 'ionInput', 'Cambio de bomba');
    cambiar('orden-form-titulo', 'ionInput', '');
    flechaVolver();
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent('/home'));
    expect(pregunta()).toBeNull();
  });

  it('Cancelar after typing asks; «Seguir editando» keeps the text on screen; «Descartar» leaves', async () => {
    await abrirFormulario();
    cambiar('orden-form-titulo', 'ionInput', 'Cambio de bomba');
    cancelar();

    const alerta = await waitFor(() => {
      const a = pregunta();
      if (!a) throw new Error('sin pregunta');
      return a;
    });
    expect(alerta.message).toBe('Lo que escribió en este formulario todavía no se guardó.');
    expect((alerta.buttons as { text: string; role?: string }[]).map((b) => [b.text, b.role])).toEqual([
      ['Seguir editando', 'cancel'],
      ['Descartar', 'confirm'],
    ]);
    await responderConfirmacion('Seguir editando');
    expect(screen.getByTestId('direccion')).toHaveTextContent('/nueva-orden');
    expect(screen.getByTestId('orden-form-titulo')).toHaveProperty('value', 'Cambio de bomba');

    cancelar();
    await responderConfirmacion('Descartar');
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent('/home'));
  });

  it('the header back arrow asks too, and stays until «Descartar»', async () => {
    await abrirFormulario();
    cambiar('orden-form-detalle', 'ionInput', 'Planta baja');
    flechaVolver();
    await responderConfirmacion('Seguir editando');
    expect(screen.getByTestId('direccion')).toHaveTextContent('/nueva-orden');
    expect(screen.getByTestId('orden-form-detalle')).toHaveProperty('value', 'Planta baja');

    flechaVolver();
    await responderConfirmacion('Descartar');
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent('/home'));
  });

  it('closing or reloading the tab asks only while there are changes', async () => {
    await abrirFormulario();
    expect(descargaPregunta()).toBe(false);
    cambiar('orden-form-titulo', 'ionInput', 'Cambio de bomba');
    await waitFor(() => expect(descargaPregunta()).toBe(true));
    cambiar('orden-form-titulo', 'ionInput', '');
    await waitFor(() => expect(descargaPregunta()).toBe(false));
  });

  it('after saving, leaving asks nothing (and neither does closing the tab)', async () => {
    await abrirFormulario();
    cambiar('orden-form-titulo', 'ionInput', 'Cambio de bomba');
    cambiar('orden-form-cliente', 'ionChange', 1);
    guardar();
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent('/orden/77'));
    // The form is still rendered here (no router outlet unmounts it): what it had typed is saved.
    await waitFor(() => expect(descargaPregunta()).toBe(false));
    flechaVolver();
    await waitFor(() => expect(screen.getByTestId('direccion')).not.toHaveTextContent('/orden/77'));
    expect(pregunta()).toBeNull();
  });

  describe('offline', () => {
    const usuario = makeSupervisor();
    bandejaDePrueba('prueba-orden-sin-guardar', usuario.id);

    it('an order kept in the outbox counts as saved: it leaves for the list without asking', async () => {
      simularServidor(CATALOGOS);
      // Without ErrorFeedback: its offline toast would outlive the test, in the body the files share.
      renderConApp(
        <>
          <NuevaOrdenPage />
          <Direccion />
        </>,
        { usuario, ruta: '/nueva-orden', queryClient: crearQueryClient() },
      );
      await waitFor(() => expect(opciones('orden-form-cliente')).toHaveLength(2));
      cambiar('orden-form-titulo', 'ionInput', 'Cambio de bomba');
      cambiar('orden-form-cliente', 'ionChange', 1);
      const sinRed = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      try {
        guardar();
        await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent('/home'));
        await waitFor(() => expect(descargaPregunta()).toBe(false));
        expect(pregunta()).toBeNull();
      } finally {
        sinRed.mockRestore();
      }
    });
  });
});
