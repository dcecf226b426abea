import { randomUUID } from 'node:crypto';
import { esViolacionDeUnicidad } from '../../kernel/db-errors.js';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Rol } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { contieneSql, normalizadoSql, palabrasDeBusqueda } from '../../lib/busqueda.js';
import { filaInsertada, firstRow, hasRow } from '../../lib/queries.js';
import { roles, usuarioRoles, usuarios } from './users.tables.js';

export interface CredencialesRow {
  id: number;
  entidadId: number;
  usuario: string;
  /** Null: invited, no password set yet. */
  passwordHash: string | null;
  nombre: string;
  apellido: string;
  email: string | null;
  activo: boolean;
  /** False until a signed-up owner opens the confirmation mail. */
  confirmado: boolean;
}

/** A user as the public account calls see it (sign-up, confirmation, recovery, invitation). */
export interface CuentaRow {
  id: number;
  entidadId: number;
  usuario: string;
  nombre: string;
  email: string | null;
  activo: boolean;
  confirmado: boolean;
  invitacionPendiente: boolean;
}

/** A user row as administration reads it (never the password hash). */
export interface UsuarioRow {
  id: number;
  entidadId: number;
  usuario: string;
  nombre: string;
  apellido: string;
  email: string | null;
  activo: boolean;
  supervisorId: number | null;
  invitacionPendiente: boolean;
}

/** Invited and no password chosen yet. */
const invitacionPendiente = sql<boolean>`(${usuarios.passwordHash} is null)`;

const columnasUsuario = {
  id: usuarios.id,
  entidadId: usuarios.entidadId,
  usuario: usuarios.usuario,
  nombre: usuarios.nombre,
  apellido: usuarios.apellido,
  email: usuarios.email,
  activo: usuarios.activo,
  supervisorId: usuarios.supervisorId,
  invitacionPendiente,
};

const columnasCuenta = {
  id: usuarios.id,
  entidadId: usuarios.entidadId,
  usuario: usuarios.usuario,
  nombre: usuarios.nombre,
  email: usuarios.email,
  activo: usuarios.activo,
  confirmado: usuarios.confirmado,
  invitacionPendiente,
};

/** True when a database error is a unique-constraint violation (pg and PGlite, wrapped or not). */
export const isUniqueViolation = esViolacionDeUnicidad;

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
        confirmado: usuarios.confirmado,
      })
      .from(usuarios)
      .where(and(eq(sql`lower(${usuarios.usuario})`, usuario.toLowerCase()), eq(usuarios.externo, false)))
      .limit(1);
    return rows[0];
  }

  /** Replaces the hash only if it is still `anterior` (a password changed meanwhile stays). */
  async reemplazarHash(entidadId: number, userId: number, anterior: string, nuevo: string): Promise<void> {
    await this.db
      .update(usuarios)
      .set({ passwordHash: nuevo })
      .where(and(eq(usuarios.id, userId), eq(usuarios.entidadId, entidadId), eq(usuarios.passwordHash, anterior)));
  }

  async passwordHashOf(entidadId: number, userId: number): Promise<string | undefined> {
    const rows = await this.db
      .select({ h: usuarios.passwordHash })
      .from(usuarios)
      .where(and(eq(usuarios.id, userId), eq(usuarios.entidadId, entidadId)))
      .limit(1);
    return rows[0]?.h ?? undefined;
  }

  // -------------------------------------------------------------------------------------------
  // The public account calls (accounts module): no actor, so no company to filter by. A link's
  // token names the user; a recovery names a login or an email.

  findCuenta(userId: number): Promise<CuentaRow | undefined> {
    return firstRow(this.db.select(columnasCuenta).from(usuarios).where(eq(usuarios.id, userId)));
  }

  /** The users whose login name, or else email, is `loginOrEmail` (any case); at most `limit`. */
  async listCuentas(loginOrEmail: string, limit: number): Promise<CuentaRow[]> {
    const v = loginOrEmail.toLowerCase();
    const porLogin = await this.db
      .select(columnasCuenta)
      .from(usuarios)
      .where(and(eq(sql`lower(${usuarios.usuario})`, v), eq(usuarios.externo, false)))
      .limit(1);
    if (porLogin.length) return porLogin;
    return this.db
      .select(columnasCuenta)
      .from(usuarios)
      .where(and(eq(sql`lower(${usuarios.email})`, v), eq(usuarios.externo, false)))
      .orderBy(asc(usuarios.id))
      .limit(limit);
  }

  emailTaken(email: string): Promise<boolean> {
    return hasRow(
      this.db
        .select({ id: usuarios.id })
        .from(usuarios)
        .where(eq(sql`lower(${usuarios.email})`, email.toLowerCase())),
    );
  }

  /** Confirms the account; with a hash, also sets the password (a recovery or invitation link). */
  async confirmCuenta(userId: number, passwordHash?: string): Promise<void> {
    await this.db
      .update(usuarios)
      .set({ confirmado: true, ...(passwordHash ? { passwordHash } : {}), actualizado: sql`now()` })
      .where(eq(usuarios.id, userId));
  }

  rolesOf(entidadId: number, userId: number): Promise<Rol[]> {
    return this.db
      .select({ id: roles.id, nombre: roles.nombre, descripcion: roles.descripcion })
      .from(usuarioRoles)
      .innerJoin(roles, eq(roles.id, usuarioRoles.rolId))
      .innerJoin(usuarios, eq(usuarios.id, usuarioRoles.usuarioId))
      .where(and(eq(usuarioRoles.usuarioId, userId), eq(usuarios.entidadId, entidadId)))
      .orderBy(asc(roles.id));
  }

  allRoles(): Promise<Rol[]> {
    return this.db
      .select({ id: roles.id, nombre: roles.nombre, descripcion: roles.descripcion })
      .from(roles)
      .orderBy(asc(roles.id));
  }

  /** The roles of every user of a company, by user id. */
  async rolesOfCompany(entidadId: number): Promise<Map<number, Rol[]>> {
    const rows = await this.db
      .select({
        usuarioId: usuarioRoles.usuarioId,
        id: roles.id,
        nombre: roles.nombre,
        descripcion: roles.descripcion,
      })
      .from(usuarioRoles)
      .innerJoin(roles, eq(roles.id, usuarioRoles.rolId))
      .innerJoin(usuarios, eq(usuarios.id, usuarioRoles.usuarioId))
      .where(eq(usuarios.entidadId, entidadId))
      .orderBy(asc(usuarioRoles.usuarioId), asc(roles.id));
    const m = new Map<number, Rol[]>();
    for (const { usuarioId, ...rol } of rows) {
      const list = m.get(usuarioId) ?? [];
      list.push(rol);
      m.set(usuarioId, list);
    }
    return m;
  }

  listOfCompany(entidadId: number): Promise<UsuarioRow[]> {
    return this.db
      .select(columnasUsuario)
      .from(usuarios)
      .where(and(eq(usuarios.entidadId, entidadId), eq(usuarios.externo, false)))
      .orderBy(asc(sql`lower(${usuarios.apellido})`), asc(sql`lower(${usuarios.nombre})`), asc(usuarios.id));
  }

  /**
   * An outsider's hidden user (modules/externos): a login name nobody can type (`externo.<uuid>`),
   * no password, no email, no roles; `nombre` already reads «Externo: …».
   */
  async insertExterno(entidadId: number, nombre: string): Promise<number> {
    const [fila] = await this.db
      .insert(usuarios)
      .values({ entidadId, usuario: `externo.${randomUUID()}`, nombre, apellido: '', externo: true })
      .returning({ id: usuarios.id });
    if (!fila) throw new Error('insertExterno: no row');
    return fila.id;
  }

  /** The company's active users, by name (who can be made responsable of an order). */
  activos(
    entidadId: number,
  ): Promise<{ id: number; usuario: string; nombre: string; apellido: string; email: string | null }[]> {
    return this.db
      .select({
        id: usuarios.id,
        usuario: usuarios.usuario,
        nombre: usuarios.nombre,
        apellido: usuarios.apellido,
        email: usuarios.email,
      })
      .from(usuarios)
      .where(and(eq(usuarios.entidadId, entidadId), eq(usuarios.activo, true), eq(usuarios.externo, false)))
      .orderBy(asc(usuarios.nombre), asc(usuarios.apellido), asc(usuarios.id));
  }

  /**
   * The company's users that hold every word of `text` (in any order, accents and case aside) in
   * their login, name, surname or email (lib/busqueda.ts, as the order list searches).
   */
  search(entidadId: number, text: string, limit: number): Promise<UsuarioRow[]> {
    const campos = normalizadoSql(
      sql`concat_ws(' ', ${usuarios.usuario}, ${usuarios.nombre}, ${usuarios.apellido}, ${usuarios.email})`,
    );
    const palabras = palabrasDeBusqueda(text).map((p) => contieneSql(campos, p));
    return this.db
      .select(columnasUsuario)
      .from(usuarios)
      .where(and(eq(usuarios.entidadId, entidadId), eq(usuarios.externo, false), ...palabras))
      .orderBy(asc(sql`lower(${usuarios.apellido})`), asc(sql`lower(${usuarios.nombre})`), asc(usuarios.id))
      .limit(limit);
  }

  async find(entidadId: number, userId: number): Promise<UsuarioRow | undefined> {
    const rows = await this.db
      .select(columnasUsuario)
      .from(usuarios)
      .where(and(eq(usuarios.id, userId), eq(usuarios.entidadId, entidadId), eq(usuarios.externo, false)))
      .limit(1);
    return rows[0];
  }

  /**
   * Whether `valor` is the email of a user other than `exceptId` (any company, any case): a login
   * name cannot be someone else's email, or «Olvidé mi contraseña» for that email would find it.
   */
  emailDeOtro(valor: string, exceptId?: number): Promise<boolean> {
    return this.tomadoPorOtro(usuarios.email, valor, exceptId);
  }

  /** Who holds a login name (any company, any case), other than `exceptId`. */
  loginTaken(usuario: string, exceptId?: number): Promise<boolean> {
    return this.tomadoPorOtro(usuarios.usuario, usuario, exceptId);
  }

  /** Whether a user other than `exceptId` (any company) has `valor` in `columna`, in any case. */
  private async tomadoPorOtro(columna: AnyPgColumn, valor: string, exceptId?: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(
        and(
          eq(sql`lower(${columna})`, valor.toLowerCase()),
          exceptId === undefined ? undefined : ne(usuarios.id, exceptId),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Serialises the administration of one company's users (the last-owner rule): every such
   * transaction first takes the company row's lock.
   */
  async lockEntidad(entidadId: number): Promise<void> {
    await this.db.execute(sql`select id from entidades where id = ${entidadId} for update`);
  }

  /** Active users of the company holding the role, other than `exceptId`. */
  async countActiveWithRole(entidadId: number, rol: string, exceptId: number): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(usuarios)
      .innerJoin(usuarioRoles, eq(usuarioRoles.usuarioId, usuarios.id))
      .innerJoin(roles, eq(roles.id, usuarioRoles.rolId))
      .where(
        and(
          eq(usuarios.entidadId, entidadId),
          eq(usuarios.activo, true),
          eq(roles.nombre, rol),
          ne(usuarios.id, exceptId),
        ),
      );
    return rows[0]?.n ?? 0;
  }

  /** The supervisors above a user, nearest first (stops at 100 levels or a loop). */
  async supervisorChain(entidadId: number, userId: number): Promise<number[]> {
    const chain: number[] = [];
    let current: number | null = userId;
    while (current !== null && chain.length < 100 && !chain.includes(current)) {
      chain.push(current);
      const row: UsuarioRow | undefined = await this.find(entidadId, current);
      current = row?.supervisorId ?? null;
    }
    return chain;
  }

  async insert(
    v: Omit<CredencialesRow, 'id' | 'confirmado'> & {
      supervisorId: number | null;
      confirmado?: boolean;
      terminosVersion?: string;
      terminosAceptados?: Date;
    },
  ): Promise<number> {
    const row = await filaInsertada(
      this.db.insert(usuarios).values(v).returning({ id: usuarios.id }),
      'usuario no creado',
    );
    return row.id;
  }

  async update(
    entidadId: number,
    userId: number,
    v: Partial<{
      usuario: string;
      passwordHash: string;
      nombre: string;
      apellido: string;
      email: string | null;
      activo: boolean;
      supervisorId: number | null;
    }>,
  ): Promise<void> {
    await this.db
      .update(usuarios)
      .set({ ...v, actualizado: sql`now()` })
      .where(and(eq(usuarios.id, userId), eq(usuarios.entidadId, entidadId)));
  }

  async setRoles(userId: number, roleIds: readonly number[]): Promise<void> {
    await this.db.delete(usuarioRoles).where(eq(usuarioRoles.usuarioId, userId));
    if (roleIds.length) {
      await this.db.insert(usuarioRoles).values(roleIds.map((rolId) => ({ usuarioId: userId, rolId })));
    }
  }
}
