import { boolean, index, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { requiredRef } from '../../lib/columns.js';
import { usuarios } from './users.tables.js';
import { clientes } from '../clients/clients.tables.js';
import { entidadRef } from '../entidades/entidades.tables.js';

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
    usuarioId: requiredRef(() => usuarios.id, { onDelete: 'cascade' }),
    permiso: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.permiso] })],
);

/** Per-client permissions held by a user. */
export const usuarioClientePermisos = pgTable(
  'usuario_cliente_permisos',
  {
    entidadId: entidadRef(),
    usuarioId: requiredRef(() => usuarios.id, { onDelete: 'cascade' }),
    clienteId: requiredRef(() => clientes.id, { onDelete: 'cascade' }),
    delegarOrden: boolean().notNull().default(false),
    modificarOrden: boolean().notNull().default(false),
    borrarOrden: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.clienteId] }), index('ucp_entidad_idx').on(t.entidadId)],
);
