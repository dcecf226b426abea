import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { IonPage, IonRouterOutlet } from '@ionic/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encolar } from '../../../lib/outbox';
import { bandejaDePrueba } from '../../../test/bandeja';
import { makeSupervisor } from '../../../test/factories';
import { crearQueryClientDePrueba, renderConApp } from '../../../test/render';
import { makeEvento, makeOrdenDetalle } from '../../../test/ordenes';
import { responderConfirmacion } from '../../../test/ionic';
import { errorDelServidor, simularServidor } from '../../../test/servidor';
import { ordenesKeys } from '../../../domain/orden';
import { hora, makePlazoOrden, makeSlaOrden } from '../../../test/sla';
import { makeCalendario } from '../../sla/test-utils';
import OrdenDetallePage, { ContenidoOrden } from './orden-detalle-page';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const ACCIONES_DE_CAMBIO = [
  'accion-estado',
  'accion-responsable',
  'accion-responsables',
  'accion-titulo',
  'accion-detalle',
  'accion-editar',
  'accion-eliminar',
];

function mostrar(orden: ReturnType<typeof makeOrdenDetalle>, eventos = [makeEvento()]) {
  simularServidor({ [`GET /api/v2/historial/detalle/${orden.id}`]: eventos });
  return renderConApp(<ContenidoOrden orden={orden} />, { usuario: makeSupervisor(), ruta: `/orden/${orden.id}` });
}

describe('order detail', () => {
  it('a read-only order shows no edit action and says it is read-only', async () => {
    const orden = makeOrdenDetalle({
      acciones: {
        soloLectura: true,
        modificar: false,
        borrar: false,
        cambiarResponsable: false,
        estadosSiguientes: [],
      },
    });
    mostrar(orden);

    expect(screen.getByTestId('orden-solo-lectura')).toHaveTextContent('Solo lectura');
    for (const accion of ACCIONES_DE_CAMBIO) expect(screen.queryByTestId(accion)).toBeNull();
    // The history stays available.
    expect(screen.getByTestId('accion-historial')).toBeInTheDocument();
    expect(await screen.findByText('Creó la orden')).toBeInTheDocument();
  });

  it('an editable order offers exactly what `acciones` allows, each to its screen', () => {
    const orden = makeOrdenDetalle({ id: 42 });
    mostrar(orden);

    expect(screen.queryByTestId('orden-solo-lectura')).toBeNull();
    const rutas = {
      'accion-estado': '/cambio-estado?id=42',
      'accion-responsable': '/cambio-responsable?id=42',
      'accion-responsables': '/responsables-multiples?id=42',
      'accion-titulo': '/edicion-titulo?id=42',
      'accion-detalle': '/edicion-detalle?id=42',
      'accion-editar': '/nueva-orden?id=42',
      'accion-historial': '/historial?id=42',
    };
    for (const [testId, ruta] of Object.entries(rutas)) {
      expect(screen.getByTestId(testId)).toHaveAttribute('router-link', ruta);
    }
    // borrar is false: no delete.
    expect(screen.queryByTestId('accion-eliminar')).toBeNull();
  });

  it('names its site and equipo (issue 32), the equipo as a link to its page; neither when it has none', () => {
    const { unmount } = mostrar(
      makeOrdenDetalle({
        ubicacion: { id: 7, nombre: 'Sede Centro' },
        equipo: { id: 5, nombre: '<b>Caldera</b>', codigo: 'CAL-1' },
      }),
    );
    expect(screen.getByTestId('orden-ubicacion')).toHaveTextContent('Sede Centro');
    const enlace = screen.getByTestId('orden-equipo-enlace');
    expect(enlace).toHaveTextContent('<b>Caldera</b> (CAL-1)');
    expect(enlace).toHaveAttribute('href', '/equipos/5');
    unmount();
    mostrar(makeOrdenDetalle({ ubicacion: null, equipo: null }));
    expect(screen.queryByTestId('orden-ubicacion')).toBeNull();
    expect(screen.queryByTestId('orden-equipo')).toBeNull();
  });

  it('offers Eliminar only with acciones.borrar; no "Cambiar estado" without a state to go to', () => {
    const orden = makeOrdenDetalle({
      acciones: { soloLectura: false, modificar: true, borrar: true, cambiarResponsable: true, estadosSiguientes: [] },
    });
    mostrar(orden);
    expect(screen.getByTestId('accion-eliminar')).toBeInTheDocument();
    expect(screen.queryByTestId('accion-estado')).toBeNull();
  });

  it('shows the fields, the overdue mark and the history; HTML in texts stays text', async () => {
    const orden = makeOrdenDetalle({
      titulo: '<b>Bomba</b> <script>alert(1)</script>',
      fechaFin: Date.UTC(2026, 9, 27, 13, 0), // 27/10/2026 10:00 in Argentina
      vencida: true,
      responsables: [
        { id: 4, usuario: 'operario', nombre: 'Diego', apellido: 'Sosa' },
        { id: 5, usuario: 'lbenitez', nombre: 'Lucía', apellido: 'Benítez' },
      ],
    });
    const { container } = mostrar(orden, [
      makeEvento(),
      makeEvento({
        tipo: 'ESTADO',
        descripcion: 'Cambió el estado de Pendiente a En proceso',
        estadoAnterior: 1,
        estadoNuevo: 2,
        comentario: '<img src=x onerror=alert(1)> empiezo',
        fecha: Date.UTC(2026, 9, 2, 17, 30), // 14:30 in Argentina, shown on the company's clock
      }),
    ]);

    expect(screen.getByTestId('orden-titulo')).toHaveTextContent('<b>Bomba</b> <script>alert(1)</script>');
    expect(container.querySelector('b, script, img')).toBeNull();
    expect(screen.getByTestId('orden-estado')).toHaveTextContent('Pendiente');
    expect(screen.getByTestId('orden-fecha-fin')).toHaveTextContent('27/10/2026 Vencida');
    expect(screen.getByTestId('orden-responsables')).toHaveTextContent('Diego Sosa, Lucía Benítez');
    expect(screen.getByTestId('orden-cliente')).toHaveTextContent('Municipalidad de Rosario');

    const historial = await screen.findByTestId('historial');
    const eventos = within(historial).getAllByTestId('historial-evento');
    expect(eventos).toHaveLength(2);
    expect(eventos[1]).toHaveTextContent('Cambió el estado de Pendiente a En proceso');
    expect(eventos[1]).toHaveTextContent('Carla Ruiz · 02/10/2026 14:30');
    await waitFor(() =>
      expect(within(eventos[1] as HTMLElement).getByTestId('historial-comentario')).toHaveTextContent(
        '<img src=x onerror=alert(1)> empiezo',
      ),
    );
  });

  it('shows its service level with the policy and both targets; nothing without one (issue 34)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: hora('2026-03-02', '15:00') });
    try {
      simularServidor({
        'GET /api/v2/historial/detalle/7': [makeEvento()],
        'GET /api/v4/sla/calendario': makeCalendario({ feriados: [] }),
      });
      const sla = makeSlaOrden({ respuesta: makePlazoOrden({ cumplidaEn: hora('2026-03-02', '14:00') }) });
      renderConApp(<ContenidoOrden orden={makeOrdenDetalle({ id: 7, sla })} />, {
        usuario: makeSupervisor(),
        ruta: '/orden/7',
      });
      expect(screen.getByTestId('sla-orden-politica')).toHaveTextContent('Política «Estándar»');
      expect(screen.getByTestId('sla-respuesta-estado')).toHaveTextContent('Respondida fuera de plazo');
      expect(await screen.findByTestId('sla-resolucion-estado')).toHaveTextContent('Vence en 1 día 3 h hábiles');
    } finally {
      vi.useRealTimers();
    }
  });

  it('an order without a service level shows no such section', () => {
    mostrar(makeOrdenDetalle());
    expect(screen.queryByTestId('sla-orden')).toBeNull();
  });

  it.each(['/orden/abc', '/orden/12abc', '/orden/0', '/orden/999'])(
    '%s shows «Orden no encontrada» with the way to Inicio, as any address that names no order',
    async (ruta) => {
      const llamadas = simularServidor({
        'GET /api/v3/ordenDTO/999': () => errorDelServidor(404, 'La orden no existe o no tiene acceso a ella.'),
      });
      renderConApp(
        <Routes>
          <Route path="/orden/:id" element={<OrdenDetallePage />} />
        </Routes>,
        { usuario: makeSupervisor(), ruta },
      );
      const estado = await screen.findByTestId('ordenes-no-encontrada');
      expect(within(estado).getByRole('heading', { name: 'Orden no encontrada' })).toBeInTheDocument();
      expect(estado).toHaveTextContent('La orden no existe o no tiene acceso a ella.');
      expect(within(estado).getByText('Ir a Inicio').closest('ion-button')).toHaveAttribute('router-link', '/home');
      expect(screen.queryByText('Falta indicar la orden')).toBeNull();
      // Only an order number is asked for.
      const pedidas = llamadas.filter((l) => l.ruta.startsWith('/api/v3/ordenDTO/')).map((l) => l.ruta);
      expect(pedidas).toEqual(ruta === '/orden/999' ? ['/api/v3/ordenDTO/999'] : []);
    },
  );

  it('an order no longer visible (deleted, handed to someone else) makes the lists ask again', async () => {
    simularServidor({
      'GET /api/v3/ordenDTO/999': () => errorDelServidor(404, 'La orden no existe o no tiene acceso a ella.'),
    });
    const queryClient = crearQueryClientDePrueba();
    const lista = ordenesKeys.lista({});
    queryClient.setQueryData(lista, { pages: [], pageParams: [] });
    renderConApp(
      <Routes>
        <Route path="/orden/:id" element={<OrdenDetallePage />} />
      </Routes>,
      { usuario: makeSupervisor(), ruta: '/orden/999', queryClient },
    );
    await screen.findByTestId('ordenes-no-encontrada');
    await waitFor(() => expect(queryClient.getQueryState(lista)?.isInvalidated).toBe(true));
  });

  it.each([
    ['keeps the order on screen when a refresh cannot reach the server', () => Response.error(), true],
    ['replaces it with the error when the server refuses the refresh', () => errorDelServidor(404, 'No existe'), false],
  ])('%s', async (_, fallo, sigue) => {
    const orden = makeOrdenDetalle({ id: 42, titulo: 'Bomba de agua' });
    let caida = false;
    simularServidor({
      'GET /api/v3/ordenDTO/42': () => (caida ? fallo() : orden),
      'GET /api/v2/historial/detalle/42': [makeEvento()],
    });
    const queryClient = crearQueryClientDePrueba();
    renderConApp(
      <Routes>
        <Route path="/orden/:id" element={<OrdenDetallePage />} />
      </Routes>,
      { usuario: makeSupervisor(), ruta: '/orden/42', queryClient },
    );
    expect(await screen.findByText('Bomba de agua')).toBeInTheDocument();

    caida = true;
    await act(() => queryClient.refetchQueries({ queryKey: ordenesKeys.detalle(42) }));
    if (sigue) {
      await waitFor(() => expect(queryClient.getQueryState(ordenesKeys.detalle(42))?.status).toBe('error'));
      expect(screen.getByText('Bomba de agua')).toBeInTheDocument();
      expect(screen.queryByText('No se pudieron cargar los datos')).toBeNull();
    } else {
      expect(await screen.findByTestId('ordenes-no-encontrada')).toHaveTextContent('Orden no encontrada');
      expect(screen.queryByText('Bomba de agua')).toBeNull();
    }
  });

  it('deleting the order goes back to the list, which asks again, and never asks for the deleted order', async () => {
    const orden = makeOrdenDetalle({
      id: 42,
      numero: 7,
      titulo: 'Bomba de agua',
      acciones: { soloLectura: false, modificar: true, borrar: true, cambiarResponsable: true, estadosSiguientes: [] },
    });
    let borrada = false;
    const noExiste = () => errorDelServidor(404, 'La orden no existe o no tiene acceso a ella.');
    const llamadas = simularServidor({
      'GET /api/v3/ordenDTO/42': () => (borrada ? noExiste() : orden),
      'GET /api/v2/historial/detalle/42': () => (borrada ? noExiste() : [makeEvento()]),
      'DELETE /api/v2/orden/42': () => {
        borrada = true;
        return { ok: true };
      },
    });
    const queryClient = crearQueryClientDePrueba();
    const lista = ordenesKeys.lista({});
    queryClient.setQueryData(lista, { pages: [], pageParams: [] });
    renderConApp(
      <IonRouterOutlet>
        <Route
          path="/home"
          element={
            <IonPage>
              <p>Inicio</p>
            </IonPage>
          }
        />
        <Route
          path="/orden/:id"
          element={
            <IonPage>
              <OrdenDetallePage />
            </IonPage>
          }
        />
      </IonRouterOutlet>,
      { usuario: makeSupervisor(), ruta: '/orden/42', queryClient },
    );
    expect(await screen.findByText('Bomba de agua')).toBeInTheDocument();

    act(() => screen.getByTestId('accion-eliminar').click());
    await responderConfirmacion('Eliminar');

    await waitFor(() => expect(llamadas.de('DELETE', '/api/v2/orden/42')).toHaveLength(1));
    expect(await screen.findByText('Inicio')).toBeVisible();
    // The list it goes back to asks again; the order's own queries leave the cache once its page has gone.
    await waitFor(() => expect(queryClient.getQueryState(lista)?.isInvalidated).toBe(true));
    await waitFor(() => expect(queryClient.getQueryState(ordenesKeys.detalle(42))).toBeUndefined());
    expect(queryClient.getQueryState(ordenesKeys.historial(42))).toBeUndefined();
    expect(screen.queryByText('Bomba de agua')).toBeNull();
    // Only the first reading of the order: nothing asked for it after it was deleted.
    expect(llamadas.de('GET', '/api/v3/ordenDTO/42')).toHaveLength(1);
    expect(llamadas.de('GET', '/api/v2/historial/detalle/42')).toHaveLength(1);
  });
});

describe('order detail: a state change made without a connection', () => {
  bandejaDePrueba('prueba-detalle-estado-pendiente', makeSupervisor().id);

  it('shows the new state at the top marked «pendiente», as the list row does; not on another order', async () => {
    await encolar({
      tipo: 'estado',
      ordenId: 7,
      descripcion: 'Orden #1007 · Estado → En espera',
      cuerpo: { estado: 3, comentarios: 'Falta un repuesto' },
    });
    const { unmount } = mostrar(makeOrdenDetalle({ id: 7, numero: 1007 }));
    const cabecera = () => screen.getByTestId('orden-titulo').closest('section') as HTMLElement;
    await waitFor(() => expect(within(cabecera()).getByTestId('orden-estado')).toHaveTextContent('En espera'));
    expect(within(cabecera()).getByTestId('marca-pendiente')).toHaveTextContent('pendiente');
    unmount();

    mostrar(makeOrdenDetalle({ id: 8, numero: 1008 }));
    expect(within(cabecera()).getByTestId('orden-estado')).toHaveTextContent('Pendiente');
    expect(within(cabecera()).queryByTestId('marca-pendiente')).toBeNull();
  });
});
