import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { moment, requiredRef, stamp } from '../../lib/columns.js';
import { ordenArchivos } from '../files/files.tables.js';
import { filaDeOrden } from '../orders/orders.tables.js';
import { usuarios } from '../identity/users.tables.js';

/** Hours worked on an order: whose (usuario), who logged them (autor), which day, how long. */
export const registroHoras = pgTable(
  'registro_horas',
  {
    ...filaDeOrden(),
    usuarioId: requiredRef(() => usuarios.id),
    autorId: requiredRef(() => usuarios.id),
    /** The moment the client sent (ms precision). */
    fecha: moment().notNull(),
    /** Its calendar day in Argentina: the unit of the 24 h rule and of the reports. */
    dia: date({ mode: 'string' }).notNull(),
    /** Hours and minutes, as minutes (1..1440). */
    minutos: integer().notNull(),
    descripcion: text().notNull().default(''),
    creado: stamp(),
    actualizado: stamp(),
  },
  (t) => [
    index('registro_horas_orden_idx').on(t.entidadId, t.ordenId),
    index('registro_horas_usuario_dia_idx').on(t.entidadId, t.usuarioId, t.dia),
    index('registro_horas_dia_idx').on(t.entidadId, t.dia),
    check('registro_horas_minutos_ck', sql`${t.minutos} between 1 and 1440`),
  ],
);

/** Expenses of an order, in cents of their currency. */
export const registroGastos = pgTable(
  'registro_gastos',
  {
    ...filaDeOrden(),
    autorId: requiredRef(() => usuarios.id),
    fecha: moment().notNull(),
    concepto: text().notNull(),
    centavos: bigint({ mode: 'number' }).notNull(),
    /** ISO 4217 code. */
    moneda: text().notNull().default('ARS'),
    /** A file of the same order that is the receipt; removing the file leaves the expense without it. */
    comprobanteArchivoId: integer().references(() => ordenArchivos.id, { onDelete: 'set null' }),
    creado: stamp(),
    actualizado: stamp(),
  },
  (t) => [
    index('registro_gastos_orden_idx').on(t.entidadId, t.ordenId),
    check('registro_gastos_centavos_ck', sql`${t.centavos} > 0`),
  ],
);
