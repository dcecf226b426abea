import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { roles, usuarioRoles, usuarios } from './users.tables.js';

export interface CredencialesRow {
  id: number;
  entidadId: number;
  usuario: string;
  passwordHash: string;
  nombre: string;
  apellido: string;
  email: string | null;
  activo: boolean;
}

export class UsersRepository {
  constructor(private readonly db: DbOrTx) {}

  async findByLogin(usuario: string): Promise<CredencialesRow | undefined> {
    const rows = await this.db
      .select({
        id: usuarios.id,
        entidadId: usuarios.entidadId,
        usuario: usuarios.usuario,
        passwordHash: usuarios.passwordHash,
        nombre: usuarios.nombre,
        apellido: usuarios.apellido,
        email: usuarios.email,
        activo: usuarios.activo,
      })
      .from(usuarios)
      .where(eq(sql`lower(${usuarios.usuario})`, usuario.toLowerCase()))
      .limit(1);
    return rows[0];
  }

  rolesOf(entidadId: number, userId: number) {
    return this.db
      .select({ id: roles.id, nombre: roles.nombre, descripcion: roles.descripcion })
      .from(usuarioRoles)
      .innerJoin(roles, eq(roles.id, usuarioRoles.rolId))
      .innerJoin(usuarios, eq(usuarios.id, usuarioRoles.usuarioId))
      .where(and(eq(usuarioRoles.usuarioId, userId), eq(usuarios.entidadId, entidadId)))
      .orderBy(asc(roles.id));
  }

  allRoles() {
    return this.db
      .select({ id: roles.id, nombre: roles.nombre, descripcion: roles.descripcion })
      .from(roles)
      .orderBy(asc(roles.id));
  }
}
