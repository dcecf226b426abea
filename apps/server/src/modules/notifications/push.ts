import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { motivoEndpointPush, type TipoTokenNativo } from '@delego/contract';
import { createRequire } from 'node:module';
import type { ClavesVapid } from '../secretos/index.js';
import { esDireccionNoPublica, resolverDelSistema, type Direccion, type Resolver } from './push-destino.js';

const require = createRequire(import.meta.url);
/** web-push is loaded when first needed (a send), not with the server (issue 18). */
const webpush = (): typeof import('web-push') => require('web-push') as typeof import('web-push');

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Sends a notification to a device; false when the device is gone (and should be forgotten). */
export interface PushSender {
  readonly publicKey: string;
  send(subscription: PushSubscriptionJson, payload: Record<string, unknown>): Promise<boolean>;
}

/** What a notification carries to a device. */
export type MensajePush = Record<string, unknown>;

/**
 * The port for the native app's devices (issue 17; docs/APP-DE-CAMPO.md, «Notificaciones en la
 * app nativa»): an adapter for Firebase Cloud Messaging (HTTP v1 API, with the company's service
 * account) and/or one for APNs (HTTP/2 with a .p8 key). `tipos` says which kinds it serves; a
 * device of another kind is skipped. `send` answers false when the service says the token is
 * gone (FCM UNREGISTERED / 404, APNs 410 Unregistered or BadDeviceToken), so the device is
 * forgotten; any other failure throws and the device stays. No adapter ships with Delego: this
 * server has no credentials, and a fake would only pretend.
 */
export interface NativePushSender {
  readonly tipos: readonly TipoTokenNativo[];
  send(dispositivo: { tipo: TipoTokenNativo; token: string }, payload: MensajePush): Promise<boolean>;
}

/**
 * The sender refused to connect: the endpoint is not a known push service (`permanente`: the
 * device should be forgotten), or its host resolved to a private, loopback or link-local address.
 */
export class DestinoPushRechazado extends Error {
  constructor(
    message: string,
    readonly permanente: boolean,
  ) {
    super(message);
    this.name = 'DestinoPushRechazado';
  }
}

/** A lookup that answers only with the addresses already checked, so the connection uses them. */
function lookupFijo(host: string, direcciones: readonly Direccion[]): LookupFunction {
  return (hostname, options, callback) => {
    if (hostname !== host) {
      callback(new Error(`destino no verificado: ${hostname}`), '', 0);
      return;
    }
    const family =
      options.family === 6 || options.family === 'IPv6' ? 6 : options.family === 4 || options.family === 'IPv4' ? 4 : 0;
    const validas = direcciones.filter((d) => family === 0 || d.family === family);
    const primera = validas[0];
    if (!primera) {
      callback(new Error(`sin dirección para ${hostname}`), '', 0);
      return;
    }
    if (options.all) (callback as unknown as (e: null, a: Direccion[]) => void)(null, validas);
    else callback(null, primera.address, primera.family);
  };
}

/**
 * Web Push with the installation's VAPID keys (table `secretos_instancia`, modules/secretos), the
 * same on every instance and across restarts, so that browser subscriptions stay valid.
 */
export class WebPushSender implements PushSender {
  private readonly claves: () => ClavesVapid;

  constructor(
    /** The keys, or how to read them once the database has given them (secretos/index.ts). */
    claves: ClavesVapid | (() => ClavesVapid),
    subject = 'mailto:soporte@delego.app',
    /**
     * An HTTPS agent for the push services (tests pass one that reaches their own server).
     * Without it, each send connects through an agent pinned to the addresses just checked.
     */
    private readonly agent?: https.Agent,
    /** Resolves the push service's host before each send (tests inject one). */
    private readonly resolver: Resolver = resolverDelSistema,
  ) {
    this.claves = typeof claves === 'function' ? claves : () => claves;
    this.subject = subject;
  }

  private readonly subject: string;

  get publicKey(): string {
    return this.claves().publicKey;
  }

  /**
   * Checks the destination again at send time (the endpoint against the known push services,
   * then every address its host resolves to), and connects only to those addresses: a host
   * that resolves somewhere else a second later (DNS rebinding) is never asked again.
   */
  private async destino(endpoint: string): Promise<https.Agent> {
    const motivo = motivoEndpointPush(endpoint);
    if (motivo) throw new DestinoPushRechazado(motivo, true);
    const host = new URL(endpoint).hostname;
    const direcciones = await this.resolver(host);
    if (!direcciones.length) throw new DestinoPushRechazado(`${host} no resuelve a ninguna dirección.`, false);
    const prohibida = direcciones.find((d) => esDireccionNoPublica(d.address));
    if (prohibida) {
      throw new DestinoPushRechazado(`${host} resuelve a una dirección no pública (${prohibida.address}).`, false);
    }
    return this.agent ?? new https.Agent({ keepAlive: false, lookup: lookupFijo(host, direcciones) });
  }

  async send(subscription: PushSubscriptionJson, payload: Record<string, unknown>): Promise<boolean> {
    const agent = await this.destino(subscription.endpoint);
    try {
      await webpush().sendNotification(subscription, JSON.stringify(payload), {
        vapidDetails: { subject: this.subject, ...this.claves() },
        TTL: 24 * 3600,
        timeout: 10_000,
        agent,
      });
      return true;
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) return false;
      throw err;
    } finally {
      if (agent !== this.agent) agent.destroy();
    }
  }
}
