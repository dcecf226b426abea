import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import { crearCaches, type Caches } from './caches.js';
import type { Config } from './config.js';
import type { Database } from './kernel/db/client.js';
import { LocalBus, type EventBus } from './kernel/bus.js';
import { systemClock, type Clock } from './kernel/clock.js';
import { limitConnectionsPerAddress, responderYCerrar, timeoutOptions } from './lib/connection-guard.js';
import { installErrorHandler } from './kernel/error-handler.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { opcionesDeLog, urlParaLog } from './lib/log-redaction.js';
import { erroresDeUrl, validatorCompilerSeguro } from './lib/validator.js';
import { fastifyTrustProxy, listedProxy } from './lib/trust-proxy.js';
import { serializadorDeRespuestas } from './lib/serializer.js';
import { AuthService } from './modules/auth/auth.service.js';
import { requireAuth } from './kernel/auth-hook.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { moduloClientes } from './modules/clients/index.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { entidadesRoutes } from './modules/entidades/entidades.routes.js';
import { ProfileService } from './modules/profile/profile.service.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { EntidadesService, siguienteNumeroSql } from './modules/entidades/entidades.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { PermissionsService } from './modules/permissions/permissions.service.js';
import { PlansService, tomarCupoSql } from './modules/plans/plans.service.js';
import { plansPublicRoutes, plansRoutes } from './modules/plans/plans.routes.js';
import { SuscripcionesService } from './modules/plans/suscripciones.service.js';
import type { ProveedorPagos } from './modules/plans/proveedor-pagos.js';
import { ProveedorMercadoPago } from './modules/plans/proveedor-mercadopago.js';
import { ProveedorPrueba } from './modules/plans/proveedor-prueba.js';
import { modoDePagos } from './modules/plans/modo-pagos.js';
import { UsersService } from './modules/users/users.service.js';
import { moduloOrdenes } from './modules/orders/index.js';
import { registerWeb } from './modules/web/web.plugin.js';
import { FsStorage, moduloArchivos, type Storage } from './modules/files/index.js';
import { moduloGastos } from './modules/expenses/index.js';
import { moduloReportes } from './modules/reports/index.js';
import { StatisticsService } from './modules/statistics/statistics.service.js';
import { statisticsPublicRoutes, statisticsRoutes } from './modules/statistics/statistics.routes.js';
import type { LoginThrottle } from './modules/auth/login-throttle.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { WebPushSender, type NativePushSender, type PushSender } from './modules/notifications/push.js';
import { registerLive } from './modules/live/live.module.js';
import type { BrokerOptions } from './modules/live/live.broker.js';
import type { Services } from './services.js';
import { AccountsService, type LimitesCuentas } from './modules/accounts/accounts.service.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import type { LimitesCorreo } from './modules/mail/limites.js';
import { MailService, dominioDe } from './modules/mail/mail.service.js';
import { EmlTransport, SmtpTransport, type MailTransport } from './modules/mail/transport.js';
import { ClientSideService, type LimitesClientePublico } from './modules/client-side/client-side.service.js';
import { clientSidePublicRoutes, clientSideRoutes } from './modules/client-side/client-side.routes.js';
import { cifradorEnArchivo } from './modules/client-side/enlace-cifrado.js';
import { SurveysService } from './modules/surveys/surveys.service.js';
import { moduloIdempotencia } from './modules/idempotencia/index.js';
import { surveysPublicRoutes, surveysRoutes } from './modules/surveys/surveys.routes.js';

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

  const app = Fastify({
    // Hashes, credentials, tokens and SQL values never reach a line (lib/log-redaction.ts).
    logger: opcionesDeLog(config.logLevel, parts.logStream),
    frameworkErrors: erroresDeUrl,
    genReqId: () => randomUUID(),
    // One line per request, written by the onResponse hook below (debug for successes).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
    // req.ip is the client behind the proxies TRUST_PROXY names (login throttle, live socket).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Slow and idle clients are closed (HEADERS_TIMEOUT_MS and the rest, see connection-guard.ts).
    ...timeoutOptions(config),
    clientErrorHandler(err, socket) {
      if (!socket.writable) {
        socket.destroy();
        return;
      }
      const tooLarge = (err as { code?: string }).code === 'HPE_HEADER_OVERFLOW';
      const timedOut = (err as { code?: string }).code === 'ERR_HTTP_REQUEST_TIMEOUT';
      const status = tooLarge ? 431 : timedOut ? 408 : 400;
      const body = JSON.stringify({
        code: timedOut ? 'TIEMPO_AGOTADO' : 'DATOS_INVALIDOS',
        message: tooLarge
          ? 'Los encabezados de la solicitud son demasiado grandes.'
          : timedOut
            ? 'La solicitud tardó demasiado en llegar.'
            : 'La solicitud está mal formada.',
        requestId: randomUUID(),
      });
      const reason = tooLarge ? 'Request Header Fields Too Large' : timedOut ? 'Request Timeout' : 'Bad Request';
      // Destroyed shortly after, read or not (connection-guard.ts).
      responderYCerrar(
        socket,
        `HTTP/1.1 ${status} ${reason}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
    },
  }).withTypeProvider<ZodTypeProvider>();
  limitConnectionsPerAddress(app.server, {
    maxPerAddress: config.maxConnectionsPerAddress,
    exempt: listedProxy(config.trustProxy),
    onLimit: (address) => app.log.warn({ address, max: config.maxConnectionsPerAddress }, 'conexiones.limite'),
  });
  if (parts.onRoute) app.addHook('onRoute', parts.onRoute);

  const logSuccesses = config.logLevel === 'debug' || config.logLevel === 'trace';
  app.addHook('onResponse', (req, reply, done) => {
    const error = reply.statusCode >= 400;
    if (!error && !logSuccesses) {
      done();
      return;
    }
    // req.log already carries reqId.
    const line = {
      method: req.method,
      // Links' tokens (in the path of a page, in a public call's query) are never written.
      url: urlParaLog(req.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      usuarioId: req.actor?.id,
    };
    if (error) req.log.info(line, 'respuesta');
    else req.log.debug(line, 'respuesta');
    done();
  });
  app.setValidatorCompiler(validatorCompilerSeguro);
  // Answers are written by each route's compiled serializer; unless the server turns it off
  // (boot.ts), Zod checks every one too, as in the tests (lib/serializer.ts).
  app.setSerializerCompiler(serializadorDeRespuestas({ verificar: parts.verificarRespuestas ?? true }));
  app.decorateRequest('actor', null);
  installErrorHandler(app);
  registerSecurityHeaders(app);

  // Subscriber failures and the PostgreSQL listener's troubles go to the app's (redacting) log.
  bus.useLogger(app.log);
  // Every in-memory cache, with what invalidates it, in one place (src/caches.ts).
  const caches = crearCaches({
    bus,
    log: app.log,
    clock,
    config,
  });
  const permissions = new PermissionsService(db);
  // The renewal follows payment: the subscriptions' service (built below, used once requests arrive).
  const plans = new PlansService(db, clock, caches.plan, { renovar: (id) => suscripciones.renovar(id) });
  const entidades = new EntidadesService(db);
  const modClientes = moduloClientes({ db, bus }, { cache: caches.clientes });
  const clients = modClientes.puerto;
  const mail = new MailService(
    db,
    clock,
    parts.mailTransport ??
      (config.smtpUrl
        ? new SmtpTransport(config.smtpUrl, config.mailFrom)
        : new EmlTransport(path.join(config.dataDir, 'correo'), config.mailFrom)),
    app.log,
    {
      pollMs: config.mailPollMs,
      dominio: dominioDe(config.mailFrom),
      contacto: config.mailContacto ?? null,
      ...(parts.limitesCorreo ? { limites: parts.limitesCorreo } : {}),
    },
  );
  const users: UsersService = new UsersService(db, bus, {
    permissions,
    clients,
    cache: caches.usuarios,
    // Invitations are the accounts module's (built below, used only once requests arrive).
    invitaciones: {
      invite: (tx, actor, invitado): Promise<void> => accounts.invite(tx, actor, invitado),
      revoke: (tx, usuarioId): Promise<void> => accounts.revoke(tx, usuarioId),
      flush: () => accounts.flush(),
    },
  });
  const catalog = new CatalogService(db, bus);
  const profile = new ProfileService(users);
  const accounts: AccountsService = new AccountsService(db, clock, {
    users,
    entidades,
    mail,
    log: app.log,
    publicUrl: config.publicUrl,
    ...(parts.limitesCuentas ? { limites: parts.limitesCuentas } : {}),
  });
  const auth = new AuthService({
    users,
    permissions,
    plans,
    entidades,
    credenciales: caches.credenciales,
    log: app.log,
    ...(parts.throttle ? { throttle: parts.throttle } : {}),
  });
  const modIdempotencia = moduloIdempotencia({ db, clock, log: app.log, config });
  const modOrdenes = moduloOrdenes(
    { db, database, clock, bus },
    {
      users,
      clients,
      plans: { renovarSiVencio: (entidadId) => plans.renovarSiVencio(entidadId), tomarCupoSql },
      entidades: { siguienteNumeroSql },
      // The billing data of the detail (ordenDTO) is the client-side module's, read with the order.
      facturacion: { paraDetalle: ClientSideService.paraDetalle },
      idempotencia: modIdempotencia.puerto,
      registro: caches.registro,
      caches: { conteos: caches.conteos, paginas: caches.paginas, detalles: caches.detalles },
    },
  );
  const { orders, lecturas: ordersLecturas } = modOrdenes.servicios;
  const push = parts.push === undefined ? new WebPushSender(config.dataDir) : parts.push;
  const notifications = new NotificationsService(
    db,
    bus,
    clock,
    push,
    (obj, msg) => app.log.warn(obj, msg),
    parts.pushNativo ?? null,
  );
  const storage = parts.storage ?? new FsStorage(path.join(config.dataDir, 'archivos'));
  const modArchivos = moduloArchivos(
    { db, bus, clock, config },
    { orders: modOrdenes.puerto, storage, idempotencia: modIdempotencia.puerto },
  );
  const { files } = modArchivos.servicios;
  const modGastos = moduloGastos(
    { db, bus, clock },
    { orders: modOrdenes.puerto, files: modArchivos.puerto, idempotencia: modIdempotencia.puerto },
  );
  const modReportes = moduloReportes(
    { clock },
    { orders: modOrdenes.puerto, files: modArchivos.puerto, expenses: modGastos.puerto, entidades },
  );
  const statistics = new StatisticsService(db, clock, {
    ordersLecturas,
    plans,
    tablero: caches.tablero,
    consultar: database.consultar,
  });
  const clientSide: ClientSideService = new ClientSideService(db, clock, bus, {
    orders,
    lecturas: ordersLecturas,
    clients,
    entidades,
    files,
    mail,
    notifications,
    cifrador: cifradorEnArchivo(config.dataDir, (err) => app.log.error({ err }, 'clientePublico.claveEnlaces')),
    // The order's pending survey (issue 13), offered and answered on the public summary.
    encuestas: {
      hayPendiente: async (entidadId, ordenId) => Boolean(await surveys.findPendiente(entidadId, ordenId)),
      responder: (entidadId, ordenId, r) => surveys.responderPorOrden(entidadId, ordenId, r),
    },
    log: app.log,
    publicUrl: config.publicUrl,
    ...(parts.limitesClientePublico ? { limites: parts.limitesClientePublico } : {}),
  });
  const surveys = new SurveysService(db, clock, bus, {
    orders,
    clients,
    entidades,
    mail,
    notifications,
    log: app.log,
    publicUrl: config.publicUrl,
  });
  const modoPagos = parts.pagos ? parts.pagos.nombre : modoDePagos(config);
  if (modoPagos === 'prueba') {
    app.log.warn(
      { host: config.host, nodeEnv: config.nodeEnv },
      'planes.modoPrueba: los pagos corren en MODO DE PRUEBA, sin MercadoPago: cualquiera puede pasar a un plan pago con una tarjeta de prueba. Configure MERCADOPAGO_ACCESS_TOKEN antes de cobrar de verdad (docs/PLANES.md).',
    );
  } else if (modoPagos === 'sin-configurar') {
    app.log.warn(
      { host: config.host, nodeEnv: config.nodeEnv },
      'planes.pagosSinConfigurar: sin MERCADOPAGO_ACCESS_TOKEN; los cambios a un plan pago se rechazan (PAGOS_MODO_PRUEBA=true habilita el modo de prueba).',
    );
  }
  const suscripciones: SuscripcionesService = new SuscripcionesService(
    db,
    clock,
    bus,
    parts.pagos ?? proveedorDePagos(config),
    {
      plans,
      mail,
      entidades,
      log: app.log,
      publicUrl: config.publicUrl,
      pagosSinConfigurar: modoPagos === 'sin-configurar',
    },
  );
  const services: Services = {
    auth,
    users,
    permissions,
    plans,
    clients,
    entidades,
    orders,
    ordersLecturas,
    catalog,
    profile,
    notifications,
    files: modArchivos.puerto,
    expenses: modGastos.puerto,
    statistics,
    accounts,
    mail,
    surveys,
    clientSide,
    idempotencia: modIdempotencia.puerto,
    suscripciones,
  };
  app.decorate('services', services);
  app.decorate('bus', bus);
  app.decorate('caches', caches);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Delego API',
        description: 'API de Delego: órdenes de trabajo, delegación y administración.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          delego: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: '<usuario>#<md5 hex de la contraseña>',
          },
        },
      },
      security: [{ delego: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  await app.register(healthRoutes({ db }));
  // Sign-up, confirmation, recovery: public, outside the auth hook (each call rate-limited).
  await app.register(accountsRoutes(services));
  // The delay export the browser opens: by its single-use access token, outside the auth hook.
  await app.register(statisticsPublicRoutes(services));
  // The survey page's calls (encuestas/<k>): public, by the link's token, rate-limited.
  await app.register(surveysPublicRoutes(services));
  // The public order summary and the client's billing form (ordersummary/<k>): by token, rate-limited.
  await app.register(clientSidePublicRoutes(services));
  // MercadoPago's webhook: public, checked by its x-signature (docs/PLANES.md).
  await app.register(plansPublicRoutes(services));
  await app.register(async (scope) => {
    requireAuth(scope, auth);
    await scope.register(authRoutes(services));
    await scope.register(plansRoutes(services));
    await scope.register(modOrdenes.rutas!);
    await scope.register(notificationsRoutes(services));
    await scope.register(usersRoutes(services));
    await scope.register(modClientes.rutas!);
    await scope.register(catalogRoutes(services));
    await scope.register(profileRoutes(services));
    await scope.register(entidadesRoutes(services));
    await scope.register(modArchivos.rutas!);
    await scope.register(modGastos.rutas!);
    await scope.register(modReportes.rutas!);
    await scope.register(statisticsRoutes(services));
    await scope.register(surveysRoutes(services));
    await scope.register(clientSideRoutes(services));
  });

  await registerLive(app, {
    auth,
    bus,
    plans,
    notifications,
    instanceId: parts.instanceId ?? randomUUID(),
    ...(parts.broker ? { broker: parts.broker } : {}),
  });
  await registerWeb(app, config.webDist);
  app.addHook('onClose', async () => {
    // Work begun after an answer (recovery, resend) ends before the mail worker and the database.
    await accounts.idle();
    await surveys.idle();
    await suscripciones.idle();
    await mail.stop();
    await notifications.stop();
    await bus.close();
  });
  return app;
}

/**
 * MercadoPago when it has an access token; otherwise the test mode's sandbox (docs/PLANES.md), which
 * the service refuses to use when `modoDePagos` says payments are not configured.
 */
function proveedorDePagos(config: Config): ProveedorPagos {
  if (!config.mercadoPagoAccessToken) return new ProveedorPrueba(config.mercadoPagoWebhookSecret);
  return new ProveedorMercadoPago({
    accessToken: config.mercadoPagoAccessToken,
    publicKey: config.mercadoPagoPublicKey ?? null,
    webhookSecret: config.mercadoPagoWebhookSecret ?? '',
    baseUrl: config.mercadoPagoBaseUrl,
  });
}
