import { QueryClient, onlineManager } from '@tanstack/react-query';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encolar } from '../../../lib/outbox';
import { bandejaDePrueba } from '../../../test/bandeja';
import { makeOperario, makePropietario, makeSupervisor } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { makeOrdenResumen } from '../../../test/ordenes';
import { type Llamada, errorDelServidor, simularServidor } from '../../../test/servidor';
import { hora, makeSlaOrden } from '../../../test/sla';
import { makeCalendario } from '../../sla/test-utils';
import OrdenesListaPage from './ordenes-lista-page';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const LISTA = 'POST /api/v4/ordenes/all/filtered';

function pedidosDeLista(llamadas: Llamada[]) {
  return llamadas.filter((l) => `${l.metodo} ${l.ruta}` === LISTA).map((l) => l.cuerpo);
}

describe('home: the order list', () => {
  it('sends the filters of the address as the request body, page 0 of 25', async () => {
    const llamadas = simularServidor({
      [LISTA]: { ordenes: [], total: 0, pagina: 0, porPagina: 25 },
      'GET /api/v3/test/clientes-usados': [{ id: 3, nombre: 'Clínica San Martín' }],
    });
    renderConApp(<OrdenesListaPage />, {
      usuario: makeSupervisor(),
      ruta: '/home?estados=4,5&cliente=3&equipo=5&vencidas=1&q=%23123&orden=vencimiento&desde=2026-10-01&hasta=2026-10-31&fecha=fechaFin',
    });

    await waitFor(() => expect(pedidosDeLista(llamadas)).toHaveLength(1));
    expect(pedidosDeLista(llamadas)[0]).toEqual({
      estados: [4, 5],
      cliente: 3,
      ubicacion: null,
      equipo: 5,
      responsable: null,
      tipo: null,
      area: null,
      prioridad: null,
      // Whole days of the company (Argentina, UTC−3), whatever the device's zone.
      fechaDesde: Date.UTC(2026, 9, 1, 3),
      fechaHasta: Date.UTC(2026, 10, 1, 2, 59, 59, 999),
      campoFecha: 'fechaFin',
      vencidas: true,
      buscar: '#123',
      orden: 'vencimiento',
      porPagina: 25,
      pagina: 0,
    });
    // The filters set on the filters screen show as removable chips, with names.
    expect(await screen.findByText('Cliente: Clínica San Martín')).toBeInTheDocument();
    expect(screen.getByTestId('chip-filtro-fechas')).toHaveTextContent('Fin: 01/10/2026 – 31/10/2026');
    expect(screen.getByTestId('chip-estado-4')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('chip-vencidas')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('chip-abiertas')).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows number, title, state, priority, client, responsables and the overdue mark', async () => {
    simularServidor({
      [LISTA]: {
        ordenes: [
          makeOrdenResumen({
            numero: 1042,
            titulo: '<b>Cambio de bomba</b>',
            estado: { id: 2, nombre: 'En proceso', color: 'primary' },
            fechaFin: Date.UTC(2026, 9, 27, 15),
            vencida: true,
          }),
          makeOrdenResumen({ numero: 1043, prioridad: null, fechaFin: Date.UTC(2026, 11, 1, 15) }),
        ],
        total: 2,
        pagina: 0,
        porPagina: 25,
      },
    });
    const { container } = renderConApp(<OrdenesListaPage />, { usuario: makeSupervisor(), ruta: '/home' });

    const items = await screen.findAllByTestId('orden-item');
    expect(items).toHaveLength(2);
    const [vencida, aTiempo] = items as [HTMLElement, HTMLElement];
    expect(vencida).toHaveTextContent('#1042');
    expect(within(vencida).getByRole('heading')).toHaveTextContent('<b>Cambio de bomba</b>');
    expect(container.querySelector('.orden-item b')).toBeNull();
    expect(within(vencida).getByTestId('orden-estado')).toHaveTextContent('En proceso');
    expect(within(vencida).getByTestId('orden-prioridad')).toHaveTextContent('Prioridad alta');
    expect(vencida).toHaveTextContent('Municipalidad de Rosario');
    expect(vencida).toHaveTextContent('Diego Sosa');
    expect(within(vencida).getByTestId('orden-vencimiento')).toHaveTextContent('Venció el 27/10/2026Vencida');
    expect(vencida).toHaveAttribute('router-link', expect.stringMatching(/^\/orden\/\d+$/));
    expect(within(aTiempo).getByTestId('orden-vencimiento')).toHaveTextContent('Vence el 01/12/2026');
    expect(within(aTiempo).queryByText('Vencida')).toBeNull();
    expect(screen.getByTestId('ordenes-total')).toHaveTextContent('2 órdenes');
  });

  it("empty: 'No hay órdenes que coincidan', and clearing the filters asks again with the defaults", async () => {
    const llamadas = simularServidor({ [LISTA]: { ordenes: [], total: 0, pagina: 0, porPagina: 25 } });
    renderConApp(<OrdenesListaPage />, { usuario: makeSupervisor(), ruta: '/home?estados=todas&q=nada' });

    expect(await screen.findByText('No hay órdenes que coincidan')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('ordenes-limpiar'));
    await waitFor(() => expect(pedidosDeLista(llamadas)).toHaveLength(2));
    expect(pedidosDeLista(llamadas)[1]).toMatchObject({ estados: [1, 2, 3], buscar: null });
  });

  it('an order with a service level shows its countdown; the calendar is read once for the whole list (issue 34)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: hora('2026-03-02', '12:30') });
    try {
      const llamadas = simularServidor({
        [LISTA]: {
          ordenes: [
            makeOrdenResumen({ numero: 7, sla: makeSlaOrden() }),
            makeOrdenResumen({ numero: 8, sla: makeSlaOrden({ pausadaDesde: hora('2026-03-02', '10:00') }) }),
            makeOrdenResumen({ numero: 9, prioridad: null }),
          ],
          total: 3,
          pagina: 0,
          porPagina: 25,
        },
        'GET /api/v4/sla/calendario': makeCalendario({ feriados: [] }),
      });
      renderConApp(<OrdenesListaPage />, { usuario: makeSupervisor(), ruta: '/home?sla=por-vencer' });

      await waitFor(() => expect(pedidosDeLista(llamadas)).toHaveLength(1));
      expect(pedidosDeLista(llamadas)[0]).toMatchObject({ sla: 'por-vencer' });
      expect(await screen.findByTestId('chip-filtro-sla')).toHaveTextContent('Por vencer (SLA)');
      const [siete, ocho, nueve] = await screen.findAllByTestId('orden-item');
      expect(await within(siete as HTMLElement).findByTestId('sla-cuenta')).toHaveTextContent(
        'Respuesta Vence en 30 min hábiles',
      );
      expect(within(siete as HTMLElement).getByTestId('sla-cuenta')).toHaveAttribute('data-nivel', 'ambar');
      expect(within(ocho as HTMLElement).getByTestId('sla-cuenta')).toHaveTextContent('En pausa');
      expect(within(nueve as HTMLElement).queryByTestId('sla-cuenta')).toBeNull();
      expect(llamadas.de('GET', '/api/v4/sla/calendario')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed list shows the error with a retry', async () => {
    let intentos = 0;
    simularServidor({
      [LISTA]: () => {
        intentos += 1;
        return intentos === 1
          ? new Response('{"message":"Se cayó","code":"X","requestId":"r"}', { status: 500 })
          : { ordenes: [makeOrdenResumen()], total: 1, pagina: 0, porPagina: 25 };
      },
    });
    renderConApp(<OrdenesListaPage />, { usuario: makeSupervisor(), ruta: '/home' });
    expect(await screen.findByText('No se pudieron cargar los datos')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Reintentar'));
    expect(await screen.findByTestId('orden-item')).toBeInTheDocument();
  });

  it("the '+' button is there only for users with crearOrden", async () => {
    simularServidor({ [LISTA]: { ordenes: [], total: 0, pagina: 0, porPagina: 25 } });
    const { unmount } = renderConApp(<OrdenesListaPage />, { usuario: makeSupervisor(), ruta: '/home' });
    expect(await screen.findByTestId('ordenes-nueva')).toHaveAttribute('router-link', '/nueva-orden');
    unmount();

    renderConApp(<OrdenesListaPage />, { usuario: makeOperario(), ruta: '/home' });
    expect(await screen.findByText('No hay órdenes que coincidan')).toBeInTheDocument();
    expect(screen.queryByTestId('ordenes-nueva')).toBeNull();
  });
});

describe('home: orders created without a connection', () => {
  const usuario = makeSupervisor();
  bandejaDePrueba('prueba-altas-pendientes', usuario.id);

  it('show first, marked «pendiente», in the lists a new order belongs to; not in a search', async () => {
    simularServidor({
      [LISTA]: { ordenes: [makeOrdenResumen({ numero: 1042 })], total: 1, pagina: 0, porPagina: 25 },
    });
    await encolar({
      tipo: 'orden',
      ordenId: null,
      descripcion: 'Nueva orden: Filtración en el sótano',
      cuerpo: { titulo: 'Filtración en el sótano', cliente: 3 },
    });
    const { unmount } = renderConApp(<OrdenesListaPage />, { usuario, ruta: '/home' });
    const nueva = await screen.findByTestId('orden-pendiente');
    expect(nueva).toHaveTextContent('Filtración en el sótano');
    expect(within(nueva).getByTestId('marca-pendiente')).toHaveTextContent('pendiente');
    await screen.findByTestId('orden-item');
    expect(
      screen.getByTestId('orden-pendiente').compareDocumentPosition(screen.getByTestId('orden-item')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    unmount();

    renderConApp(<OrdenesListaPage />, { usuario, ruta: '/home?q=bomba' });
    await screen.findByTestId('orden-item');
    expect(screen.queryByTestId('orden-pendiente')).not.toBeInTheDocument();
  }, 20_000);
});

describe('home: offline, a list never opened', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('says so without the count or the end of the list it replaced', async () => {
    simularServidor({
      [LISTA]: {
        ordenes: [makeOrdenResumen({ id: 1 }), makeOrdenResumen({ id: 2 })],
        total: 2,
        pagina: 0,
        porPagina: 25,
      },
    });
    const { queryClient } = renderConApp(<OrdenesListaPage />, { usuario: makeSupervisor(), ruta: '/home' });
    await waitFor(() => expect(screen.getByTestId('ordenes-total')).toHaveTextContent('2 órdenes'));
    expect(screen.getByText('No hay más órdenes.')).toBeInTheDocument();

    onlineManager.setOnline(false);
    fireEvent.click(screen.getByTestId('chip-estado-4'));
    expect(await screen.findByTestId('ordenes-sin-conexion')).toBeInTheDocument();
    expect(screen.getByTestId('ordenes-total')).not.toHaveTextContent('órdenes');
    expect(screen.queryByText('No hay más órdenes.')).toBeNull();
    // The paused query would run when the connection comes back, after this test: into the next one.
    queryClient.clear();
  });
});

describe('home: offline, a search answered on the phone', () => {
  afterEach(() => onlineManager.setOnline(true));

  const buscar = (texto: string) =>
    fireEvent(screen.getByTestId('ordenes-buscar'), new CustomEvent('ionInput', { detail: { value: texto } }));

  it('searches the same list kept on the device, descriptions of opened orders included; online, the server answers', async () => {
    const bomba = makeOrdenResumen({ numero: 1042, titulo: 'Reparación de bomba' });
    const puerta = makeOrdenResumen({ numero: 77, titulo: 'Puerta de emergencia', cliente: null });
    const luz = makeOrdenResumen({ numero: 5, titulo: 'Luminarias del hall', cliente: null });
    const llamadas = simularServidor({
      [LISTA]: { ordenes: [bomba, puerta, luz], total: 3, pagina: 0, porPagina: 25 },
    });
    const { queryClient } = renderConApp(<OrdenesListaPage />, { usuario: makeOperario(), ruta: '/home' });
    await waitFor(() => expect(screen.getByTestId('ordenes-total')).toHaveTextContent('3 órdenes'));
    // The door's order was opened on this phone: its description is known.
    queryClient.setQueryData(['ordenes', 'detalle', puerta.id], { ...puerta, detalle: 'La cerradura está trabada.' });

    onlineManager.setOnline(false);
    buscar('cerradura');
    expect(await screen.findByTestId('ordenes-busqueda-local')).toHaveTextContent(
      'Se buscó entre las 3 órdenes guardadas en este dispositivo; 1 coincide. Al volver la conexión se buscará en todas.',
    );
    const items = within(screen.getByTestId('ordenes-items')).getAllByTestId('orden-item');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Puerta de emergencia');
    expect(screen.queryByTestId('ordenes-sin-conexion')).toBeNull();
    expect(screen.getByTestId('ordenes-total')).not.toHaveTextContent('órdenes');

    buscar('REPARACION #1042');
    await waitFor(() => expect(screen.getByTestId('ordenes-busqueda-local')).toHaveTextContent('; 1 coincide.'));
    expect(screen.getByTestId('orden-item')).toHaveTextContent('Reparación de bomba');

    buscar('grúa');
    await waitFor(() => expect(screen.getByTestId('ordenes-busqueda-local')).toHaveTextContent('; ninguna coincide.'));
    expect(screen.queryByTestId('orden-item')).toBeNull();
    expect(pedidosDeLista(llamadas)).toHaveLength(1);

    // Back online, the paused search goes to the server, whose answer replaces the phone's.
    onlineManager.setOnline(true);
    await waitFor(() => expect(screen.getByTestId('ordenes-total')).toHaveTextContent('3 órdenes'));
    expect(screen.queryByTestId('ordenes-busqueda-local')).toBeNull();
    expect(pedidosDeLista(llamadas).map((c) => (c as { buscar: string | null }).buscar)).toContain('grúa');
  });

  it("while the search's one try fails offline, the previous list and its count are not shown as its answer", async () => {
    const bomba = makeOrdenResumen({ numero: 1042, titulo: 'Reparación de bomba' });
    const puerta = makeOrdenResumen({ numero: 77, titulo: 'Puerta de emergencia', cliente: null });
    simularServidor({
      // Offline the browser's fetch fails without reaching the server.
      [LISTA]: () =>
        onlineManager.isOnline() ? { ordenes: [bomba, puerta], total: 2, pagina: 0, porPagina: 25 } : Response.error(),
    });
    // As the app's (app/query-client.ts): one try offline, then a retry after a delay.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { networkMode: 'offlineFirst', retry: 1, retryDelay: 60_000 } },
    });
    renderConApp(<OrdenesListaPage />, { usuario: makeOperario(), ruta: '/home', queryClient });
    await waitFor(() => expect(screen.getByTestId('ordenes-total')).toHaveTextContent('2 órdenes'));

    onlineManager.setOnline(false);
    buscar('bomba');
    expect(await screen.findByTestId('ordenes-busqueda-local')).toHaveTextContent('; 1 coincide.');
    expect(within(screen.getByTestId('ordenes-items')).getAllByTestId('orden-item')).toHaveLength(1);
    expect(screen.getByTestId('ordenes-total')).not.toHaveTextContent('órdenes');
    queryClient.clear();
  });

  it('a search in a list never kept on the device still says it waits for the connection', async () => {
    simularServidor({ [LISTA]: { ordenes: [makeOrdenResumen()], total: 1, pagina: 0, porPagina: 25 } });
    onlineManager.setOnline(false);
    const { queryClient } = renderConApp(<OrdenesListaPage />, { usuario: makeOperario(), ruta: '/home?q=bomba' });
    expect(await screen.findByTestId('ordenes-sin-conexion')).toBeInTheDocument();
    expect(screen.queryByTestId('ordenes-busqueda-local')).toBeNull();
    queryClient.clear();
  });
});

describe('home: a state change made without a connection', () => {
  const usuario = makeOperario();
  bandejaDePrueba('prueba-estados-pendientes', usuario.id);

  it('shows on its row at once, marked «pendiente», as the detail shows it', async () => {
    const pendiente = makeOrdenResumen({ id: 7, numero: 1007 });
    const otra = makeOrdenResumen({ id: 8, numero: 1008 });
    simularServidor({ [LISTA]: { ordenes: [pendiente, otra], total: 2, pagina: 0, porPagina: 25 } });
    await encolar({
      tipo: 'estado',
      ordenId: 7,
      descripcion: 'Orden #1007 · Estado → En proceso',
      cuerpo: { estado: 2, comentarios: 'Voy en camino' },
    });
    renderConApp(<OrdenesListaPage />, { usuario, ruta: '/home' });
    await waitFor(() => expect(screen.getAllByTestId('orden-item')).toHaveLength(2));
    const [fila, otraFila] = screen.getAllByTestId('orden-item') as [HTMLElement, HTMLElement];
    await waitFor(() => expect(within(fila).getByTestId('orden-estado')).toHaveTextContent('En proceso'));
    expect(within(fila).getByTestId('marca-pendiente')).toHaveTextContent('pendiente');
    expect(within(otraFila).getByTestId('orden-estado')).toHaveTextContent('Pendiente');
    expect(within(otraFila).queryByTestId('marca-pendiente')).toBeNull();
  }, 20_000);
});

describe('home: the first steps of a new company (issue 36)', () => {
  const PASOS = 'GET /api/v4/entidad/primeros-pasos';
  const VACIA = { ordenes: [], total: 0, pagina: 0, porPagina: 25 };

  it('without any order: «Primeros pasos» with each step the owner may take, ticked when done', async () => {
    const llamadas = simularServidor({
      [LISTA]: VACIA,
      [PASOS]: { hayClientes: true, hayOtrosUsuarios: false, hayOrdenes: false },
    });
    renderConApp(<OrdenesListaPage />, { usuario: makePropietario(), ruta: '/home' });

    const pasos = await screen.findByTestId('primeros-pasos');
    expect(screen.queryByText('No hay órdenes que coincidan')).toBeNull();
    expect(within(pasos).getByText('Primeros pasos')).toBeInTheDocument();
    expect(screen.getByTestId('primeros-pasos-avance')).toHaveTextContent('(1 de 3 hechos)');
    const cliente = screen.getByTestId('paso-cliente');
    expect(cliente).toHaveAttribute('data-hecho', 'true');
    expect(cliente).toHaveTextContent('Cargue un cliente (hecho)');
    expect(cliente.querySelector('ion-button')).toHaveAttribute('router-link', '/clientes');
    const usuarios = screen.getByTestId('paso-usuarios');
    expect(usuarios).toHaveAttribute('data-hecho', 'false');
    expect(usuarios).toHaveTextContent('Invite a su equipo (pendiente)');
    expect(usuarios.querySelector('ion-button')).toHaveAttribute('router-link', '/usuario?invitar=1');
    const orden = screen.getByTestId('paso-orden');
    expect(orden).toHaveAttribute('data-hecho', 'false');
    expect(orden.querySelector('ion-button')).toHaveAttribute('router-link', '/nueva-orden');
    expect(llamadas.de('GET', '/api/v4/entidad/primeros-pasos')).toHaveLength(1);
  });

  it('without a client, the order step says a client comes first', async () => {
    simularServidor({ [LISTA]: VACIA, [PASOS]: { hayClientes: false, hayOtrosUsuarios: false, hayOrdenes: false } });
    renderConApp(<OrdenesListaPage />, { usuario: makePropietario(), ruta: '/home' });
    expect(await screen.findByTestId('paso-orden')).toHaveTextContent('Antes necesita un cliente (el primer paso).');
    expect(screen.getByTestId('paso-cliente').querySelector('ion-button')).toHaveAttribute('router-link', '/cliente');
  });

  it('shows only the steps the user may take', async () => {
    simularServidor({ [LISTA]: VACIA, [PASOS]: { hayClientes: false, hayOtrosUsuarios: true, hayOrdenes: false } });
    renderConApp(<OrdenesListaPage />, { usuario: makeSupervisor(), ruta: '/home' });
    expect(await screen.findByTestId('paso-orden')).toHaveTextContent(
      'Antes necesita un cliente: pídale a un administrador que cargue el primero.',
    );
    expect(screen.queryByTestId('paso-cliente')).toBeNull();
    expect(screen.queryByTestId('paso-usuarios')).toBeNull();
    // One step: no «n de m».
    expect(screen.queryByTestId('primeros-pasos-avance')).toBeNull();
  });

  it('a user who may take none reads a friendly explanation', async () => {
    simularServidor({ [LISTA]: VACIA, [PASOS]: { hayClientes: true, hayOtrosUsuarios: true, hayOrdenes: false } });
    renderConApp(<OrdenesListaPage />, { usuario: makeOperario(), ruta: '/home' });
    const aviso = await screen.findByTestId('primeros-pasos-sin-permisos');
    expect(aviso).toHaveTextContent('Bienvenido a Delego');
    expect(aviso).toHaveTextContent('Cuando le asignen la primera, la verá aquí.');
    expect(aviso.querySelector('ion-button')).toBeNull();
  });

  it('the company has orders (none open for this user), or filters are applied: the plain empty state', async () => {
    const llamadas = simularServidor({
      [LISTA]: VACIA,
      [PASOS]: { hayClientes: true, hayOtrosUsuarios: true, hayOrdenes: true },
    });
    const { unmount } = renderConApp(<OrdenesListaPage />, { usuario: makePropietario(), ruta: '/home' });
    expect(await screen.findByText('No hay órdenes que coincidan')).toBeInTheDocument();
    expect(screen.queryByTestId('primeros-pasos')).toBeNull();
    unmount();

    renderConApp(<OrdenesListaPage />, { usuario: makePropietario(), ruta: '/home?estados=todas&q=bomba' });
    await waitFor(() => expect(pedidosDeLista(llamadas)).toHaveLength(2));
    expect(await screen.findByText('Pruebe con otra búsqueda o quite algunos filtros.')).toBeInTheDocument();
    // With filters the steps are not even asked for.
    expect(llamadas.de('GET', '/api/v4/entidad/primeros-pasos')).toHaveLength(1);
  });

  it('if the steps cannot be read, the plain empty state shows', async () => {
    simularServidor({ [LISTA]: VACIA, [PASOS]: errorDelServidor(500, 'Se cayó') });
    renderConApp(<OrdenesListaPage />, { usuario: makePropietario(), ruta: '/home' });
    expect(await screen.findByText('No hay órdenes que coincidan')).toBeInTheDocument();
    expect(screen.queryByTestId('primeros-pasos')).toBeNull();
  });
});
