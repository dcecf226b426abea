import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
  type PgColumn,
  type ReferenceConfig,
} from 'drizzle-orm/pg-core';

/**
 * Column builders the `*.tables.ts` files share, so each table says only what is its own. They
 * build exactly what the spelled-out chain built: the migrations do not change.
 */

/** `integer not null references <ref>`: the required foreign key of a row (its company, order, author). */
export const requiredRef = (ref: () => AnyPgColumn, actions?: ReferenceConfig['actions']) =>
  integer().notNull().references(ref, actions);

/**
 * `integer primary key references <ref> on delete cascade`: the key of a row that adds to another
 * row (at most one each) and goes with it (a company's settings, an order's billing data).
 */
export const extensionDe = (ref: () => AnyPgColumn) => integer().primaryKey().references(ref, { onDelete: 'cascade' });

/** `timestamptz`: every moment is stored with its time zone. */
export const moment = () => timestamp({ withTimezone: true });

/** `timestamptz not null default now()`: when the row was written (or last changed). */
export const stamp = () => moment().notNull().defaultNow();

/**
 * The columns of a public link's row after its owner (an order's summary link, a client's request
 * link): the token's SHA-256 it is looked up by, the token encrypted so the company can copy the
 * same link again, who created it and when, and when it was revoked. `autor` is the users' id.
 */
export const columnasDeEnlace = (autor: () => AnyPgColumn) => ({
  hash: text().notNull(),
  cifrado: text(),
  creado: moment().notNull(),
  creadoPor: requiredRef(autor),
  revocado: moment(),
});

/**
 * The indexes of a {@link columnasDeEnlace} table `tabla`: each token once (`<tabla>_hash_uq`), and
 * at most one active (not revoked) link per `duenio` (`<tabla>_activo_uq`).
 */
export const indicesDeEnlace = (tabla: string, t: { hash: PgColumn; revocado: PgColumn }, duenio: PgColumn) => [
  uniqueIndex(`${tabla}_hash_uq`).on(t.hash),
  uniqueIndex(`${tabla}_activo_uq`)
    .on(duenio)
    .where(sql`${t.revocado} is null`),
];

/**
 * The delivery state of an outbox row (`correo_salida`, `whatsapp_salida`): the tries so far, when
 * the next is due, the lease of the worker that holds it and the last error. Its `estado` is the
 * table's own (each outbox has its states).
 */
export const columnasDeSalida = () => ({
  intentos: integer().notNull().default(0),
  proximoIntento: moment().notNull(),
  /** While set and in the future, one worker holds the row (its lease). */
  reclamadoHasta: moment(),
  ultimoError: text(),
});

/** `<tabla>_pendientes_idx`: the rows of a {@link columnasDeSalida} outbox still to send, by due time. */
export const indicePendientes = (tabla: string, t: { proximoIntento: PgColumn; estado: PgColumn }) =>
  index(`${tabla}_pendientes_idx`)
    .on(t.proximoIntento)
    .where(sql`${t.estado} = 'pendiente'`);
