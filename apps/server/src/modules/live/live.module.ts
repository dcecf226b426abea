import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { CANALES, MENSAJES, RUTAS, type Canal, type MensajeEnVivo } from '@delego/contract';
import type { EventBus } from '../../kernel/bus.js';
import { AppError } from '../../kernel/errors.js';
import { soloUpgradeDelCanal } from '../../lib/connection-guard.js';
import { esquemaDe } from '../../kernel/rutas.js';
import type { Autenticador } from '../../kernel/auth-hook.js';
import type { PuertoNotificaciones } from '../notifications/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import type { PuertoPlanes } from '../plans/index.js';
import { DEFAULT_BROKER_OPTIONS, StompBroker, type BrokerOptions } from './live.broker.js';

const PRESENCE_EVERY_MS = 30_000;

/**
 * The live channel: the STOMP endpoint at /api/v2/delegoWS, and the mapping of domain events
 * (from this instance or, through the bus, from others) to socket destinations.
 */
export async function registerLive(
  app: FastifyInstance,
  deps: {
    auth: Pick<Autenticador, 'authenticate'>;
    bus: EventBus;
    plans: Pick<PuertoPlanes, 'estadoDeEntidad'>;
    orders: Pick<PuertoOrdenes, 'acceso'>;
    notifications: Pick<PuertoNotificaciones, 'touchPresence' | 'dropPresence' | 'setPresence'>;
    instanceId: string;
    broker?: Partial<BrokerOptions>;
  },
): Promise<StompBroker> {
  const broker = new StompBroker({
    ...DEFAULT_BROKER_OPTIONS,
    authenticate: (authorization, address) => deps.auth.authenticate(authorization, address),
    // The order channel: whoever may see that order, by the orders module's own rule (404 otherwise).
    mayViewOrder: (actor, ordenId) =>
      deps.orders.acceso(actor, ordenId).then(
        () => true,
        (err: unknown) => {
          if (err instanceof AppError && err.code === 'NO_ENCONTRADO') return false;
          throw err;
        },
      ),
    log: (obj, msg) => app.log.info(obj, msg),
    onUserConnected: (usuarioId) => {
      deps.notifications.touchPresence(deps.instanceId, [usuarioId]).catch(() => undefined);
    },
    onUserDisconnected: (usuarioId) => {
      deps.notifications.dropPresence(deps.instanceId, usuarioId).catch(() => undefined);
    },
    ...deps.broker,
  });
  deps.notifications.setPresence(broker);

  /** A message on one channel, its body typed by the contract's schema for that channel. */
  const enviar = <C extends Canal>(canal: C, id: number, mensaje: MensajeEnVivo<C>) =>
    broker.send(CANALES[canal].destino(id), mensaje);

  deps.bus.subscribe((e) => {
    switch (e.type) {
      case 'notificacion.creada':
        enviar('usuario', e.usuarioId, e.notificacion);
        break;
      case 'plan.cambiado':
        if (broker.hasSubscribers(CANALES.plan.destino(e.entidadId))) {
          deps.plans.estadoDeEntidad(e.entidadId).then(
            (estado) => estado && enviar('plan', e.entidadId, estado),
            (err: unknown) => app.log.warn({ err }, 'live.plan'),
          );
        }
        break;
      case 'orden.creada':
        enviar('entidad', e.entidadId, { tipo: e.type, ordenId: e.ordenId });
        break;
      case 'orden.modificada':
      case 'orden.eliminada':
      case 'orden.estadoCambiado':
      case 'orden.responsablesCambiados':
      case 'orden.conformidad':
      case 'orden.slaCambiado':
      case 'orden.whatsappCambiado':
      case 'orden.checklistCambiada': {
        // The company's channel, and the order's own for whoever views it without that one.
        const mensaje = {
          tipo: e.type,
          ordenId: e.ordenId,
          ...(e.type === 'orden.checklistCambiada' && e.itemId !== undefined ? { itemId: e.itemId } : {}),
        };
        enviar('entidad', e.entidadId, mensaje);
        enviar('orden', e.ordenId, mensaje);
        break;
      }
      case 'clientes.cacheLimpiada':
      case 'clientes.cambiados':
        enviar('cacheClientes', e.entidadId, { tipo: 'clientes' });
        break;
      case 'usuarios.cacheLimpiada':
      case 'usuarios.cambiados':
        enviar('cacheUsuarios', e.entidadId, { tipo: 'usuarios' });
        break;
      case 'usuario.credencialesCambiadas':
        broker.disconnectUser(e.usuarioId);
        break;
      default:
        break;
    }
  });

  // Before @fastify/websocket's own preClose (which closes sockets without a word): on a stop,
  // every client is told to reconnect elsewhere (docs/DESPLIEGUE.md, "Reinicios ordenados").
  app.addHook('preClose', (done) => {
    broker.restartAll(MENSAJES.instanciaReiniciando);
    done();
  });
  await app.register(websocket, {
    options: {
      maxPayload: 1024 * 1024,
      // Frames are small JSON; compression would cost each socket a zlib context and forbid
      // sharing one frame's bytes between sockets.
      perMessageDeflate: false,
      handleProtocols: (protocols: Set<string>) => {
        for (const p of ['v12.stomp', 'v11.stomp', 'v10.stomp']) if (protocols.has(p)) return p;
        return false;
      },
    },
  });
  // Any other path asked with `Connection: Upgrade` is served as plain HTTP (connection-guard.ts).
  soloUpgradeDelCanal(app.server, (path) => path === RUTAS.socket.path);
  app.get(RUTAS.socket.path, { websocket: true, schema: esquemaDe(RUTAS.socket) }, (socket, req) => {
    // CONNECT is throttled like an HTTP login, per client address (req.ip honours TRUST_PROXY).
    broker.handle(socket, req.ip);
  });

  // Presence across instances: who has a socket here, refreshed while connected.
  const timer = setInterval(() => {
    deps.notifications
      .touchPresence(deps.instanceId, broker.connectedUsers())
      .catch((err: unknown) => app.log.warn({ err }, 'live.presencia'));
  }, PRESENCE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    broker.closeAll();
    await deps.notifications.dropPresence(deps.instanceId).catch(() => undefined);
  });
  return broker;
}
