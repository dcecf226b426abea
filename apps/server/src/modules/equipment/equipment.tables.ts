import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { requiredRef, stamp } from '../../lib/columns.js';
import { clientes } from '../clients/clients.tables.js';
import { filaDeEntidad } from '../entidades/entidades.tables.js';
import { columnasDeArchivo } from '../files/columnas.tables.js';

/**
 * A client's site (issue 32, docs/EQUIPOS.md). `codigo` is unique within the client, case aside;
 * `codigo_qr` (128 random bits, base64url) is unique in the whole system and never changes.
 */
export const ubicaciones = pgTable(
  'ubicaciones',
  {
    ...filaDeEntidad(),
    clienteId: requiredRef(() => clientes.id),
    nombre: text().notNull(),
    codigo: text(),
    direccion: text(),
    notas: text(),
    codigoQr: text().notNull(),
    creado: stamp(),
    actualizado: stamp(),
  },
  (t) => [
    index('ubicaciones_entidad_cliente_idx').on(t.entidadId, t.clienteId),
    uniqueIndex('ubicaciones_cliente_codigo_uq').on(t.clienteId, sql`lower(${t.codigo})`),
    uniqueIndex('ubicaciones_codigo_qr_uq').on(t.codigoQr),
  ],
);

/**
 * An equipo of a client, optionally at one of its sites. `codigo` is unique within the company,
 * case aside; `busqueda` holds nombre, codigo, marca, modelo and serie without accents, for the
 * list's search (lib/busqueda.ts).
 */
export const equipos = pgTable(
  'equipos',
  {
    ...filaDeEntidad(),
    clienteId: requiredRef(() => clientes.id),
    ubicacionId: integer().references(() => ubicaciones.id),
    nombre: text().notNull(),
    codigo: text(),
    ubicacionInterna: text(),
    marca: text(),
    modelo: text(),
    serie: text(),
    notas: text(),
    codigoQr: text().notNull(),
    creado: stamp(),
    actualizado: stamp(),
    busqueda: text().generatedAlwaysAs(
      sql`lower(f_unaccent(nombre || ' ' || coalesce(codigo, '') || ' ' || coalesce(marca, '') || ' ' || coalesce(modelo, '') || ' ' || coalesce(serie, '')))`,
    ),
  },
  (t) => [
    index('equipos_entidad_nombre_idx').on(t.entidadId, t.nombre, t.id),
    index('equipos_entidad_cliente_idx').on(t.entidadId, t.clienteId),
    index('equipos_ubicacion_idx').on(t.ubicacionId),
    uniqueIndex('equipos_entidad_codigo_uq').on(t.entidadId, sql`lower(${t.codigo})`),
    uniqueIndex('equipos_codigo_qr_uq').on(t.codigoQr),
  ],
);

/** Photos and files of an equipo (the files module's checks and storage); they go with it. */
export const equipoArchivos = pgTable(
  'equipo_archivos',
  {
    ...filaDeEntidad(),
    equipoId: requiredRef(() => equipos.id, { onDelete: 'cascade' }),
    ...columnasDeArchivo(),
  },
  (t) => [index('equipo_archivos_equipo_idx').on(t.entidadId, t.equipoId, t.id)],
);
