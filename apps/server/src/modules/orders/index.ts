import type { CacheRegistry } from '../../kernel/cache-registry.js';
import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { ReglasDeEstado } from '../../kernel/reglas-de-estado.js';
import type { PuertoClientes } from '../clients/index.js';
import type { PuertoIdempotencia } from '../idempotencia/index.js';
import type { PuertoPlanes } from '../plans/index.js';
import type { PuertoIdentidad } from '../identity/index.js';
import { OrdersLecturasRepository } from './orders.lecturas.repository.js';
import {
  OrdersLecturasService,
  type CachesDeLecturas,
  type FacturacionParaDetalle,
} from './orders.lecturas.service.js';
import { DECLARACION_NOMBRES, NombresCache } from './orders.nombres.js';
import type { SentenciasAjenas, SentenciasAjenasEnLote } from './orders.repository.js';
import { ordersRoutes } from './orders.routes.js';
import { OrdersService } from './orders.service.js';

export { DECLARACION_NOMBRES } from './orders.nombres.js';
export { columnasDeContenido } from './orders.columnas.js';
export { visibilidad, NO_EXISTE, type FacturacionParaDetalle, type OrdenExportada } from './orders.lecturas.service.js';
export type { AccesoOrden, EventoAjeno } from './orders.service.js';
/** Whether an actor may change an order (its dates among them): the calendar's «draggable». */
export { puedeModificar } from './orders.policy.js';
export type { SentenciasAjenas, SentenciasAjenasEnLote } from './orders.repository.js';

/**
 * What other modules may ask of the orders module: whether an actor may see or change an order
 * (`acceso`), writing in its history inside their transaction, creating an order inside their
 * transaction (a checklist's follow-up) or several at once (the maintenance scheduler's batch), and
 * the reads they show (detail, history, names, the list's conditions, the export's pages).
 */
export type PuertoOrdenes = Pick<
  OrdersService,
  | 'acceso'
  | 'insertEvento'
  | 'insertEventos'
  | 'reabrir'
  | 'crearEnTransaccion'
  | 'crearVariasEnTransaccion'
  | 'renovarCupoSiVencio'
  | 'responsableEnTransaccion'
> &
  Pick<
    OrdersLecturasService,
    | 'find'
    | 'detalle'
    | 'historial'
    | 'nombresDe'
    | 'condicionesDeLista'
    | 'paginasParaExportar'
    | 'lista'
    | 'clientesUsados'
  >;

export interface DepsOrdenes {
  /** The assignable people of the order screens. */
  users: Pick<PuertoIdentidad, 'activosDeEmpresa'>;
  clients: Pick<PuertoClientes, 'find'>;
  /** A lapsed plan period is renewed before a create gives up; its quota statements are composed into the create. */
  plans: Pick<PuertoPlanes, 'renovarSiVencio'> &
    Pick<SentenciasAjenas, 'tomarCupoSql'> &
    Pick<SentenciasAjenasEnLote, 'tomarCuposSql'>;
  /** The company's next order numbers, composed into the create. */
  entidades: Pick<SentenciasAjenas, 'siguienteNumeroSql'> & Pick<SentenciasAjenasEnLote, 'siguientesNumerosSql'>;
  /** The order's billing data in the detail (the client-side module's `paraDetalle`), read with the order. */
  facturacion: { paraDetalle: FacturacionParaDetalle };
  idempotencia: Pick<PuertoIdempotencia, 'reclamar' | 'completar' | 'liberar'>;
  /** Where the module registers its names cache (invalidated by the bus). */
  registro: Pick<CacheRegistry, 'register'>;
  /** The list's and detail's answer caches (src/caches.ts). */
  caches: Omit<CachesDeLecturas, 'nombres'>;
  /**
   * The rules other modules registered that may block a state change (checklists, conformity),
   * asked inside the change's transaction (kernel/reglas-de-estado.ts).
   */
  reglas: Pick<ReglasDeEstado, 'exigir'>;
}

/**
 * Work orders: create, change, delegate, delete (OrdersService) and the list, detail, history and
 * export (OrdersLecturasService), with the names cache the reads join in memory (ADR 0005).
 */
export function moduloOrdenes(
  n: Pick<Nucleo, 'db' | 'database' | 'clock' | 'bus'>,
  deps: DepsOrdenes,
): Modulo<PuertoOrdenes> {
  const consultar = n.database.consultar;
  // The names' loader reads through the caller's transaction when there is one (orders.nombres.ts).
  const nombres = deps.registro.register(
    DECLARACION_NOMBRES,
    new NombresCache(
      (entidadId, tx) =>
        (tx ? new OrdersLecturasRepository(tx) : new OrdersLecturasRepository(n.db, consultar)).nombres(entidadId),
      DECLARACION_NOMBRES,
    ),
  );
  const lecturas = new OrdersLecturasService(
    n.db,
    n.clock,
    { ...deps.caches, nombres },
    { users: deps.users, clients: deps.clients, consultar, facturacion: deps.facturacion.paraDetalle },
  );
  const orders = new OrdersService(
    n.db,
    n.clock,
    n.bus,
    deps.plans,
    lecturas,
    {
      tomarCupoSql: deps.plans.tomarCupoSql,
      siguienteNumeroSql: deps.entidades.siguienteNumeroSql,
      tomarCuposSql: deps.plans.tomarCuposSql,
      siguientesNumerosSql: deps.entidades.siguientesNumerosSql,
    },
    deps.reglas,
    { consultar },
  );
  const puerto: PuertoOrdenes = {
    acceso: orders.acceso.bind(orders),
    insertEvento: orders.insertEvento.bind(orders),
    insertEventos: orders.insertEventos.bind(orders),
    crearEnTransaccion: orders.crearEnTransaccion.bind(orders),
    crearVariasEnTransaccion: orders.crearVariasEnTransaccion.bind(orders),
    renovarCupoSiVencio: orders.renovarCupoSiVencio.bind(orders),
    reabrir: orders.reabrir.bind(orders),
    responsableEnTransaccion: orders.responsableEnTransaccion.bind(orders),
    find: lecturas.find.bind(lecturas),
    detalle: lecturas.detalle.bind(lecturas),
    historial: lecturas.historial.bind(lecturas),
    nombresDe: lecturas.nombresDe.bind(lecturas),
    condicionesDeLista: lecturas.condicionesDeLista.bind(lecturas),
    paginasParaExportar: lecturas.paginasParaExportar.bind(lecturas),
    lista: lecturas.lista.bind(lecturas),
    clientesUsados: lecturas.clientesUsados.bind(lecturas),
  };
  return {
    nombre: 'orders',
    puerto,
    rutas: ordersRoutes(orders, lecturas, deps.idempotencia),
  };
}
