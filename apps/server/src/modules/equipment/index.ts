import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { equipmentRoutes } from './equipment.routes.js';
import { EquipmentService } from './equipment.service.js';

/** What other modules may ask of sites and equipment: nothing yet (orders check their references in SQL). */
export type PuertoEquipos = Record<never, never>;

export interface DepsEquipos {
  /** The history's page and totals' conditions; the clients of the orders an actor sees (who may read what). */
  orders: Pick<PuertoOrdenes, 'lista' | 'condicionesDeLista' | 'clientesUsados'>;
}

/**
 * Sites and equipment of the clients (issue 32, docs/EQUIPOS.md): CRUD, import from CSV or XLSX,
 * the PDF sheet of QR labels, a scanned QR, and the history of the orders of an equipo.
 */
export function moduloEquipos(n: Pick<Nucleo, 'db' | 'clock' | 'config'>, deps: DepsEquipos): Modulo<PuertoEquipos> {
  const servicio = new EquipmentService(n.db, n.clock, { orders: deps.orders, publicUrl: n.config.publicUrl });
  return { nombre: 'equipment', puerto: {}, rutas: equipmentRoutes(servicio) };
}
