import type { SemanaHabilContrato } from '@delego/contract';
import { date, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { extensionDe, stamp } from '../../lib/columns.js';
import { entidadRef, entidades } from '../entidades/entidades.tables.js';

/** A company's working week (issue 34, docs/SLA.md); without a row, SEMANA_POR_DEFECTO. */
export const semanasHabiles = pgTable('semanas_habiles', {
  entidadId: extensionDe(() => entidades.id),
  semana: jsonb().$type<SemanaHabilContrato>().notNull(),
  actualizado: stamp(),
});

/**
 * What a company changed in its holidays: `agregado`, a holiday of its own; `trabajado`, a national
 * holiday it works on (the national ones themselves come from the holidays library, not a table).
 */
export const feriadosEmpresa = pgTable(
  'feriados_empresa',
  {
    entidadId: entidadRef(),
    dia: date({ mode: 'string' }).notNull(),
    tipo: text().$type<'agregado' | 'trabajado'>().notNull(),
    nombre: text().notNull(),
    creado: stamp(),
  },
  (t) => [primaryKey({ columns: [t.entidadId, t.dia] })],
);
