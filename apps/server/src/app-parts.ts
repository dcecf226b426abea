import type { RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Caches } from './caches.js';
import type { Config } from './config.js';
import type { EventBus } from './kernel/bus.js';
import type { Clock } from './kernel/clock.js';
import type { EstadoInstancia } from './kernel/estado-instancia.js';
import type { Database } from './kernel/db/client.js';
import type { ContadorLimites, Limite } from './lib/rate-limit.js';
import type { LimitesCuentas, PuertoCuentas } from './modules/accounts/index.js';
import type { Storage } from './modules/files/index.js';
import type { LoginThrottle, PuertoIdentidad } from './modules/identity/index.js';
import type { PuertoIdempotencia } from './modules/idempotencia/index.js';
import type { DepsModuloMantenimiento, PuertoMantenimiento } from './modules/maintenance/index.js';
import type { DepsEstadisticas } from './modules/statistics/index.js';
import type { DepsSla, PuertoSla } from './modules/sla/index.js';
import type { BrokerOptions } from './modules/live/index.js';
import type { LimitesCorreo, MailTransport, PuertoCorreo } from './modules/mail/index.js';
import type { NativePushSender, PuertoNotificaciones, PushSender } from './modules/notifications/index.js';
import type { LimitesClientePublico } from './modules/client-side/index.js';
import type { ProveedorPagos, PuertoPlanes, SuscripcionesService } from './modules/plans/index.js';
import type { LimitesSolicitudes } from './modules/solicitudes/index.js';
import type { PuertoEncuestas } from './modules/surveys/index.js';
import type { DepsWhatsapp, LimitesWhatsapp, ProveedorWhatsapp, PuertoWhatsapp } from './modules/whatsapp/index.js';

/** What `buildApp` is given: every part can be replaced, so tests build the app with their own. */
export interface AppParts {
  config: Config;
  database: Database;
  clock?: Clock;
  bus?: EventBus;
  throttle?: LoginThrottle;
  /**
   * Where the limits count. Default: PostgreSQL's `limites_compartidos` on PostgreSQL (shared by
   * every instance), memory on PGlite.
   */
  limites?: ContadorLimites;
  /** The general per-address ceiling of the anonymous public routes (infra/techo-publico.ts; tests). */
  techoPublico?: Limite;
  /** Web Push sender; null turns push off. Default: the installation's VAPID keys (table secretos_instancia). */
  push?: PushSender | null;
  /** The native app's push (FCM/APNs) adapter; none by default (docs/APP-DE-CAMPO.md). */
  pushNativo?: NativePushSender | null;
  /** This instance's id for live presence (several instances share one database). */
  instanceId?: string;
  /** Overrides of the STOMP broker's limits (tests). */
  broker?: Partial<BrokerOptions>;
  /** Where attached files live; by default a folder `archivos` under the data folder. */
  storage?: Storage;
  /** Where log lines go instead of stdout (tests read them); the level is still config.logLevel. */
  logStream?: DestinationStream;
  /** Called with every route as it is registered (tests build the route table from it). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Where mail goes. Default: SMTP_URL's server, or .eml files in DATA_DIR/correo without one.
   * The worker that delivers it starts in boot.ts (tests call `services.mail.deliverPending()`).
   */
  mailTransport?: MailTransport;
  /** Overrides of the public account calls' rate limits (tests). */
  limitesCuentas?: Partial<LimitesCuentas>;
  /** Overrides of the caps on outgoing mail (tests of other modules that mail one address often). */
  limitesCorreo?: Partial<LimitesCorreo>;
  /**
   * The payment provider of the plans (docs/PLANES.md). Default: MercadoPago when
   * MERCADOPAGO_ACCESS_TOKEN is set, otherwise the test mode when `modoDePagos` allows it.
   */
  pagos?: ProveedorPagos;
  /**
   * The WhatsApp provider (docs/WHATSAPP.md). Default: the Cloud API when WHATSAPP_TOKEN is set,
   * otherwise the test mode, which writes each message to DATA_DIR/whatsapp.
   */
  whatsapp?: ProveedorWhatsapp;
  /** Overrides of the caps on WhatsApp messages per company and per number (tests). */
  limitesWhatsapp?: Partial<LimitesWhatsapp>;
  /** Overrides of the public order summary's and billing form's rate limits (tests). */
  limitesClientePublico?: Partial<LimitesClientePublico>;
  /** Overrides of the public request form's rate limits, per link and per address (tests). */
  limitesSolicitudes?: Partial<LimitesSolicitudes>;
  /**
   * Who runs the maintenance scheduler (docs/MANTENIMIENTO.md): by default pg-boss on PostgreSQL,
   * in process on PGlite; `null` only when a test calls `puertos.maintenance.ejecutar()`.
   */
  ejecutorMantenimiento?: DepsModuloMantenimiento['ejecutor'];
  /**
   * Who runs the service-level scan (docs/SLA.md): by default in process on every instance (its
   * claims are exactly once by themselves); `null` only when a test calls `puertos.sla.escanear()`.
   */
  ejecutorSla?: DepsSla['ejecutor'];
  /**
   * How often the statistics rollup folds what creates appended (docs/ESTADISTICAS.md «Altas por
   * lotes»): every 2 s by default; `null` only when a test folds by hand.
   */
  plegarResumenCadaMs?: DepsEstadisticas['plegarCadaMs'];
  /** The WhatsApp dispatcher's scan each minute: null in tests that run it by hand. */
  ejecutorWhatsapp?: DepsWhatsapp['ejecutor'];
  /**
   * What closes last on `app.close()`, after every module has stopped its workers: the database the
   * caller opened (boot.ts). Fastify runs onClose hooks in reverse order, so buildApp registers this
   * one first; added by the caller after buildApp, it ran first and closed the pool under the
   * scheduler's tick, the mail worker and the bus.
   */
  cerrarAlFinal?: () => Promise<void>;
  /**
   * Every answer checked against the contract's Zod schema besides its compiled serializer
   * (lib/serializer.ts). On by default (the tests); the server (boot.ts) turns it off.
   */
  verificarRespuestas?: boolean;
  /** Migrating, serving or draining, for readiness (boot.ts and main.ts drive it); always serving without one. */
  estado?: EstadoInstancia;
}

/**
 * The ports of the modules that the process itself drives (boot.ts starts the mail worker and the
 * overdue checks) and that the API tests reach into (a worker run, a throttle, an idle wait). Routes
 * never see them: each module's routes get their own service.
 */
export interface Puertos {
  identity: PuertoIdentidad;
  accounts: PuertoCuentas;
  plans: PuertoPlanes;
  suscripciones: SuscripcionesService;
  mail: PuertoCorreo;
  notifications: PuertoNotificaciones;
  surveys: PuertoEncuestas;
  idempotencia: PuertoIdempotencia;
  maintenance: PuertoMantenimiento;
  sla: PuertoSla;
  whatsapp: PuertoWhatsapp;
}

declare module 'fastify' {
  interface FastifyInstance {
    puertos: Puertos;
    bus: EventBus;
    caches: Caches;
  }
}
