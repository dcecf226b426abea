import fs from 'node:fs';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import path from 'node:path';
import { leerTokenDispositivo, motivoEndpointPush } from '@delego/contract';
import webpush from 'web-push';
import { esDireccionNoPublica, resolverDelSistema, type Direccion, type Resolver } from './push-destino.js';

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Sends a notification to a device; false when the device is gone (and should be forgotten). */
export interface PushSender {
  readonly publicKey: string;
  send(subscription: PushSubscriptionJson, payload: Record<string, unknown>): Promise<boolean>;
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
 * Web Push with VAPID keys generated on first start and kept in the data folder, so that
 * browser subscriptions survive restarts.
 */
export class WebPushSender implements PushSender {
  readonly publicKey: string;
  private readonly privateKey: string;

  constructor(
    dataDir: string,
    subject = 'mailto:soporte@delego.app',
    /**
     * An HTTPS agent for the push services (tests pass one that reaches their own server).
     * Without it, each send connects through an agent pinned to the addresses just checked.
     */
    private readonly agent?: https.Agent,
    /** Resolves the push service's host before each send (tests inject one). */
    private readonly resolver: Resolver = resolverDelSistema,
  ) {
    const file = path.join(dataDir, 'vapid.json');
    let keys: { publicKey: string; privateKey: string };
    if (fs.existsSync(file)) {
      keys = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof keys;
    } else {
      keys = webpush.generateVAPIDKeys();
      fs.mkdirSync(dataDir, { recursive: true });
      fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
    }
    this.publicKey = keys.publicKey;
    this.privateKey = keys.privateKey;
    this.subject = subject;
  }

  private readonly subject: string;

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
      await webpush.sendNotification(subscription, JSON.stringify(payload), {
        vapidDetails: { subject: this.subject, publicKey: this.publicKey, privateKey: this.privateKey },
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

/** Decodes a device token: the browser sends its subscription as base64url JSON (checked endpoint). */
export function decodeSubscription(token: string): PushSubscriptionJson | null {
  const leido = leerTokenDispositivo(token);
  return leido.tipo === 'webpush' ? leido.suscripcion : null;
}
