import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { PuertoArchivos } from '../files/index.js';
import type { AlmacenIdempotencia } from '../idempotencia/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { EquipmentFiles } from './equipment.archivos.js';
import { equipmentRoutes } from './equipment.routes.js';
import { EquipmentService } from './equipment.service.js';

export type { LugarQr } from './equipment.repository.js';

/**
 * What other modules may ask of sites and equipment: the place a QR code names, for the public
 * request form (requests, issue 33). Orders check their references in SQL.
 */
export type PuertoEquipos = Pick<EquipmentService, 'lugarDeQr'>;

export interface DepsEquipos {
  /** The history's page and totals' conditions; the clients of the orders an actor sees (who may read what). */
  orders: Pick<PuertoOrdenes, 'lista' | 'condicionesDeLista' | 'clientesUsados'>;
  /** An equipo's photos and files: received, checked, stored and sent as an order's are. */
  files: Pick<PuertoArchivos, 'recibir' | 'descargaDeClave' | 'borrarBytes' | 'limiteBytes'>;
  /** An upload retried with the same Idempotency-Key is applied once. */
  idempotencia: AlmacenIdempotencia;
}

/**
 * Sites and equipment of the clients (issue 32, docs/EQUIPOS.md): CRUD, import from CSV or XLSX,
 * the PDF sheet of QR labels, a scanned QR, and the history of the orders of an equipo.
 */
export function moduloEquipos(n: Pick<Nucleo, 'db' | 'clock' | 'config'>, deps: DepsEquipos): Modulo<PuertoEquipos> {
  const servicio = new EquipmentService(n.db, n.clock, {
    orders: deps.orders,
    publicUrl: n.config.publicUrl,
    files: deps.files,
  });
  const archivos = new EquipmentFiles(n.db, n.clock, deps.files, servicio);
  return {
    nombre: 'equipment',
    puerto: { lugarDeQr: (codigo) => servicio.lugarDeQr(codigo) },
    rutas: equipmentRoutes(servicio, archivos, {
      limiteBytes: deps.files.limiteBytes,
      idempotencia: deps.idempotencia,
    }),
  };
}
