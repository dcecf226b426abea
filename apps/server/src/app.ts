import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppParts, Puertos } from './app-parts.js';
import { crearCaches } from './caches.js';
import type { Config } from './config.js';
import { requireAuth } from './kernel/auth-hook.js';
import { LocalBus } from './kernel/bus.js';
import { systemClock } from './kernel/clock.js';
import type { Modulo, Nucleo } from './kernel/modulo.js';
import { crearServidor } from './infra/servidor.js';
import { registrarDocs } from './infra/docs.js';
import { registerWeb } from './infra/web.js';
import { moduloCuentas } from './modules/accounts/index.js';
import { moduloCatalogo } from './modules/catalog/index.js';
import { cifradorEnArchivo, facturacionParaDetalle, moduloLadoCliente } from './modules/client-side/index.js';
import { moduloClientes } from './modules/clients/index.js';
import { moduloEntidades } from './modules/entidades/index.js';
import { moduloGastos } from './modules/expenses/index.js';
import { FsStorage, moduloArchivos } from './modules/files/index.js';
import { moduloSalud } from './modules/health/index.js';
import { moduloIdempotencia } from './modules/idempotencia/index.js';
import { moduloIdentidad } from './modules/identity/index.js';
import { moduloVivo } from './modules/live/index.js';
import { EmlTransport, moduloCorreo, SmtpTransport, type MailTransport } from './modules/mail/index.js';
import { moduloNotificaciones, WebPushSender } from './modules/notifications/index.js';
import { moduloOrdenes } from './modules/orders/index.js';
import { moduloPlanes } from './modules/plans/index.js';
import { moduloReportes } from './modules/reports/index.js';
import { moduloEstadisticas } from './modules/statistics/index.js';
import { moduloEncuestas } from './modules/surveys/index.js';

z.config(z.locales.es());

export type { AppParts, Puertos } from './app-parts.js';

/**
 * The composition root: the HTTP server (src/infra/), the caches, then the modules, each built
 * after the ones whose ports it takes (docs/ARCHITECTURE.md, "Cómo se agrega un módulo").
 */
export async function buildApp(parts: AppParts): Promise<FastifyInstance> {
  const { config, database } = parts;
  const clock = parts.clock ?? systemClock;
  const bus = parts.bus ?? new LocalBus();
  const app = crearServidor(config, parts);
  // Subscriber failures and the PostgreSQL listener's troubles go to the app's (redacting) log.
  bus.useLogger(app.log);
  // Every in-memory cache, with what invalidates it, in one place (src/caches.ts).
  const caches = crearCaches({ bus, log: app.log, clock, config });
  const n: Nucleo = { config, db: database.db, database, clock, bus, log: app.log };

  const entidades = moduloEntidades(n);
  const clientes = moduloClientes(n, { cache: caches.clientes });
  const correo = moduloCorreo(n, {
    transport: parts.mailTransport ?? transporteDeCorreo(config),
    limites: parts.limitesCorreo,
  });
  const planes = moduloPlanes(n, {
    cache: caches.plan,
    mail: correo.puerto,
    entidades: entidades.puerto,
    pagos: parts.pagos,
  });
  const identidad = moduloIdentidad(n, {
    clients: clientes.puerto,
    entidades: entidades.puerto,
    plans: planes.puerto,
    usuarios: caches.usuarios,
    credenciales: caches.credenciales,
    throttle: parts.throttle,
  });
  // Accounts writes the invitations an admin sends: it gives itself to identity (one way).
  const cuentas = moduloCuentas(n, {
    identidad: identidad.puerto,
    entidades: entidades.puerto,
    mail: correo.puerto,
    limites: parts.limitesCuentas,
  });
  const idempotencia = moduloIdempotencia(n);
  const ordenes = moduloOrdenes(n, {
    users: identidad.puerto,
    clients: clientes.puerto,
    plans: planes.puerto,
    entidades: entidades.puerto,
    // The billing data of the detail (ordenDTO) is the client-side module's, read with the order.
    facturacion: { paraDetalle: facturacionParaDetalle },
    idempotencia: idempotencia.puerto,
    registro: caches.registro,
    caches: { conteos: caches.conteos, paginas: caches.paginas, detalles: caches.detalles },
  });
  const notificaciones = moduloNotificaciones(n, {
    push: parts.push === undefined ? new WebPushSender(config.dataDir) : parts.push,
    pushNativo: parts.pushNativo ?? null,
  });
  const archivos = moduloArchivos(n, {
    orders: ordenes.puerto,
    storage: parts.storage ?? new FsStorage(path.join(config.dataDir, 'archivos')),
    idempotencia: idempotencia.puerto,
  });
  const gastos = moduloGastos(n, { orders: ordenes.puerto, files: archivos.puerto, idempotencia: idempotencia.puerto });
  const encuestas = moduloEncuestas(n, {
    orders: ordenes.puerto,
    clients: clientes.puerto,
    entidades: entidades.puerto,
    mail: correo.puerto,
    notifications: notificaciones.puerto,
  });
  const modulos: Modulo[] = [
    moduloSalud(n),
    entidades,
    clientes,
    correo,
    planes,
    identidad,
    cuentas,
    moduloCatalogo(n),
    idempotencia,
    ordenes,
    notificaciones,
    archivos,
    gastos,
    moduloReportes(n, {
      orders: ordenes.puerto,
      files: archivos.puerto,
      expenses: gastos.puerto,
      entidades: entidades.puerto,
    }),
    moduloEstadisticas(n, { ordersLecturas: ordenes.puerto, plans: planes.puerto, tablero: caches.tablero }),
    encuestas,
    moduloLadoCliente(n, {
      orders: ordenes.puerto,
      lecturas: ordenes.puerto,
      clients: clientes.puerto,
      entidades: entidades.puerto,
      files: archivos.puerto,
      mail: correo.puerto,
      notifications: notificaciones.puerto,
      // The order's pending survey (issue 13), offered and answered on the public summary.
      encuestas: encuestas.puerto,
      cifrador: cifradorEnArchivo(config.dataDir, (err) => app.log.error({ err }, 'clientePublico.claveEnlaces')),
      limites: parts.limitesClientePublico,
    }),
    moduloVivo(n, {
      auth: identidad.puerto,
      plans: planes.puerto,
      notifications: notificaciones.puerto,
      instanceId: parts.instanceId ?? randomUUID(),
      broker: parts.broker,
    }),
  ];
  const puertos: Puertos = {
    identity: identidad.puerto,
    accounts: cuentas.puerto,
    plans: planes.puerto,
    suscripciones: planes.suscripciones,
    mail: correo.puerto,
    notifications: notificaciones.puerto,
    surveys: encuestas.puerto,
    idempotencia: idempotencia.puerto,
  };
  app.decorate('puertos', puertos);
  app.decorate('bus', bus);
  app.decorate('caches', caches);

  await registrarDocs(app);
  // Public routes: the health checks, sign-up and recovery, the links' pages (surveys, the order
  // summary, the delay export), MercadoPago's webhook and the live socket (authenticated at CONNECT).
  for (const m of modulos) if (m.rutasPublicas) await app.register(m.rutasPublicas);
  await app.register(async (scope) => {
    requireAuth(scope, identidad.puerto);
    for (const m of modulos) if (m.rutas) await scope.register(m.rutas);
  });
  await registerWeb(app, config.webDist);
  app.addHook('onClose', async () => {
    // Work begun after an answer (recovery, a survey, mail) ends before the database, in reverse order.
    for (const m of [...modulos].reverse()) await m.alCerrar?.();
    await bus.close();
  });
  return app;
}

/** SMTP_URL's server, or .eml files in DATA_DIR/correo without one (docs/CORREO.md). */
function transporteDeCorreo(config: Config): MailTransport {
  return config.smtpUrl
    ? new SmtpTransport(config.smtpUrl, config.mailFrom)
    : new EmlTransport(path.join(config.dataDir, 'correo'), config.mailFrom);
}
