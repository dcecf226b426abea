import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { PuertoArchivos } from '../files/index.js';
import type { AlmacenIdempotencia } from '../idempotencia/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { expensesRoutes } from './expenses.routes.js';
import { ExpensesService } from './expenses.service.js';

export { diaAR, inicioDiaAR } from './dias.js';
export type { RangoDias } from './expenses.service.js';

/**
 * What other modules may ask of the expenses module: an order's hours and expenses, their totals
 * per order, and the hours reported in a range (its days, the summary, every entry in pages).
 */
export type PuertoGastos = Pick<
  ExpensesService,
  'registro' | 'totalesDeOrdenes' | 'rangoReporte' | 'horasReportadas' | 'detalleHoras'
>;

export interface DepsGastos {
  /** The order, locked, and what the actor may do with it; the history events of a save, at once. */
  orders: Pick<PuertoOrdenes, 'acceso' | 'insertEventos'>;
  /** Receipts are files of the order. */
  files: Pick<PuertoArchivos, 'nombresEnOrden'>;
  idempotencia: AlmacenIdempotencia;
}

/** Hours and expenses logged on orders, with the 24 h rule, and the hours reported per user and client. */
export function moduloGastos(n: Pick<Nucleo, 'db' | 'bus' | 'clock'>, deps: DepsGastos): Modulo<PuertoGastos> {
  const expenses = new ExpensesService(n.db, deps.orders, deps.files, n.bus, n.clock);
  return { nombre: 'expenses', puerto: expenses, rutas: expensesRoutes(expenses, deps.idempotencia) };
}
