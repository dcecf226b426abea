import { PERMISOS_GLOBALES } from '@delego/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppParts } from '../src/app-parts.js';
import { auth, createTestEnv, makeCatalogo, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * The two companies of the administration tests (issue 4), built fresh for each test file:
 * Demo with an owner, an admin, a non-admin user manager (`gestor`), a plain user and three
 * clients; Otra with its owner and one client.
 */
export interface AdminFixture {
  env: TestEnv;
  demo: number;
  otra: number;
  cli: number[];
  cliOtra: number[];
  cat: { areas: number[]; tipos: number[] };
  catOtra: { areas: number[]; tipos: number[] };
  u: Usuarios;
}

export interface Usuarios {
  duenia: number;
  admin: number;
  gestor: number;
  operario: number;
  otra: number;
}

/** @param parts what the app takes instead of its own (a storage in a temporary folder, say). */
export async function adminFixture(parts: Partial<AppParts> = {}): Promise<AdminFixture> {
  const env = await createTestEnv(parts);
  const db = env.database.db;
  const now = env.clock.now();
  const demo = await makeEntidad(db, { nombre: 'Demo Servicios S.A.', plan: 'Pyme', now });
  const otra = await makeEntidad(db, { nombre: 'Otra Empresa S.R.L.', plan: 'Ilimitado', now });
  const cli = await makeClientes(db, demo, [
    { nombre: 'Clínica San Martín', cuit: '30-65432198-8' },
    { nombre: 'Hotel Los Andes' },
    { nombre: 'Colegio Belgrano' },
  ]);
  const cliOtra = await makeClientes(db, otra, [{ nombre: 'Panadería El Molino' }]);
  const cat = await makeCatalogo(db, demo, {
    areas: ['Electricidad', 'Plomería'],
    tipos: ['Correctivo', 'Preventivo'],
  });
  const catOtra = await makeCatalogo(db, otra, { areas: ['Obras'], tipos: ['Presupuesto'] });
  const [c1] = cli as [number];
  const duenia = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'duenia',
    nombre: 'Laura',
    apellido: 'Fernández',
    email: 'laura@demo.com.ar',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
  const admin = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'admin',
    nombre: 'Martín',
    apellido: 'Gómez',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  const gestor = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'gestor',
    nombre: 'Carla',
    apellido: 'Ruiz',
    roles: ['SUPERVISOR'],
    permisos: ['altaUsuarios', 'crearOrden'],
    clientes: [{ clienteId: c1, delegarOrden: true }],
  });
  const operario = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'operario',
    nombre: 'Diego',
    apellido: 'Sosa',
    roles: ['OPERARIO'],
    permisos: ['finalizarOrden'],
  });
  const duenioOtra = await makeUsuario(db, {
    entidadId: otra,
    usuario: 'otra',
    nombre: 'Roberto',
    apellido: 'Díaz',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
  const u: Usuarios = { duenia, admin, gestor, operario, otra: duenioOtra };
  return { env, demo, otra, cli, cliOtra, cat, catOtra, u };
}

type Json = Record<string, unknown>;
export type Metodo = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An authenticated call as the app's clients make it (with tsp). */
export function caller(env: TestEnv) {
  return (method: Metodo, url: string, who: string | { authorization: string }, payload?: unknown) =>
    env.app.inject({
      method,
      url: `${url}${url.includes('?') ? '&' : '?'}tsp=${Date.now()}`,
      headers: typeof who === 'string' ? auth(who) : who,
      ...(payload !== undefined ? { payload: payload as Json } : {}),
    });
}

/**
 * Every administration row of a company (password hashes and update times included), to assert
 * that a refused call changed nothing.
 */
export async function snapshot(env: TestEnv, entidadId: number): Promise<unknown> {
  const db = env.database.db;
  const q = async (s: ReturnType<typeof sql>) => (await db.execute(s)).rows;
  return {
    entidad: await q(sql`select * from entidades where id = ${entidadId}`),
    usuarios: await q(sql`select * from usuarios where entidad_id = ${entidadId} order by id`),
    roles: await q(sql`select ur.* from usuario_roles ur join usuarios u on u.id = ur.usuario_id
      where u.entidad_id = ${entidadId} order by 1, 2`),
    permisos: await q(sql`select up.* from usuario_permisos up join usuarios u on u.id = up.usuario_id
      where u.entidad_id = ${entidadId} order by 1, 2`),
    permisosCliente: await q(sql`select * from usuario_cliente_permisos where entidad_id = ${entidadId} order by 2, 3`),
    clientes: await q(sql`select * from clientes where entidad_id = ${entidadId} order by id`),
    areas: await q(sql`select * from areas where entidad_id = ${entidadId} order by id`),
    tipos: await q(sql`select * from tipos_orden where entidad_id = ${entidadId} order by id`),
    e5s: await q(sql`select * from e5s_areas where entidad_id = ${entidadId} order by id`),
  };
}

/** Runs a refused call and checks its status, its Spanish message, and that nothing changed. */
export async function rechazada(
  f: AdminFixture,
  call: () => Promise<{ statusCode: number; json: () => Json; headers: Record<string, unknown> }>,
  status: number,
  mensaje?: RegExp,
): Promise<Json> {
  const antes = [await snapshot(f.env, f.demo), await snapshot(f.env, f.otra)];
  const r = await call();
  expect(r.statusCode, JSON.stringify(r.json())).toBe(status);
  expect(String(r.headers['content-type'])).toMatch(/json/);
  const body = r.json();
  expect(typeof body.message).toBe('string');
  expect(body.requestId).toBeTruthy();
  if (mensaje) expect(body.message).toMatch(mensaje);
  await settle();
  expect([await snapshot(f.env, f.demo), await snapshot(f.env, f.otra)]).toEqual(antes);
  return body;
}

/** Lets the bus deliver its events (handlers run after the publishing call returns). */
export const settle = () => new Promise((r) => setTimeout(r, 5));
