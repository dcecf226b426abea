import { boolean, integer, pgTable, primaryKey, serial, text, index } from 'drizzle-orm/pg-core';
import { usuarios } from '../users/users.tables.js';
import { clientes } from '../clients/clients.tables.js';
import { entidades } from '../entidades/entidades.tables.js';

/** Catalogue of permissions: the global ones and the per-client ones (SPEC §6). */
export const permisos = pgTable('permisos', {
  id: serial().primaryKey(),
  nombre: text().notNull(),
  descripcion: text().notNull(),
  tipo: text({ enum: ['GLOBAL', 'CLIENTE'] }).notNull(),
});

/** Global permissions held by a user. */
export const usuarioPermisos = pgTable(
  'usuario_permisos',
  {
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    permiso: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.permiso] })],
);

/** Per-client permissions held by a user. */
export const usuarioClientePermisos = pgTable(
  'usuario_cliente_permisos',
  {
    entidadId: integer()
      .notNull()
      .references(() => entidades.id),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    clienteId: integer()
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    delegarOrden: boolean().notNull().default(false),
    modificarOrden: boolean().notNull().default(false),
    borrarOrden: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.clienteId] }), index('ucp_entidad_idx').on(t.entidadId)],
);
