import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  diaDeMs,
  inicioDelDia,
  type PermisoGlobal,
  type NombreRol,
} from '@delego/contract';
import type { DbOrTx } from '../kernel/db/client.js';
import {
  areas,
  clientes,
  entidades,
  planes,
  prioridades,
  roles,
  suscripciones,
  tiposOrden,
  usuarioClientePermisos,
  usuarioPermisos,
  usuarioRoles,
  usuarios,
} from '../db/schema.js';
import { hashSecret } from '../modules/identity/password.js';
import { filaInsertada } from '../lib/queries.js';

export const md5 = (s: string): string => createHash('md5').update(s, 'utf8').digest('hex');

/** 00:00 on the company's clock of the first day of the month of `now`, `deltaMonths` later. */
export function inicioDeMes(now: Date, deltaMonths = 0, zona = ZONA_HORARIA_EMPRESA_POR_DEFECTO): Date {
  const [a, m] = diaDeMs(now.getTime(), zona).split('-').map(Number) as [number, number];
  const primero = new Date(Date.UTC(a, m - 1 + deltaMonths, 1)).toISOString().slice(0, 10);
  return new Date(inicioDelDia(primero, zona));
}

/**
 * A company subscribed to a plan, with the full quota of the current month. Also what a public
 * sign-up creates (modules/accounts), with the free plan, its CUIT and phone.
 */
export async function makeEntidad(
  db: DbOrTx,
  o: {
    nombre: string;
    plan: string;
    now: Date;
    quotaDisponible?: number | null;
    logo?: string | null;
    cuit?: string | null;
    telefono?: string | null;
    /** When the company was created (default: now). The mail caps are tighter in its first day. */
    creada?: Date;
  },
): Promise<number> {
  const [plan] = await db.select().from(planes).where(eq(planes.nombre, o.plan));
  if (!plan) throw new Error(`plan ${o.plan} inexistente`);
  const e = await filaInsertada(
    db
      .insert(entidades)
      .values({
        nombre: o.nombre,
        logo: o.logo ?? null,
        cuit: o.cuit ?? null,
        telefono: o.telefono ?? null,
        ...(o.creada ? { creada: o.creada } : {}),
      })
      .returning({ id: entidades.id }),
    'entidad no creada',
  );
  await db.insert(suscripciones).values({
    entidadId: e.id,
    planId: plan.id,
    quota: plan.quota,
    quotaDisponible: o.quotaDisponible === undefined ? plan.quota : o.quotaDisponible,
    periodoInicio: inicioDeMes(o.now),
    fechaProximoVencimiento: inicioDeMes(o.now, 1),
  });
  return e.id;
}

export interface UsuarioSpec {
  entidadId: number;
  usuario: string;
  password?: string;
  /** Precomputed argon2 hash, to seed many users fast. */
  passwordHash?: string;
  nombre: string;
  apellido?: string;
  email?: string | null;
  roles?: NombreRol[];
  permisos?: readonly PermisoGlobal[];
  clientes?: { clienteId: number; delegarOrden?: boolean; modificarOrden?: boolean; borrarOrden?: boolean }[];
  activo?: boolean;
  supervisorId?: number | null;
}

export async function makeUsuario(db: DbOrTx, u: UsuarioSpec): Promise<number> {
  const passwordHash = u.passwordHash ?? (await hashSecret(md5(u.password ?? 'Demo1234!')));
  const row = await filaInsertada(
    db
      .insert(usuarios)
      .values({
        entidadId: u.entidadId,
        usuario: u.usuario,
        passwordHash,
        nombre: u.nombre,
        apellido: u.apellido ?? '',
        email: u.email ?? null,
        activo: u.activo ?? true,
        supervisorId: u.supervisorId ?? null,
      })
      .returning({ id: usuarios.id }),
    'usuario no creado',
  );
  if (u.roles?.length) {
    const rs = await db.select().from(roles).where(inArray(roles.nombre, u.roles));
    await db.insert(usuarioRoles).values(rs.map((r) => ({ usuarioId: row.id, rolId: r.id })));
  }
  if (u.permisos?.length) {
    await db.insert(usuarioPermisos).values(u.permisos.map((permiso) => ({ usuarioId: row.id, permiso })));
  }
  if (u.clientes?.length) {
    await db.insert(usuarioClientePermisos).values(
      // A permission left out is false (the column default).
      u.clientes.map((c) => ({ entidadId: u.entidadId, usuarioId: row.id, ...c })),
    );
  }
  return row.id;
}

export async function makeClientes(
  db: DbOrTx,
  entidadId: number,
  list: { nombre: string; cuit?: string; contacto?: string; email?: string; telefono?: string; direccion?: string }[],
): Promise<number[]> {
  const rows = await db
    .insert(clientes)
    .values(list.map((c) => ({ ...c, entidadId })))
    .returning({ id: clientes.id });
  return rows.map((r) => r.id);
}

export async function makeCatalogo(
  db: DbOrTx,
  entidadId: number,
  c: { areas: string[]; tipos: string[] },
): Promise<{ areas: number[]; tipos: number[]; prioridades: number[] }> {
  const a = await db
    .insert(areas)
    .values(c.areas.map((nombre) => ({ entidadId, nombre })))
    .returning({ id: areas.id });
  const t = await db
    .insert(tiposOrden)
    .values(c.tipos.map((nombre) => ({ entidadId, nombre })))
    .returning({ id: tiposOrden.id });
  return { areas: a.map((r) => r.id), tipos: t.map((r) => r.id), prioridades: await makePrioridades(db, entidadId) };
}

/** The four default priorities every company starts with (the demo's and a sign-up's). */
export async function makePrioridades(db: DbOrTx, entidadId: number): Promise<number[]> {
  const p = await db
    .insert(prioridades)
    .values([
      { entidadId, nombre: 'Baja', nivel: 1, color: 'medium' },
      { entidadId, nombre: 'Media', nivel: 2, color: 'primary' },
      { entidadId, nombre: 'Alta', nivel: 3, color: 'warning' },
      { entidadId, nombre: 'Urgente', nivel: 4, color: 'danger' },
    ])
    .returning({ id: prioridades.id });
  return p.map((r) => r.id);
}
