import type { Notificacion, UsuarioLogueado } from '@delego/contract';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logout, SessionProvider } from '../features/auth';
import { actualizarSesionPropia } from '../features/admin/shared/sesion-propia';
import { ESPERA_ANTES_DE_SALIR_MS, reiniciarRefresco } from '../features/auth/api/refrescar-sesion';
import { escucharAvisos } from '../features/notifications/model/avisos';
import { LiveProvider } from '../lib/live';
import { CLAVE_DISPOSITIVO } from '../lib/push';
import { guardarSesion, leerSesion } from '../lib/session';
import { makeOperario, makePlan, makeSupervisor } from '../test/factories';
import { crearQueryClientDePrueba } from '../test/render';
import { errorDelServidor, simularServidor, type Llamada, type Llamadas } from '../test/servidor';
import { ConnectionIndicator } from './layout/connection-indicator';
import { configEnVivo } from './live-config';
import { OrdenEnVivo } from './orden-en-vivo';

/** A stand-in for @stomp/stompjs's Client: records what the app asks and lets the test play the server. */
const stomp = vi.hoisted(() => {
  interface Config {
    brokerURL?: string;
    connectHeaders?: Record<string, string>;
    reconnectDelay?: number;
    heartbeatIncoming?: number;
    heartbeatOutgoing?: number;
    onConnect?: (frame: unknown) => void;
    onWebSocketClose?: (evento: unknown) => void;
    onStompError?: (frame: { headers: Record<string, string>; body: string }) => void;
  }
  interface Sub {
    id: string;
    destino: string;
    alRecibir: (m: { body: string }) => void;
    activa: boolean;
    /** An UNSUBSCRIBE frame was sent for it (not just lost with its socket). */
    desuscrita: boolean;
  }
  let siguiente = 0;
  class FakeClient {
    static instancias: FakeClient[] = [];
    /** Called on every UNSUBSCRIBE, so a test can see what else was true at that moment. */
    static alDesuscribir: (() => void) | null = null;
    readonly config: Config;
    connected = false;
    active = false;
    activaciones = 0;
    desactivaciones = 0;
    suscripciones: Sub[] = [];
    constructor(config: Config) {
      this.config = config;
      FakeClient.instancias.push(this);
    }
    activate() {
      this.active = true;
      this.activaciones += 1;
    }
    async deactivate() {
      this.active = false;
      this.desactivaciones += 1;
      if (this.connected) this.cerrar();
    }
    subscribe(destino: string, alRecibir: Sub['alRecibir']) {
      if (!this.connected) throw new TypeError('There is no underlying STOMP connection');
      const sub: Sub = { id: `sub-${siguiente++}`, destino, alRecibir, activa: true, desuscrita: false };
      this.suscripciones.push(sub);
      return {
        id: sub.id,
        unsubscribe: () => {
          if (!this.connected) throw new TypeError('There is no underlying STOMP connection');
          sub.activa = false;
          sub.desuscrita = true;
          FakeClient.alDesuscribir?.();
        },
      };
    }
    // What the server (and the network) do:
    conectar() {
      this.connected = true;
      this.config.onConnect?.({ headers: {} });
    }
    cerrar() {
      this.connected = false;
      for (const s of this.suscripciones) s.activa = false;
      this.config.onWebSocketClose?.({ code: 1006 });
    }
    error(mensaje: string) {
      this.config.onStompError?.({ headers: { message: mensaje }, body: mensaje });
    }
    entregar(destino: string, cuerpo: unknown) {
      for (const s of this.suscripciones.filter((x) => x.activa && x.destino === destino)) {
        s.alRecibir({ body: JSON.stringify(cuerpo) });
      }
    }
    activas(): string[] {
      return this.suscripciones
        .filter((s) => s.activa)
        .map((s) => s.destino)
        .sort();
    }
  }
  return { FakeClient };
});

vi.mock('@stomp/stompjs', () => ({ Client: stomp.FakeClient }));

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';
/** The calls of the current test to the fake server (it answers nothing unless the test says). */
let llamadas: Llamadas;

/** The one call made, once it reached the server: its path, query and credentials. */
async function unicaLlamada(): Promise<Llamada> {
  return waitFor(() => {
    expect(llamadas).toHaveLength(1);
    return llamadas[0] as Llamada;
  });
}

function operario(): UsuarioLogueado {
  return { ...makeOperario(), id: 4, usuario: 'operario', entidadId: 1 };
}
function supervisor(): UsuarioLogueado {
  return { ...makeSupervisor(), id: 3, usuario: 'supervisor', entidadId: 1 };
}

const DESTINOS_OPERARIO = ['/entidad/cache/clientes/1', '/entidad/cache/usuarios/1', '/usuario/4'];
const DESTINOS_SUPERVISOR = [
  '/entidad/1',
  '/entidad/cache/clientes/1',
  '/entidad/cache/usuarios/1',
  '/plan/entidad/1',
  '/usuario/3',
];

function cliente() {
  const c = stomp.FakeClient.instancias.at(-1);
  if (!c) throw new Error('no se creó ningún cliente STOMP');
  return c;
}

function indicador(): HTMLElement {
  return screen.getByTestId('connection-indicator');
}

function montar(queryClient: QueryClient = crearQueryClientDePrueba()) {
  const config = configEnVivo(queryClient);
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <LiveProvider config={config}>
          <ConnectionIndicator />
        </LiveProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

function invalidada(queryClient: QueryClient, clave: readonly unknown[]): boolean | undefined {
  return queryClient.getQueryState(clave)?.isInvalidated;
}

function notificacion(parcial: Partial<Notificacion> = {}): Notificacion {
  return {
    id: 10,
    tipo: 'ORDEN_ASIGNADA',
    titulo: 'Nueva orden asignada: #321',
    mensaje: 'Revisar tablero',
    ordenId: 361,
    fecha: Date.UTC(2026, 10, 21, 9, 0),
    leida: false,
    ...parcial,
  };
}

beforeEach(() => {
  stomp.FakeClient.instancias.length = 0;
  stomp.FakeClient.alDesuscribir = null;
  reiniciarRefresco();
  llamadas = simularServidor({});
});

describe('live connection (SPEC §4 Connection, §9)', () => {
  it('connects only while someone is logged in, with the stored credentials and the SPEC timings', async () => {
    montar();
    expect(stomp.FakeClient.instancias).toHaveLength(0);
    expect(indicador()).toHaveTextContent('Sin conexión');

    act(() => guardarSesion({ usuario: operario(), md5: MD5 }));
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    expect(cliente().config).toMatchObject({
      brokerURL: `ws://${window.location.host}/api/v2/delegoWS`,
      connectHeaders: { login: 'operario', passcode: MD5 },
      reconnectDelay: 5000,
      heartbeatIncoming: 10000,
      heartbeatOutgoing: 10000,
    });
    expect(cliente().activaciones).toBe(1);
    expect(indicador()).toHaveTextContent('Sin conexión');
  });

  it("reads 'Conectado' while connected and 'Sin conexión' after the socket drops, then again on reconnect", async () => {
    guardarSesion({ usuario: operario(), md5: MD5 });
    montar();
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    expect(indicador()).toHaveTextContent('Sin conexión');

    act(() => cliente().conectar());
    expect(indicador()).toHaveTextContent('Conectado');
    act(() => cliente().cerrar());
    expect(indicador()).toHaveTextContent('Sin conexión');
    // The client itself retries (reconnectDelay); the same client connects again.
    act(() => cliente().conectar());
    expect(indicador()).toHaveTextContent('Conectado');
    expect(stomp.FakeClient.instancias).toHaveLength(1);
  });
});

describe('Mi cuenta: saving own data while connected', () => {
  it('new names or email keep the same connection; a new password connects again at once', async () => {
    guardarSesion({ usuario: operario(), md5: MD5 });
    montar();
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    const primero = cliente();
    act(() => primero.conectar());

    act(() => actualizarSesionPropia({ nombre: 'Diego Martín', email: 'diego@demo.com.ar' }));
    expect(leerSesion()?.usuario.nombre).toBe('Diego Martín');
    expect(stomp.FakeClient.instancias).toHaveLength(1);
    expect(primero.desactivaciones).toBe(0);
    expect(indicador()).toHaveTextContent('Conectado');

    const nuevo = '0123456789abcdef0123456789abcdef';
    act(() => actualizarSesionPropia({ md5: nuevo }));
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(2));
    expect(primero.desactivaciones).toBe(1);
    // No wait for the 5 s retry: the new client is already activated, with the new password.
    expect(cliente().activaciones).toBe(1);
    expect(cliente().config.connectHeaders).toEqual({ login: 'operario', passcode: nuevo });
  });
});

describe('subscriptions follow the permissions (SPEC §6)', () => {
  it('a user without crearOrden: own notifications and the two cache topics, nothing else', async () => {
    guardarSesion({ usuario: operario(), md5: MD5 });
    montar();
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    // Nothing can be subscribed before CONNECTED.
    expect(cliente().suscripciones).toHaveLength(0);
    act(() => cliente().conectar());
    expect(cliente().activas()).toEqual(DESTINOS_OPERARIO);
  });

  it('a user with crearOrden: also the plan and entity channels', async () => {
    guardarSesion({ usuario: supervisor(), md5: MD5 });
    montar();
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    act(() => cliente().conectar());
    expect(cliente().activas()).toEqual(DESTINOS_SUPERVISOR);
  });

  it('subscribes everything again after every reconnect', async () => {
    guardarSesion({ usuario: supervisor(), md5: MD5 });
    montar();
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    act(() => cliente().conectar());
    act(() => cliente().cerrar());
    expect(cliente().activas()).toEqual([]);
    act(() => cliente().conectar());
    expect(cliente().activas()).toEqual(DESTINOS_SUPERVISOR);
    act(() => cliente().cerrar());
    act(() => cliente().conectar());
    expect(cliente().activas()).toEqual(DESTINOS_SUPERVISOR);
    expect(cliente().suscripciones).toHaveLength(DESTINOS_SUPERVISOR.length * 3);
  });

  it('losing crearOrden while connected unsubscribes the plan and entity channels at once', async () => {
    const usuario = supervisor();
    guardarSesion({ usuario, md5: MD5 });
    montar();
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    act(() => cliente().conectar());

    act(() => guardarSesion({ usuario: { ...usuario, permisosResumen: [{ nombre: 'modificarOrden' }] }, md5: MD5 }));
    await waitFor(() =>
      expect(cliente().activas()).toEqual(['/entidad/cache/clientes/1', '/entidad/cache/usuarios/1', '/usuario/3']),
    );
    // Same credentials: the same connection.
    expect(stomp.FakeClient.instancias).toHaveLength(1);
  });

  it('another user logging in means a new connection with their credentials', async () => {
    guardarSesion({ usuario: operario(), md5: MD5 });
    montar();
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    const primero = cliente();
    act(() => primero.conectar());

    act(() => guardarSesion({ usuario: supervisor(), md5: MD5 }));
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(2));
    expect(primero.desactivaciones).toBe(1);
    expect(cliente().config.connectHeaders).toEqual({ login: 'supervisor', passcode: MD5 });
    expect(indicador()).toHaveTextContent('Sin conexión');
  });
});

describe('messages update the queries (SPEC §7 Live socket)', () => {
  async function conectado(usuario: UsuarioLogueado) {
    guardarSesion({ usuario, md5: MD5 });
    const queryClient = montar();
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    act(() => cliente().conectar());
    return queryClient;
  }

  it('/usuario: the notification joins the cached list (newest first), is announced, and the orders refresh', async () => {
    const queryClient = await conectado(operario());
    const vieja = notificacion({ id: 9, fecha: Date.UTC(2026, 10, 20), leida: true });
    queryClient.setQueryData(['notificaciones', 'lista', 4], [vieja]);
    queryClient.setQueryData(['ordenes', 'lista', { estados: [1] }], { pages: [] });
    queryClient.setQueryData(['ordenes', 'detalle', 361], { id: 361 });
    const avisos: Notificacion[] = [];
    const dejar = escucharAvisos((n) => avisos.push(n));

    const nueva = notificacion();
    act(() => cliente().entregar('/usuario/4', nueva));
    dejar();

    expect(queryClient.getQueryData(['notificaciones', 'lista', 4])).toEqual([nueva, vieja]);
    expect(avisos).toEqual([nueva]);
    expect(invalidada(queryClient, ['ordenes', 'lista', { estados: [1] }])).toBe(true);
    expect(invalidada(queryClient, ['ordenes', 'detalle', 361])).toBe(true);

    // The same notification twice (a reconnect, two tabs) is listed once.
    act(() => cliente().entregar('/usuario/4', nueva));
    expect(queryClient.getQueryData<Notificacion[]>(['notificaciones', 'lista', 4])).toHaveLength(2);
  });

  it('/usuario before the list was ever loaded: the list query is marked stale instead', async () => {
    const queryClient = await conectado(operario());
    act(() => cliente().entregar('/usuario/4', notificacion()));
    expect(queryClient.getQueryData(['notificaciones', 'lista', 4])).toBeUndefined();
  });

  it('/usuario, a request from outside (issue 33): the inbox, the request and the menu’s count refetch', async () => {
    const queryClient = await conectado(supervisor());
    for (const clave of [
      ['solicitudes', 'lista', 'pendiente'],
      ['solicitudes', 'pendientes'],
      ['solicitudes', 'detalle', 4],
      ['solicitudes', 'detalle', 4, 'foto', 40],
    ]) {
      queryClient.setQueryData(clave, { x: 1 });
    }
    act(() => cliente().entregar('/usuario/3', notificacion({ id: 11, tipo: 'ENCUESTA_RESPONDIDA' })));
    expect(invalidada(queryClient, ['solicitudes', 'pendientes'])).toBe(false);
    act(() =>
      cliente().entregar(
        '/usuario/3',
        notificacion({ id: 12, tipo: 'SOLICITUD_RECIBIDA', ordenId: null, titulo: 'Nueva solicitud' }),
      ),
    );
    expect(invalidada(queryClient, ['solicitudes', 'lista', 'pendiente'])).toBe(true);
    expect(invalidada(queryClient, ['solicitudes', 'pendientes'])).toBe(true);
    expect(invalidada(queryClient, ['solicitudes', 'detalle', 4])).toBe(true);
    // A photo's bytes never change: not fetched again.
    expect(invalidada(queryClient, ['solicitudes', 'detalle', 4, 'foto', 40])).toBe(false);
  });

  it('/entidad, a new order (maybe an accepted request, issue 33): the inbox refetches; another change does not', async () => {
    const queryClient = await conectado(supervisor());
    queryClient.setQueryData(['solicitudes', 'pendientes'], { pendientes: 2 });
    act(() => cliente().entregar('/entidad/1', { tipo: 'orden.estadoCambiado', ordenId: 7 }));
    expect(invalidada(queryClient, ['solicitudes', 'pendientes'])).toBe(false);
    act(() => cliente().entregar('/entidad/1', { tipo: 'orden.creada', ordenId: 9 }));
    expect(invalidada(queryClient, ['solicitudes', 'pendientes'])).toBe(true);
  });

  it('/plan: the plan state is replaced at once', async () => {
    const usuario = supervisor();
    const queryClient = await conectado(usuario);
    queryClient.setQueryData(['plan', 'estado', usuario.id], makePlan({ quotaDisponible: 100 }));
    const nuevo = makePlan({ quotaDisponible: 99 });
    act(() => cliente().entregar('/plan/entidad/1', nuevo));
    expect(queryClient.getQueryData(['plan', 'estado', usuario.id])).toEqual(nuevo);
  });

  it("/entidad: the lists, the calendar and that order's detail and history refresh, other orders do not", async () => {
    const queryClient = await conectado(supervisor());
    for (const clave of [
      ['ordenes', 'lista', {}],
      ['ordenes', 'detalle', 7],
      ['ordenes', 'historial', 7],
      ['ordenes', 'detalle', 8],
      ['catalogo', 'tipos', { incluirArchivados: false }],
      ['calendario', { desde: '2026-03-01', hasta: '2026-03-31' }],
    ]) {
      queryClient.setQueryData(clave, { x: 1 });
    }
    act(() => cliente().entregar('/entidad/1', { tipo: 'orden.estadoCambiado', ordenId: 7 }));
    expect(invalidada(queryClient, ['ordenes', 'lista', {}])).toBe(true);
    // The calendar shows the company's orders as the list does (issue 32).
    expect(invalidada(queryClient, ['calendario', { desde: '2026-03-01', hasta: '2026-03-31' }])).toBe(true);
    expect(invalidada(queryClient, ['ordenes', 'detalle', 7])).toBe(true);
    expect(invalidada(queryClient, ['ordenes', 'historial', 7])).toBe(true);
    expect(invalidada(queryClient, ['ordenes', 'detalle', 8])).toBe(false);
    expect(invalidada(queryClient, ['catalogo', 'tipos', { incluirArchivados: false }])).toBe(false);
  });

  it("/entidad, a WhatsApp message's status: only that order's messages refetch, not its detail nor the lists", async () => {
    const queryClient = await conectado(supervisor());
    for (const clave of [
      ['ordenes', 'lista', {}],
      ['ordenes', 'detalle', 7],
      ['ordenes', 'detalle', 7, 'whatsapp'],
      ['ordenes', 'detalle', 8, 'whatsapp'],
    ]) {
      queryClient.setQueryData(clave, { x: 1 });
    }
    act(() => cliente().entregar('/entidad/1', { tipo: 'orden.whatsappCambiado', ordenId: 7 }));
    expect(invalidada(queryClient, ['ordenes', 'detalle', 7, 'whatsapp'])).toBe(true);
    expect(invalidada(queryClient, ['ordenes', 'detalle', 8, 'whatsapp'])).toBe(false);
    expect(invalidada(queryClient, ['ordenes', 'detalle', 7])).toBe(false);
    expect(invalidada(queryClient, ['ordenes', 'lista', {}])).toBe(false);
  });

  it('/entidad/cache/clientes: clients (administration and order catalogues) refetch', async () => {
    const queryClient = await conectado(operario());
    for (const clave of [
      ['admin', 'clientes'],
      ['ordenes', 'catalogo', 'clientes-usados'],
      ['admin', 'usuarios', 'lista'],
    ]) {
      queryClient.setQueryData(clave, []);
    }
    act(() => cliente().entregar('/entidad/cache/clientes/1', { tipo: 'clientes' }));
    expect(invalidada(queryClient, ['admin', 'clientes'])).toBe(true);
    expect(invalidada(queryClient, ['ordenes', 'catalogo', 'clientes-usados'])).toBe(true);
    expect(invalidada(queryClient, ['admin', 'usuarios', 'lista'])).toBe(false);
  });

  it('/entidad/cache/usuarios: users (administration and available responsables) refetch', async () => {
    const queryClient = await conectado(operario());
    for (const clave of [
      ['admin', 'usuarios', 'lista'],
      ['ordenes', 'responsables-disponibles', 1],
      ['admin', 'clientes'],
    ]) {
      queryClient.setQueryData(clave, []);
    }
    act(() => cliente().entregar('/entidad/cache/usuarios/1', { tipo: 'usuarios' }));
    expect(invalidada(queryClient, ['admin', 'usuarios', 'lista'])).toBe(true);
    expect(invalidada(queryClient, ['ordenes', 'responsables-disponibles', 1])).toBe(true);
    expect(invalidada(queryClient, ['admin', 'clientes'])).toBe(false);
  });

  it('a message that is not what the contract says changes nothing', async () => {
    const usuario = supervisor();
    const queryClient = await conectado(usuario);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    queryClient.setQueryData(['plan', 'estado', usuario.id], makePlan());
    act(() => cliente().entregar('/plan/entidad/1', { nombre: 3 }));
    expect(queryClient.getQueryData(['plan', 'estado', usuario.id])).toEqual(makePlan());
  });

  it('after a reconnect, what the missed messages would have refreshed refetches', async () => {
    const queryClient = await conectado(operario());
    queryClient.setQueryData(['notificaciones', 'lista', 4], []);
    queryClient.setQueryData(['ordenes', 'lista', {}], { pages: [] });
    queryClient.setQueryData(['checklists', 'orden', 7], { x: 1 });
    queryClient.setQueryData(['solicitudes', 'pendientes'], { pendientes: 1 });
    act(() => cliente().cerrar());
    expect(invalidada(queryClient, ['notificaciones', 'lista', 4])).toBe(false);
    act(() => cliente().conectar());
    expect(invalidada(queryClient, ['notificaciones', 'lista', 4])).toBe(true);
    expect(invalidada(queryClient, ['ordenes', 'lista', {}])).toBe(true);
    expect(invalidada(queryClient, ['checklists', 'orden', 7])).toBe(true);
    expect(invalidada(queryClient, ['solicitudes', 'pendientes'])).toBe(true);
  });
});

describe('the order on screen: its own channel (issue 31)', () => {
  /** The providers with the order detail's live piece for `ordenes` (the orders on screen). */
  function montarConOrdenes(ordenes: number[]) {
    const queryClient = crearQueryClientDePrueba();
    const config = configEnVivo(queryClient);
    const arbol = (ids: number[]) => (
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <LiveProvider config={config}>
            {ids.map((id) => (
              <OrdenEnVivo key={id} ordenId={id} />
            ))}
          </LiveProvider>
        </SessionProvider>
      </QueryClientProvider>
    );
    const { rerender } = render(arbol(ordenes));
    return { queryClient, mostrar: (ids: number[]) => rerender(arbol(ids)) };
  }

  it('without the company channel: subscribed while the order is shown, again after a reconnect, and the message refetches its checklist and detail', async () => {
    guardarSesion({ usuario: operario(), md5: MD5 });
    const { queryClient, mostrar } = montarConOrdenes([7]);
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    act(() => cliente().conectar());
    expect(cliente().activas()).toEqual([...DESTINOS_OPERARIO, '/orden/7'].sort());

    for (const clave of [
      ['checklists', 'orden', 7],
      ['ordenes', 'detalle', 7],
      ['checklists', 'orden', 8],
    ]) {
      queryClient.setQueryData(clave, { x: 1 });
    }
    act(() => cliente().entregar('/orden/7', { tipo: 'orden.checklistCambiada', ordenId: 7, itemId: 3 }));
    expect(invalidada(queryClient, ['checklists', 'orden', 7])).toBe(true);
    expect(invalidada(queryClient, ['ordenes', 'detalle', 7])).toBe(true);
    expect(invalidada(queryClient, ['checklists', 'orden', 8])).toBe(false);

    act(() => cliente().cerrar());
    act(() => cliente().conectar());
    expect(cliente().activas()).toEqual([...DESTINOS_OPERARIO, '/orden/7'].sort());

    // Another order on screen: the first one's channel is left (an UNSUBSCRIBE), the new one joined.
    act(() => mostrar([8]));
    const septima = cliente().suscripciones.filter((x) => x.destino === '/orden/7');
    expect(septima.at(-1)?.desuscrita).toBe(true);
    expect(cliente().activas()).toEqual([...DESTINOS_OPERARIO, '/orden/8'].sort());
    act(() => mostrar([]));
    expect(cliente().activas()).toEqual(DESTINOS_OPERARIO);
    expect(stomp.FakeClient.instancias).toHaveLength(1);
  });

  it('with the company channel: no second subscription, the company channel already says it', async () => {
    guardarSesion({ usuario: supervisor(), md5: MD5 });
    montarConOrdenes([7]);
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    act(() => cliente().conectar());
    expect(cliente().activas()).toEqual(DESTINOS_SUPERVISOR);
  });

  it('a message that is not an order change is ignored', async () => {
    guardarSesion({ usuario: operario(), md5: MD5 });
    const { queryClient } = montarConOrdenes([7]);
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    act(() => cliente().conectar());
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    queryClient.setQueryData(['checklists', 'orden', 7], { x: 1 });
    act(() => cliente().entregar('/orden/7', { tipo: 'orden.creada', ordenId: 7 }));
    expect(invalidada(queryClient, ['checklists', 'orden', 7])).toBe(false);
  });
});

describe('the server refuses the socket (ERROR frame)', () => {
  it('reads the user again; new permissions change the subscriptions', async () => {
    const usuario = supervisor();
    guardarSesion({ usuario, md5: MD5 });
    montar();
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    act(() => cliente().conectar());
    const sinCrear = { ...usuario, permisosResumen: [{ nombre: 'modificarOrden' }] };
    llamadas = simularServidor({ 'GET /api/v4/login': sinCrear });

    act(() => {
      cliente().error('Sus credenciales o permisos cambiaron: vuelva a conectarse.');
      cliente().cerrar();
    });
    await waitFor(() => expect(leerSesion()?.usuario.permisosResumen).toEqual([{ nombre: 'modificarOrden' }]));
    const login = await unicaLlamada();
    expect(login.ruta).toBe('/api/v4/login');
    expect([...login.query.keys()]).toEqual(['tsp']);
    expect(login.query.get('tsp')).toMatch(/^\d+$/);
    expect(login.autorizacion).toBe(`supervisor#${MD5}`);

    act(() => cliente().conectar());
    expect(cliente().activas()).toEqual(['/entidad/cache/clientes/1', '/entidad/cache/usuarios/1', '/usuario/3']);
  });

  it('credentials no longer valid end the session (no retrying them every 5 s) and close the client', async () => {
    guardarSesion({ usuario: operario(), md5: MD5 });
    montar();
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    simularServidor({
      'GET /api/v4/login': () => errorDelServidor(403, 'Los datos de Login son inválidos', { code: 'LOGIN_INVALIDO' }),
    });

    act(() => cliente().error('Los datos de Login son inválidos'));
    await waitFor(() => expect(leerSesion()).toBeNull(), { timeout: ESPERA_ANTES_DE_SALIR_MS + 2_000 });
    await waitFor(() => expect(cliente().desactivaciones).toBe(1));
  });

  it('renaming oneself: the old name refused first, the new one stored after, keeps the session', async () => {
    const usuario = operario();
    guardarSesion({ usuario, md5: MD5 });
    montar();
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    llamadas = simularServidor({
      'GET /api/v4/login': () => errorDelServidor(403, 'Los datos de Login son inválidos', { code: 'LOGIN_INVALIDO' }),
    });

    act(() => cliente().error('Sus credenciales o permisos cambiaron: vuelva a conectarse.'));
    await unicaLlamada();
    await new Promise((r) => setTimeout(r, 200));
    // Then the profile's answer stores the new name, as actualizarSesionPropia does: over the
    // session still there.
    act(() => {
      const sesion = leerSesion();
      if (sesion) guardarSesion({ ...sesion, usuario: { ...sesion.usuario, usuario: 'operario2' } });
    });
    await new Promise((r) => setTimeout(r, ESPERA_ANTES_DE_SALIR_MS));
    expect(leerSesion()?.usuario.usuario).toBe('operario2');
  });
});

describe('logout (SPEC §4)', () => {
  it('unsubscribes every channel, disconnects and unregisters the device, with the credentials, before the session goes', async () => {
    guardarSesion({ usuario: supervisor(), md5: MD5 });
    localStorage.setItem(
      CLAVE_DISPOSITIVO,
      JSON.stringify({ usuarioId: 3, token: 'eyJlbmRwb2ludCI6Imh0dHBzOi8vcHVzaCJ9' }),
    );
    const queryClient = montar();
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    act(() => cliente().conectar());
    expect(cliente().activas()).toEqual(DESTINOS_SUPERVISOR);
    const ordenDeHechos: string[] = [];
    stomp.FakeClient.alDesuscribir = () =>
      ordenDeHechos.push(leerSesion() ? 'unsubscribe con sesión' : 'unsubscribe sin sesión');
    llamadas = simularServidor({
      'GET /api/v2/notificaciones/registrar/:flag/:deviceToken': { ok: true, registrado: false },
    });

    act(() => logout(queryClient));

    // Every subscription was dropped while the socket was still up (UNSUBSCRIBE frames), then DISCONNECT.
    expect(cliente().suscripciones.map((s) => s.desuscrita)).toEqual(DESTINOS_SUPERVISOR.map(() => true));
    expect(cliente().desactivaciones).toBeGreaterThanOrEqual(1);
    expect(ordenDeHechos).toEqual(DESTINOS_SUPERVISOR.map(() => 'unsubscribe con sesión'));
    // The device is unregistered with the credentials of the session that is ending.
    const desregistro = await unicaLlamada();
    expect(desregistro.ruta).toBe('/api/v2/notificaciones/registrar/false/eyJlbmRwb2ludCI6Imh0dHBzOi8vcHVzaCJ9');
    expect([...desregistro.query.keys()]).toEqual(['tsp']);
    expect(desregistro.autorizacion).toBe(`supervisor#${MD5}`);
    expect(localStorage.getItem(CLAVE_DISPOSITIVO)).toBeNull();
    expect(leerSesion()).toBeNull();
    expect(indicador()).toHaveTextContent('Sin conexión');
    // And it stays down: no new client for nobody.
    await new Promise((listo) => setTimeout(listo, 50));
    expect(stomp.FakeClient.instancias).toHaveLength(1);
  });

  it('without a registered device, no unregister call is made', async () => {
    guardarSesion({ usuario: operario(), md5: MD5 });
    const queryClient = montar();
    await waitFor(() => expect(stomp.FakeClient.instancias).toHaveLength(1));
    act(() => cliente().conectar());
    act(() => logout(queryClient));
    await new Promise((listo) => setTimeout(listo, 50));
    expect(llamadas).toHaveLength(0);
    expect(cliente().suscripciones.every((s) => s.desuscrita)).toBe(true);
  });
});
