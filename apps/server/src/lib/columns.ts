import { integer, timestamp, type AnyPgColumn, type ReferenceConfig } from 'drizzle-orm/pg-core';

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
