import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { ReglasDeEstado } from '../../kernel/reglas-de-estado.js';
import type { PuertoArchivos, Storage } from '../files/index.js';
import type { AlmacenIdempotencia } from '../idempotencia/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { checklistsRoutes } from './checklists.routes.js';
import { ChecklistsService } from './checklists.service.js';

/**
 * What other modules may ask of the checklists (the conformity, the PDF report, the public
 * summary): an order's checklist as its people see it, its public items (no actor: the summary's
 * link), a signature's image, and the signature check for their own images (lib/imagen-firma.ts).
 */
export type PuertoChecklists = Pick<ChecklistsService, 'checklist' | 'firma' | 'publicos' | 'firmaDeEmpresa'>;

export interface DepsChecklists {
  /** The order (locked for a write) and what the actor may do; its history; a follow-up order created in our transaction. */
  orders: Pick<PuertoOrdenes, 'acceso' | 'insertEventos' | 'crearEnTransaccion' | 'renovarCupoSiVencio'>;
  /** Photos of an answer are files of the order; a follow-up order gets copies of its item's photos. */
  files: Pick<PuertoArchivos, 'nombresEnOrden' | 'copiarEnTransaccion'>;
  /** Where signature images are kept (the files' storage). */
  storage: Storage;
  idempotencia: AlmacenIdempotencia;
  /** Where the module registers its rule: required items block Finalizada. */
  reglas: Pick<ReglasDeEstado, 'registrar'>;
}

/**
 * Checklists (issue 31, docs/CHECKLISTS.md): templates per order type, each order's checklist,
 * answered item by item, follow-up orders from failed items, and the rule of Finalizada. An order
 * created, or whose type changed, gets its checklist from the bus (once in the whole system).
 */
export function moduloChecklists(
  n: Pick<Nucleo, 'db' | 'database' | 'clock' | 'bus'>,
  deps: DepsChecklists,
): Modulo<PuertoChecklists> {
  const ck = new ChecklistsService(n.db, n.clock, n.bus, deps.orders, deps.files, deps.storage, n.database.consultar);
  deps.reglas.registrar('checklists', ck.reglaFinalizar);
  n.bus.subscribeLocal((e) => {
    // Without a type there is no template to copy: nothing to do until the order gets one.
    if (e.type === 'orden.creada' && e.tipoOrdenId !== null)
      return ck.alCambiarOrden(e.entidadId, e.ordenId, e.usuarioId, 'alta');
    if (e.type === 'orden.modificada' && e.tipoCambiado)
      return ck.alCambiarOrden(e.entidadId, e.ordenId, e.usuarioId, 'tipo');
    return undefined;
  });
  return {
    nombre: 'checklists',
    puerto: {
      checklist: ck.checklist.bind(ck),
      firma: ck.firma.bind(ck),
      publicos: ck.publicos.bind(ck),
      firmaDeEmpresa: ck.firmaDeEmpresa.bind(ck),
    },
    rutas: checklistsRoutes(ck, deps.idempotencia),
  };
}
