/**
 * A fake of the orders module's port for the modules that act on an order (files, expenses,
 * reports): one order of one company, which the actor may change; any other order or company is
 * not found, as the real port answers. The order row itself is written (other tables refer to it).
 */
import type { DbOrTx } from '../../src/kernel/db/client.js';
import type { Actor } from '../../src/kernel/actor.js';
import { AppError } from '../../src/kernel/errors.js';
import type { AccesoOrden, EventoAjeno, PuertoOrdenes } from '../../src/modules/orders/index.js';
import { ordenes } from '../../src/modules/orders/orders.tables.js';

export async function insertOrden(db: DbOrTx, entidadId: number, usuarioId: number): Promise<number> {
  const [row] = await db
    .insert(ordenes)
    .values({ entidadId, numero: 1, titulo: 'Cambiar la bomba', estadoId: 1, registroResponsableId: usuarioId })
    .returning({ id: ordenes.id });
  if (!row) throw new Error('orden no creada');
  return row.id;
}

export interface OrdenesFalsas extends Pick<PuertoOrdenes, 'acceso' | 'insertEvento' | 'insertEventos'> {
  /** Each call into the port that writes, with the events it was given. */
  escrituras: EventoAjeno[][];
}

export function ordenesFalsas(entidadId: number, ordenId: number): OrdenesFalsas {
  const escrituras: EventoAjeno[][] = [];
  const acceso = async (actor: Actor, id: number): Promise<AccesoOrden> => {
    if (actor.entidadId !== entidadId || id !== ordenId) throw AppError.notFound('La orden no existe.');
    return {
      orden: {
        id,
        numero: 1,
        titulo: 'Cambiar la bomba',
        estadoId: 1,
        clienteId: null,
        tipoOrdenId: null,
        areaId: null,
        prioridadId: null,
        fechaInicio: null,
        fechaFin: null,
        creada: 0,
        actualizada: 0,
        responsables: [actor.id],
        detalle: '',
        finalizada: null,
        registroResponsableId: actor.id,
        e5sAreaKey: null,
        e5sAreaName: null,
      },
      modificar: true,
      borrar: true,
    };
  };
  return {
    escrituras,
    acceso,
    insertEvento: async (_tx, _actor, _ordenId, e) => {
      escrituras.push([e]);
    },
    insertEventos: async (_tx, _actor, _ordenId, es) => {
      escrituras.push([...es]);
    },
  };
}
