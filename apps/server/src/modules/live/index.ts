import { randomUUID } from 'node:crypto';
import type { Autenticador } from '../../kernel/auth-hook.js';
import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { PuertoNotificaciones } from '../notifications/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import type { PuertoPlanes } from '../plans/index.js';
import type { BrokerOptions, StompBroker } from './live.broker.js';
import { registerLive } from './live.module.js';

export interface DepsVivo {
  /** CONNECT's credentials, verified (and throttled) as an HTTP call's. */
  auth: Pick<Autenticador, 'authenticate'>;
  plans: Pick<PuertoPlanes, 'estadoDeEntidad'>;
  /** An order channel's SUBSCRIBE: whether the user may see that order. */
  orders: Pick<PuertoOrdenes, 'acceso'>;
  /** Presence across instances (who has a socket where), for the notifications' push decisions. */
  notifications: Pick<PuertoNotificaciones, 'touchPresence' | 'dropPresence' | 'setPresence'>;
  /** This instance's id for live presence (several instances share one database); a new one by default. */
  instanceId?: string | undefined;
  /** Overrides of the STOMP broker's limits (tests). */
  broker?: Partial<BrokerOptions> | undefined;
}

/**
 * The live channel: STOMP 1.2 at /api/v2/delegoWS (authenticated at CONNECT, so a public route of
 * the HTTP table), fed by the bus's domain events. docs/LIVE.md.
 */
/** What /metrics reads of the live channel: the STOMP sessions open on this instance. */
export interface PuertoVivo {
  conexiones(): number;
}

export function moduloVivo(n: Pick<Nucleo, 'bus'>, deps: DepsVivo): Modulo<PuertoVivo> {
  let broker: StompBroker | undefined;
  return {
    nombre: 'live',
    puerto: { conexiones: () => broker?.size ?? 0 },
    rutasPublicas: async (scope) => {
      broker = await registerLive(scope, {
        ...deps,
        instanceId: deps.instanceId ?? randomUUID(),
        bus: n.bus,
        ...(deps.broker ? { broker: deps.broker } : {}),
      });
    },
  };
}
export type { BrokerOptions } from './live.broker.js';
