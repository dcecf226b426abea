import path from 'node:path';
import type { CacheRegistry } from '../../kernel/cache-registry.js';
import type { DbOrTx } from '../../kernel/db/client.js';
import { ejecutarCadaMinuto, type FabricaDeEjecutor } from '../../kernel/ejecutor.js';
import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import { TenantCache } from '../../kernel/tenant-cache.js';
import type { PuertoLadoCliente } from '../client-side/index.js';
import type { PuertoClientes } from '../clients/index.js';
import type { PuertoEntidades } from '../entidades/index.js';
import type { PuertoCorreo } from '../mail/index.js';
import type { PuertoNotificaciones } from '../notifications/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { canalesRoutes } from './canales.routes.js';
import { CanalesService, type PreferenciasDeAvisos } from './canales.service.js';
import { ConsentimientosService } from './consentimientos.service.js';
import { DECLARACION_CONSENTIMIENTOS_WHATSAPP, DespachoWhatsapp } from './despacho.js';
import { ProveedorCloudApi } from './proveedor-cloud-api.js';
import { ProveedorPrueba } from './proveedor-prueba.js';
import type { ProveedorWhatsapp } from './proveedor-whatsapp.js';
import { WebhookWhatsappService } from './webhook.service.js';
import { whatsappPublicRoutes, whatsappRoutes } from './whatsapp.routes.js';
import { WhatsappService, type LimitesWhatsapp, type MensajeNuevo } from './whatsapp.service.js';

export type { PreferenciasDeAvisos } from './canales.service.js';
export type { ArchivoMensajePrueba } from './proveedor-prueba.js';
export { DECLARACION_CONSENTIMIENTOS_WHATSAPP } from './despacho.js';
export { ErrorWhatsapp, type PlantillaAEnviar, type ProveedorWhatsapp } from './proveedor-whatsapp.js';
export { URL_CLOUD_API } from './proveedor-cloud-api.js';
export type { LimitesWhatsapp, MensajeNuevo } from './whatsapp.service.js';

/**
 * What other modules may ask of the WhatsApp module: queue messages in their transaction and wake
 * the worker after the commit (`encolar`, `kick`), the worker itself, which boot.ts starts and
 * tests run by hand (`start`, `stop`, `deliverPending`), and whether messages really go (`modo`).
 */
export interface PuertoWhatsapp {
  /**
   * In the caller's transaction: resolves each recipient's number (a user's from whatsapp_usuarios
   * with opt-in; a client's with opt-in and no later opt-out; none in whatsapp_bajas after the
   * opt-in), skips those without one and those past the caps (LIMITE_WHATSAPP_EMPRESA,
   * LIMITE_WHATSAPP_NUMERO in 24 h, counted under a lock so two instances cannot both pass), inserts
   * on conflict (clave) do nothing. Returns how many rows it added.
   */
  encolar(tx: DbOrTx, mensajes: readonly MensajeNuevo[]): Promise<number>;
  /** After the commit: wake the worker. */
  kick(): void;
  /** Starts the worker (boot.ts). */
  start(): void;
  /** Stops the worker; what it claimed and did not send is freed for another instance. */
  stop(): Promise<void>;
  /** Sends every message that is due now; gives how many went (tests, several instances at once). */
  deliverPending(): Promise<number>;
  /** The dispatcher's scan (each minute): queues what the window holds and nobody queued; gives how many. */
  escanear(): Promise<number>;
  /** Resolves when the dispatcher's reactions started so far have ended (tests). */
  idle(): Promise<void>;
  readonly modo: 'real' | 'prueba';
}

export interface DepsWhatsapp {
  /** The fallback mail: the company (its sender) and the mail outbox. */
  entidades: Pick<PuertoEntidades, 'find'>;
  mail: Pick<PuertoCorreo, 'enqueue' | 'kick'>;
  /** A client's consent is recorded only for a client of the actor's company. */
  clients: Pick<PuertoClientes, 'find'>;
  /** An order's messages are seen by whoever sees the order. */
  orders: Pick<PuertoOrdenes, 'acceso'>;
  /** The provider; by default the Cloud API with WHATSAPP_TOKEN, else the test mode (files). */
  proveedor?: ProveedorWhatsapp | undefined;
  /** Overrides of the caps per company and per number (tests). */
  limites?: Partial<LimitesWhatsapp> | undefined;
  /**
   * Each user's channels per kind of event (the notifications module): GET/PUT
   * /api/v4/whatsapp/canales, and the notifications whose user chose WhatsApp, for the dispatcher.
   */
  preferencias: PreferenciasDeAvisos & Pick<PuertoNotificaciones, 'avisosWhatsappDesde'>;
  /** The order's public link every message carries (the client-side module). */
  enlaces: Pick<PuertoLadoCliente, 'enlacePublico'>;
  /** The dispatcher's scan each minute: in process by default; none (null) in tests that run it by hand. */
  ejecutor?: FabricaDeEjecutor;
  /** Where the module registers its cache of «a client of the company has a consent» (invalidated by the bus). */
  registro: Pick<CacheRegistry, 'register'>;
}

/**
 * WhatsApp for order events (issue 35, docs/WHATSAPP.md): the outbox and its worker, the Cloud API
 * or the test mode behind a port, the webhook (statuses, replies, «BAJA»), clients' and users'
 * consent, the templates and an order's messages. Its worker stops before the database closes.
 */
export function moduloWhatsapp(
  n: Pick<Nucleo, 'db' | 'database' | 'clock' | 'bus' | 'log' | 'config'>,
  deps: DepsWhatsapp,
): Modulo<PuertoWhatsapp> {
  const { config } = n;
  const proveedor = deps.proveedor ?? proveedorDe(n);
  if (proveedor.modo === 'prueba') {
    n.log.info(
      { carpeta: path.join(config.dataDir, 'whatsapp') },
      'whatsapp.modoPrueba: sin WHATSAPP_TOKEN, cada mensaje se escribe como archivo JSON en esa carpeta (docs/WHATSAPP.md).',
    );
  }
  const servicio = new WhatsappService(n.db, n.clock, n.bus, n.log, proveedor, deps, {
    publicUrl: config.publicUrl,
    limites: deps.limites,
  });
  const webhook = new WebhookWhatsappService(n.db, n.clock, n.log, servicio, deps.mail, {
    appSecret: config.whatsapp.appSecret,
    verifyToken: config.whatsapp.verifyToken,
  });
  const consentimientos = new ConsentimientosService(n.db, n.clock, n.bus, {
    clients: deps.clients,
    orders: deps.orders,
    modo: proveedor.modo,
  });
  const rutas = whatsappRoutes(consentimientos);
  const canales = canalesRoutes(new CanalesService(n.db, n.clock, deps.preferencias, proveedor.modo));
  const despacho = new DespachoWhatsapp(n.db, n.bus, n.clock, n.log, {
    cola: servicio,
    enlaces: deps.enlaces,
    avisos: deps.preferencias,
    appUrl: config.publicUrl,
    conConsentimientos: deps.registro.register(
      DECLARACION_CONSENTIMIENTOS_WHATSAPP,
      new TenantCache<boolean>({ ...DECLARACION_CONSENTIMIENTOS_WHATSAPP, now: () => n.clock.now().getTime() }),
    ),
    consultar: n.database.consultar,
  });
  despacho.escuchar();
  const tick = () => despacho.escanear();
  const detenerTick = ejecutarCadaMinuto(deps.ejecutor, tick, n.log, 'whatsapp');
  const puerto: PuertoWhatsapp = {
    encolar: (tx, m) => servicio.encolar(tx, m),
    kick: () => servicio.kick(),
    start: () => servicio.start(),
    stop: () => servicio.stop(),
    deliverPending: () => servicio.deliverPending(),
    escanear: tick,
    idle: () => despacho.idle(),
    modo: servicio.modo,
  };
  return {
    nombre: 'whatsapp',
    puerto,
    rutas: async (app) => {
      await app.register(rutas);
      await app.register(canales);
    },
    rutasPublicas: whatsappPublicRoutes(webhook),
    alCerrar: async () => {
      await detenerTick();
      await despacho.detener();
      await servicio.stop();
    },
  };
}

/** The Cloud API when WHATSAPP_TOKEN is set (config.ts requires the rest then); the test mode otherwise. */
function proveedorDe(n: Pick<Nucleo, 'config' | 'log'>): ProveedorWhatsapp {
  const api = n.config.whatsapp.cloudApi;
  if (api) return new ProveedorCloudApi(api);
  return new ProveedorPrueba(path.join(n.config.dataDir, 'whatsapp'), n.log);
}
