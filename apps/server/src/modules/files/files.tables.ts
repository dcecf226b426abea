import { index, pgTable } from 'drizzle-orm/pg-core';
import { columnasDeArchivo } from './columnas.tables.js';
import { filaDeOrden } from '../orders/orders.tables.js';

/** Files attached to an order. */
export const ordenArchivos = pgTable(
  'orden_archivos',
  {
    ...filaDeOrden(),
    ...columnasDeArchivo(),
  },
  (t) => [index('orden_archivos_orden_idx').on(t.entidadId, t.ordenId, t.id)],
);
