import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moment, requiredRef, stamp } from '../../lib/columns.js';
import { entidadRef } from '../entidades/entidades.tables.js';

export const roles = pgTable('roles', {
  id: serial().primaryKey(),
  nombre: text().notNull().unique(),
  descripcion: text().notNull(),
});

export const usuarios = pgTable(
  'usuarios',
  {
    id: serial().primaryKey(),
    entidadId: entidadRef(),
    /** Login name, unique across the whole system regardless of case. */
    usuario: text().notNull(),
    /**
     * argon2id hash of the MD5 hex the client sends; the MD5 itself is never stored. Null for an
     * invited user who has not set a password yet (nothing verifies against it).
     */
    passwordHash: text(),
    nombre: text().notNull(),
    apellido: text().notNull().default(''),
    email: text(),
    activo: boolean().notNull().default(true),
    /** Who supervises this user (same company), if anyone. */
    supervisorId: integer(),
    /**
     * False for an owner who signed up and has not opened the confirmation mail yet: the login
     * refuses them (CUENTA_NO_CONFIRMADA). Users created by an admin are confirmed.
     */
    confirmado: boolean().notNull().default(true),
    /** The terms version (TERMINOS_VERSION) accepted at sign-up, and when. */
    terminosVersion: text(),
    terminosAceptados: moment(),
    /**
     * An outsider's identity (modules/externos): the user a contractor link's acts are written
     * under, named «Externo: <nombre>». It never logs in, has no email, roles or permissions, and
     * no list, picker or search of users shows it.
     */
    externo: boolean().notNull().default(false),
    creado: stamp(),
    actualizado: stamp(),
  },
  (t) => [
    uniqueIndex('usuarios_usuario_lower_uq').on(sql`lower(${t.usuario})`),
    // Recovery and sign-up look accounts up by email, regardless of case.
    index('usuarios_email_lower_idx').on(sql`lower(${t.email})`),
    index('usuarios_entidad_idx').on(t.entidadId),
  ],
);

export const usuarioRoles = pgTable(
  'usuario_roles',
  {
    usuarioId: requiredRef(() => usuarios.id, { onDelete: 'cascade' }),
    rolId: requiredRef(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.rolId] })],
);
