import type { AppParts, Puertos } from './app-parts.js';
import type { Caches } from './caches.js';
import type { Modulo, Nucleo } from './kernel/modulo.js';
import type { FuentesDeMetricas } from './infra/metricas.js';
import { ReglasDeEstado } from './kernel/reglas-de-estado.js';
import { moduloCuentas } from './modules/accounts/index.js';
import { moduloCalendario } from './modules/calendar/index.js';
import { moduloCatalogo } from './modules/catalog/index.js';
import { cifradorCon, facturacionParaDetalle, moduloLadoCliente } from './modules/client-side/index.js';
import { moduloClientes } from './modules/clients/index.js';
import { moduloEntidades } from './modules/entidades/index.js';
import { moduloEquipos } from './modules/equipment/index.js';
import { moduloSla } from './modules/sla/index.js';
import { moduloConformidad } from './modules/conformity/index.js';
import { moduloGastos } from './modules/expenses/index.js';
import { moduloChecklists } from './modules/checklists/index.js';
import { almacenamientoDe, moduloArchivos } from './modules/files/index.js';
import { moduloSalud } from './modules/health/index.js';
import { moduloIdempotencia } from './modules/idempotencia/index.js';
import { moduloIdentidad } from './modules/identity/index.js';
import { moduloVivo } from './modules/live/index.js';
import { moduloCorreo } from './modules/mail/index.js';
import { moduloMantenimiento } from './modules/maintenance/index.js';
import { moduloNotificaciones, WebPushSender } from './modules/notifications/index.js';
import { moduloOrdenes } from './modules/orders/index.js';
import { moduloPlanes } from './modules/plans/index.js';
import { moduloReportes } from './modules/reports/index.js';
import { moduloEstadisticas } from './modules/statistics/index.js';
import { secretosAlArrancar } from './modules/secretos/index.js';
import { moduloSolicitudes } from './modules/solicitudes/index.js';
import { moduloExternos } from './modules/externos/index.js';
import { moduloEncuestas } from './modules/surveys/index.js';
import { moduloWhatsapp } from './modules/whatsapp/index.js';

/**
 * The module graph of the composition root (app.ts): each module is built after the ones whose
 * ports it takes, from the kernel (`n`), the caches and the parts a test may replace. Returns them
 * in the order their routes register, the ports the tests reach (`app.puertos`) and what /metrics reads.
 */
export async function armarModulos(
  n: Nucleo,
  parts: AppParts,
  caches: Caches,
): Promise<{ modulos: Modulo[]; puertos: Puertos; fuentes: FuentesDeMetricas; alCerrar: () => void }> {
  // The VAPID keys and the share links' key, shared by every instance (table secretos_instancia).
  const secretos = await secretosAlArrancar(n);

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
    mail: correo.puerto,
    publicUrl: n.config.publicUrl,
  });
  const cuentas = moduloCuentas(n, {
    identidad: identidad.puerto,
    entidades: entidades.puerto,
    mail: correo.puerto,
    limites: parts.limitesCuentas,
  });
  const idempotencia = moduloIdempotencia(n);
  // The rules that may block a state change: modules built below register theirs, orders asks them.
  const reglasDeEstado = new ReglasDeEstado();
  const ordenes = moduloOrdenes(n, {
    users: identidad.puerto,
    clients: clientes.puerto,
    plans: planes.puerto,
    entidades: entidades.puerto,
    facturacion: { paraDetalle: facturacionParaDetalle },
    idempotencia: idempotencia.puerto,
    registro: caches.registro,
    caches: { conteos: caches.conteos, paginas: caches.paginas, detalles: caches.detalles },
    reglas: reglasDeEstado,
  });
  const notificaciones = moduloNotificaciones(n, {
    push: parts.push === undefined ? new WebPushSender(secretos.vapid) : parts.push,
    pushNativo: parts.pushNativo,
    correo: { mail: correo.puerto, entidades: entidades.puerto },
  });
  // The files' storage, shared with the checklists' signatures; closed here when it is our own.
  const almacen = parts.storage ?? almacenamientoDe(n.config);
  const archivos = moduloArchivos(n, {
    orders: ordenes.puerto,
    storage: almacen,
    idempotencia: idempotencia.puerto,
  });
  const checklists = moduloChecklists(n, {
    orders: ordenes.puerto,
    files: archivos.puerto,
    storage: almacen,
    idempotencia: idempotencia.puerto,
    reglas: reglasDeEstado,
  });
  const conformidad = moduloConformidad(n, {
    orders: ordenes.puerto,
    notifications: notificaciones.puerto,
    storage: almacen,
    idempotencia: idempotencia.puerto,
    reglas: reglasDeEstado,
  });
  const gastos = moduloGastos(n, { orders: ordenes.puerto, files: archivos.puerto, idempotencia: idempotencia.puerto });
  const equipos = moduloEquipos(n, {
    orders: ordenes.puerto,
    files: archivos.puerto,
    idempotencia: idempotencia.puerto,
  });
  const encuestas = moduloEncuestas(n, {
    orders: ordenes.puerto,
    clients: clientes.puerto,
    entidades: entidades.puerto,
    mail: correo.puerto,
    notifications: notificaciones.puerto,
  });
  const mantenimiento = moduloMantenimiento(n, {
    orders: ordenes.puerto,
    plans: planes.puerto,
    notifications: notificaciones.puerto,
    mail: correo.puerto,
    entidades: entidades.puerto,
    idempotencia: idempotencia.puerto,
    ejecutor: parts.ejecutorMantenimiento,
  });
  const sla = moduloSla(n, {
    notifications: notificaciones.puerto,
    clients: clientes.puerto,
    entidades: entidades.puerto,
    mail: correo.puerto,
    cifrador: cifradorCon(secretos.claveEnlaces),
    ejecutor: parts.ejecutorSla,
    registro: caches.registro,
  });
  const ladoCliente = moduloLadoCliente(n, {
    orders: ordenes.puerto,
    lecturas: ordenes.puerto,
    clients: clientes.puerto,
    entidades: entidades.puerto,
    files: archivos.puerto,
    mail: correo.puerto,
    notifications: notificaciones.puerto,
    encuestas: encuestas.puerto,
    conformidad: conformidad.puerto,
    checklists: checklists.puerto,
    limites: parts.limitesClientePublico,
    cifrador: cifradorCon(secretos.claveEnlaces),
  });
  // Requests from outside the company (docs/SOLICITUDES.md): a client's link or a QR, into an order.
  const solicitudes = moduloSolicitudes(n, {
    orders: ordenes.puerto,
    files: archivos.puerto,
    storage: almacen,
    notifications: notificaciones.puerto,
    mail: correo.puerto,
    entidades: entidades.puerto,
    clients: clientes.puerto,
    equipos: equipos.puerto,
    enlaces: ladoCliente.puerto,
    cifrador: cifradorCon(secretos.claveEnlaces),
    limites: parts.limitesSolicitudes,
  });
  // Contractor links (docs/EXTERNOS.md): an order handed to an outsider, who works it by a link.
  const externos = moduloExternos(n, {
    orders: ordenes.puerto,
    identidad: identidad.puerto,
    mail: correo.puerto,
    entidades: entidades.puerto,
    notifications: notificaciones.puerto,
    cifrador: cifradorCon(secretos.claveEnlaces),
  });
  // WhatsApp for order events (docs/WHATSAPP.md): the Cloud API, or files in test mode.
  const whatsapp = moduloWhatsapp(n, {
    entidades: entidades.puerto,
    mail: correo.puerto,
    clients: clientes.puerto,
    orders: ordenes.puerto,
    proveedor: parts.whatsapp,
    limites: parts.limitesWhatsapp,
    preferencias: notificaciones.puerto,
    enlaces: ladoCliente.puerto,
    ejecutor: parts.ejecutorWhatsapp,
    registro: caches.registro,
  });
  const vivo = moduloVivo(n, {
    auth: identidad.puerto,
    plans: planes.puerto,
    orders: ordenes.puerto,
    notifications: notificaciones.puerto,
    instanceId: parts.instanceId,
    broker: parts.broker,
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
    whatsapp,
    archivos,
    conformidad,
    checklists,
    gastos,
    equipos,
    moduloReportes(n, {
      orders: ordenes.puerto,
      files: archivos.puerto,
      expenses: gastos.puerto,
      entidades: entidades.puerto,
      conformidad: conformidad.puerto,
      checklists: checklists.puerto,
    }),
    moduloEstadisticas(n, {
      ordersLecturas: ordenes.puerto,
      plans: planes.puerto,
      tablero: caches.tablero,
      plegarCadaMs: parts.plegarResumenCadaMs,
    }),
    moduloCalendario(n, { orders: ordenes.puerto, programadas: mantenimiento.puerto, cache: caches.calendario }),
    encuestas,
    mantenimiento,
    sla,
    ladoCliente,
    solicitudes,
    externos,
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
    maintenance: mantenimiento.puerto,
    sla: sla.puerto,
    whatsapp: whatsapp.puerto,
  };
  const fuentes = {
    database: n.database,
    bus: n.bus,
    correo: correo.puerto,
    vivo: vivo.puerto,
    notificaciones: notificaciones.puerto,
  };
  const alCerrar = () => {
    secretos.detener();
    if (!parts.storage) (almacen as { close?: () => void }).close?.();
  };
  return { modulos, puertos, fuentes, alCerrar };
}
