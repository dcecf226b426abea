import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import { crearCaches, type Caches } from './caches.js';
import type { Config } from './config.js';
import type { Database } from './kernel/db/client.js';
import { LocalBus, type EventBus } from './kernel/bus.js';
import { systemClock, type Clock } from './kernel/clock.js';
import { requireAuth } from './kernel/auth-hook.js';
import { moduloIdentidad } from './modules/identity/index.js';
import { moduloClientes } from './modules/clients/index.js';
import { moduloCatalogo } from './modules/catalog/index.js';
import { moduloEntidades } from './modules/entidades/index.js';
import { moduloSalud } from './modules/health/index.js';
import { moduloPlanes } from './modules/plans/index.js';
import type { PlansService } from './modules/plans/plans.service.js';
import type { EntidadesService } from './modules/entidades/entidades.service.js';
import type { ProveedorPagos } from './modules/plans/proveedor-pagos.js';
import { OrdersService } from './modules/orders/orders.service.js';
import { OrdersLecturasService } from './modules/orders/orders.lecturas.service.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { FilesService } from './modules/files/files.service.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { FsStorage, type Storage } from './modules/files/storage.js';
import { ExpensesService } from './modules/expenses/expenses.service.js';
import { expensesRoutes } from './modules/expenses/expenses.routes.js';
import { ReportsService } from './modules/reports/reports.service.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { moduloEstadisticas } from './modules/statistics/index.js';
import type { LoginThrottle } from './modules/identity/login-throttle.js';
import {
  moduloNotificaciones,
  WebPushSender,
  type NativePushSender,
  type PushSender,
} from './modules/notifications/index.js';
import { moduloVivo } from './modules/live/index.js';
import type { BrokerOptions } from './modules/live/live.broker.js';
import type { Services } from './services.js';
import { crearServidor } from './infra/servidor.js';
import { registrarDocs } from './infra/docs.js';
import { registerWeb } from './infra/web.js';
import { moduloCuentas, type LimitesCuentas } from './modules/accounts/index.js';
import {
  moduloCorreo,
  EmlTransport,
  SmtpTransport,
  type LimitesCorreo,
  type MailTransport,
} from './modules/mail/index.js';
import {
  cifradorEnArchivo,
  facturacionParaDetalle,
  moduloLadoCliente,
  type LimitesClientePublico,
} from './modules/client-side/index.js';
import { moduloEncuestas } from './modules/surveys/index.js';
import { IdempotenciaService } from './modules/idempotencia/idempotencia.service.js';
import { resumenError } from './lib/log-redaction.js';

z.config(z.locales.es());

export interface AppParts {
  config: Config;
  database: Database;
  clock?: Clock;
  bus?: EventBus;
  throttle?: LoginThrottle;
  /** Web Push sender; null turns push off. Default: VAPID keys kept in the data folder. */
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
  /** Overrides of the public order summary's and billing form's rate limits (tests). */
  limitesClientePublico?: Partial<LimitesClientePublico>;
  /**
   * Every answer checked against the contract's Zod schema besides its compiled serializer
   * (lib/serializer.ts). On by default (the tests); the server (boot.ts) turns it off.
   */
  verificarRespuestas?: boolean;
}

export type { Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    bus: EventBus;
    caches: Caches;
  }
}

/** The composition root: every part is passed in, so tests build the app with their own. */
export async function buildApp(parts: AppParts): Promise<FastifyInstance> {
  const { config, database } = parts;
  const db = database.db;
  const clock = parts.clock ?? systemClock;
  const bus = parts.bus ?? new LocalBus();

  // The HTTP server: logging, timeouts, validation, serialization, errors, headers (src/infra/).
  const app = crearServidor(config, parts);

  // Subscriber failures and the PostgreSQL listener's troubles go to the app's (redacting) log.
  bus.useLogger(app.log);
  // Every in-memory cache, with what invalidates it, in one place (src/caches.ts).
  const caches = crearCaches({
    bus,
    log: app.log,
    clock,
    config,
    // Called on the first read of a company's names, when the order reads exist.
    cargarNombres: (entidadId, tx) => ordersLecturas.findNombres(entidadId, tx),
  });
  const modEntidades = moduloEntidades({ db });
  const entidades = modEntidades.puerto as EntidadesService; // PENDIENTE-FUSION
  const modClientes = moduloClientes({ db, bus }, { cache: caches.clientes });
  const clients = modClientes.puerto;
  const modCorreo = moduloCorreo(
    { db, clock, log: app.log, config },
    {
      transport:
        parts.mailTransport ??
        (config.smtpUrl
          ? new SmtpTransport(config.smtpUrl, config.mailFrom)
          : new EmlTransport(path.join(config.dataDir, 'correo'), config.mailFrom)),
      ...(parts.limitesCorreo ? { limites: parts.limitesCorreo } : {}),
    },
  );
  const mail = modCorreo.puerto;
  const modPlanes = moduloPlanes(
    { db, clock, bus, log: app.log, config },
    {
      cache: caches.plan,
      mail,
      entidades,
      pagos: parts.pagos,
    },
  );
  const plans = modPlanes.puerto as PlansService; // PENDIENTE-FUSION
  const suscripciones = modPlanes.suscripciones;
  const modIdentidad = moduloIdentidad(
    { db, bus, log: app.log },
    {
      clients,
      entidades,
      plans,
      usuarios: caches.usuarios,
      credenciales: caches.credenciales,
      ...(parts.throttle ? { throttle: parts.throttle } : {}),
    },
  );
  const auth = modIdentidad.puerto;
  const users = modIdentidad.puerto;
  // Accounts writes the invitations an admin sends: it gives itself to identity (one way).
  const modCuentas = moduloCuentas(
    { db, clock, log: app.log, config },
    { identidad: modIdentidad.puerto, entidades, mail, limites: parts.limitesCuentas },
  );
  const modCatalogo = moduloCatalogo({ db, bus });
  const ordersLecturas = new OrdersLecturasService(db, clock, caches, {
    users,
    clients,
    consultar: database.consultar,
    // The billing data of the detail (ordenDTO) is the client-side module's, read with the order.
    facturacion: facturacionParaDetalle,
  });
  const orders = new OrdersService(db, clock, bus, plans, ordersLecturas, { consultar: database.consultar });
  const push = parts.push === undefined ? new WebPushSender(config.dataDir) : parts.push;
  const modNotificaciones = moduloNotificaciones(
    { db, bus, clock, log: app.log },
    { push, pushNativo: parts.pushNativo ?? null },
  );
  const notifications = modNotificaciones.puerto;
  const storage = parts.storage ?? new FsStorage(path.join(config.dataDir, 'archivos'));
  const files = new FilesService(db, orders, storage, bus, clock, { maxFileMb: config.maxFileMb });
  const expenses = new ExpensesService(db, orders, files, bus, clock);
  const reports = new ReportsService(ordersLecturas, files, expenses, entidades, clock);
  const modEstadisticas = moduloEstadisticas(
    { db, clock, database },
    { ordersLecturas, plans, tablero: caches.tablero },
  );
  const statistics = modEstadisticas.puerto;
  const modEncuestas = moduloEncuestas(
    { db, clock, bus, log: app.log, config },
    { orders, clients, entidades, mail, notifications },
  );
  const surveys = modEncuestas.puerto;
  const modLadoCliente = moduloLadoCliente(
    { db, clock, bus, log: app.log, config },
    {
      orders,
      lecturas: ordersLecturas,
      clients,
      entidades,
      files,
      mail,
      notifications,
      // The order's pending survey (issue 13), offered and answered on the public summary.
      encuestas: surveys,
      cifrador: cifradorEnArchivo(config.dataDir, (err) => app.log.error({ err }, 'clientePublico.claveEnlaces')),
      ...(parts.limitesClientePublico ? { limites: parts.limitesClientePublico } : {}),
    },
  );
  const clientSide = modLadoCliente.puerto;
  const idempotencia = new IdempotenciaService(
    db,
    clock,
    (error) => app.log.warn({ err: resumenError(error) }, 'idempotencia.limpiezaFallo'),
    config.requestTimeoutMs,
  );
  const services: Services = {
    auth,
    users,
    permissions: modIdentidad.puerto,
    plans,
    clients,
    entidades,
    orders,
    ordersLecturas,
    notifications,
    files,
    expenses,
    reports,
    statistics,
    accounts: modCuentas.puerto,
    mail,
    surveys,
    clientSide,
    idempotencia,
    suscripciones,
  };
  app.decorate('services', services);
  app.decorate('bus', bus);
  app.decorate('caches', caches);

  await registrarDocs(app);

  await app.register(moduloSalud({ db }).rutasPublicas!);
  // Sign-up, confirmation, recovery: public, outside the auth hook (each call rate-limited).
  await app.register(modCuentas.rutasPublicas!);
  // The delay export the browser opens: by its single-use access token, outside the auth hook.
  await app.register(modEstadisticas.rutasPublicas!);
  // The survey page's calls (encuestas/<k>): public, by the link's token, rate-limited.
  await app.register(modEncuestas.rutasPublicas!);
  // The public order summary and the client's billing form (ordersummary/<k>): by token, rate-limited.
  await app.register(modLadoCliente.rutasPublicas!);
  // MercadoPago's webhook: public, checked by its x-signature (docs/PLANES.md).
  await app.register(modPlanes.rutasPublicas!);
  await app.register(async (scope) => {
    requireAuth(scope, auth);
    await scope.register(modIdentidad.rutas!);
    await scope.register(modPlanes.rutas!);
    await scope.register(ordersRoutes(services));
    await scope.register(modNotificaciones.rutas!);
    await scope.register(modClientes.rutas!);
    await scope.register(modCatalogo.rutas!);
    await scope.register(modEntidades.rutas!);
    await scope.register(filesRoutes(services));
    await scope.register(expensesRoutes(services));
    await scope.register(reportsRoutes(services));
    await scope.register(modEstadisticas.rutas!);
    await scope.register(modEncuestas.rutas!);
    await scope.register(modLadoCliente.rutas!);
  });

  await app.register(
    moduloVivo(
      { bus },
      {
        auth,
        plans,
        notifications,
        instanceId: parts.instanceId ?? randomUUID(),
        broker: parts.broker,
      },
    ).rutasPublicas!,
  );
  await registerWeb(app, config.webDist);
  app.addHook('onClose', async () => {
    // Work begun after an answer (recovery, resend) ends before the mail worker and the database.
    await modCuentas.alCerrar?.();
    await modEncuestas.alCerrar?.();
    await modPlanes.alCerrar?.();
    await modCorreo.alCerrar?.();
    await modNotificaciones.alCerrar?.();
    await bus.close();
  });
  return app;
}
