import type { FastifyInstance } from 'fastify';
import type { AppParts, Puertos } from './app-parts.js';
import { crearCaches } from './caches.js';
import { LocalBus } from './kernel/bus.js';
import { systemClock, type Clock } from './kernel/clock.js';
import { ContadorEnMemoria, type ContadorLimites } from './lib/rate-limit.js';
import { ContadorPostgres } from './lib/limites-pg.js';
import type { Modulo, Nucleo } from './kernel/modulo.js';
import { crearServidor } from './infra/servidor.js';
import { registrarDocs } from './infra/docs.js';
import { registrarMetricas } from './infra/metricas.js';
import { registrarModulos } from './infra/modulos.js';
import { registerWeb } from './infra/web.js';
import { moduloCuentas } from './modules/accounts/index.js';
import { moduloCatalogo } from './modules/catalog/index.js';
import { cifradorCon, facturacionParaDetalle, moduloLadoCliente } from './modules/client-side/index.js';
import { moduloClientes } from './modules/clients/index.js';
import { moduloEntidades } from './modules/entidades/index.js';
import { moduloGastos } from './modules/expenses/index.js';
import { moduloArchivos } from './modules/files/index.js';
import { moduloSalud } from './modules/health/index.js';
import { moduloIdempotencia } from './modules/idempotencia/index.js';
import { moduloIdentidad } from './modules/identity/index.js';
import { moduloVivo } from './modules/live/index.js';
import { moduloCorreo } from './modules/mail/index.js';
import { moduloNotificaciones, WebPushSender } from './modules/notifications/index.js';
import { moduloOrdenes } from './modules/orders/index.js';
import { moduloPlanes } from './modules/plans/index.js';
import { moduloReportes } from './modules/reports/index.js';
import { moduloEstadisticas } from './modules/statistics/index.js';
import { secretosDeInstancia } from './modules/secretos/index.js';
import { moduloEncuestas } from './modules/surveys/index.js';

export type { AppParts, Puertos } from './app-parts.js';

/**
 * The limits' counters: shared in PostgreSQL's table when the database is PostgreSQL (several
 * instances may share it), in memory on PGlite (one instance).
 */
function contadorDeLimites(app: FastifyInstance, parts: AppParts, clock: Clock): ContadorLimites {
  if (parts.limites) return parts.limites;
  const now = () => clock.now().getTime();
  if (parts.database.kind !== 'postgres') return new ContadorEnMemoria(now);
  const contador = new ContadorPostgres(parts.database, now);
  contador.iniciar((err) => app.log.warn({ err }, 'limites.barridoFallido'));
  app.addHook('onClose', () => contador.detener());
  return contador;
}

/** The composition root: infra, caches, then each module after the ones whose ports it takes. */
export async function buildApp(parts: AppParts): Promise<FastifyInstance> {
  const { config, database } = parts;
  const clock = parts.clock ?? systemClock;
  const bus = parts.bus ?? new LocalBus();
  const app = crearServidor(config, parts);
  bus.useLogger(app.log); // subscribers' failures, in the redacting log
  // Every in-memory cache, with what invalidates it, in one place (src/caches.ts).
  const caches = crearCaches({ bus, log: app.log, clock, config });
  const n: Nucleo = {
    config,
    db: database.db,
    database,
    clock,
    bus,
    log: app.log,
    limites: contadorDeLimites(app, parts, clock),
  };
  // The VAPID keys and the share links' key, shared by every instance (table secretos_instancia).
  const secretos = await secretosDeInstancia(n);

  const entidades = moduloEntidades(n);
  const clientes = moduloClientes(n, { cache: caches.clientes });
  const correo = moduloCorreo(n, { transport: parts.mailTransport, limites: parts.limitesCorreo });
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
    facturacion: { paraDetalle: facturacionParaDetalle },
    idempotencia: idempotencia.puerto,
    registro: caches.registro,
    caches: { conteos: caches.conteos, paginas: caches.paginas, detalles: caches.detalles },
  });
  const notificaciones = moduloNotificaciones(n, {
    push: parts.push === undefined ? new WebPushSender(secretos.vapid) : parts.push,
    pushNativo: parts.pushNativo,
  });
  const archivos = moduloArchivos(n, {
    orders: ordenes.puerto,
    storage: parts.storage,
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
  const { instanceId, broker } = parts;
  const vivo = moduloVivo(n, {
    auth: identidad.puerto,
    plans: planes.puerto,
    notifications: notificaciones.puerto,
    instanceId,
    broker,
  });
  const modulos: Modulo[] = [
    moduloSalud(n, { estado: parts.estado }),
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
      encuestas: encuestas.puerto,
      limites: parts.limitesClientePublico,
      cifrador: cifradorCon(secretos.claveEnlaces),
    }),
    vivo,
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
  app.decorate('puertos', puertos).decorate('bus', bus).decorate('caches', caches);

  // Before any route is registered: each gets its own measurement.
  const fuentes = { database, bus, correo: correo.puerto, vivo: vivo.puerto, notificaciones: notificaciones.puerto };
  registrarMetricas(app, config, fuentes);
  await registrarDocs(app);
  await registrarModulos(app, modulos, identidad.puerto, bus, { contador: n.limites, limite: parts.techoPublico });
  await registerWeb(app, config.webDist);
  return app;
}
