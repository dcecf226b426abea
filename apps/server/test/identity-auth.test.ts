import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISOS_GLOBALES, zUsuarioLogueado } from '@delego/contract';
import { eq, sql } from 'drizzle-orm';
import { usuarios } from '../src/db/schema.js';
import { hash } from '@node-rs/argon2';
import { hashSecret, necesitaRehash, verifySecret } from '../src/modules/identity/password.js';
import { LoginThrottle } from '../src/modules/identity/login-throttle.js';
import type { DomainEvent } from '../src/kernel/bus.js';
import { auth, createTestEnv, makeClientes, makeEntidad, makeUsuario, md5, type TestEnv } from './helpers.js';

let env: TestEnv;
let demo: number;
let otra: number;
let clientesDemo: number[];
const throttle = new LoginThrottle({ perPair: 5, perAddress: 1000, windowMs: 60_000 });

beforeAll(async () => {
  env = await createTestEnv({ throttle });
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo Servicios S.A.', plan: 'Pyme', now });
  otra = await makeEntidad(db, { nombre: 'Otra Empresa S.R.L.', plan: 'Ilimitado', now });
  clientesDemo = await makeClientes(db, demo, [{ nombre: 'Cliente Uno' }, { nombre: 'Cliente Dos' }]);
  await makeClientes(db, otra, [{ nombre: 'Cliente de Otra' }]);
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'propietario',
    nombre: 'Laura',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'supervisor',
    nombre: 'Carla',
    roles: ['SUPERVISOR'],
    permisos: ['crearOrden', 'modificarOrden'],
    clientes: [{ clienteId: clientesDemo[0] as number, delegarOrden: true }],
  });
  await makeUsuario(db, { entidadId: demo, usuario: 'inactivo', nombre: 'Ina', activo: false });
  await makeUsuario(db, { entidadId: demo, usuario: 'victima', nombre: 'Vic' });
  await makeUsuario(db, { entidadId: demo, usuario: 'cambia', nombre: 'Cam' });
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'otra',
    nombre: 'Roberto',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
});
afterAll(() => env?.close());

const get = (url: string, headers: Record<string, string> = {}) => env.app.inject({ method: 'GET', url, headers });

describe('entre empresas', () => {
  it('el usuario de otra empresa solo ve su entidad, su plan y sus clientes', async () => {
    const r = await get('/api/v4/login?tsp=1', auth('otra'));
    expect(r.statusCode).toBe(200);
    const u = r.json();
    expect(u.entidadId).toBe(otra);
    expect(u.entidadNombre).toBe('Otra Empresa S.R.L.');
    expect(u.permisos.clientes.map((c: { clienteID: number }) => c.clienteID)).not.toContain(clientesDemo[0]);
    const plan = await get('/api/v2/plan/estado?tsp=1', auth('otra'));
    expect(plan.json()).toMatchObject({ nombre: 'Ilimitado', quota: null, quotaDisponible: null });
  });
});

describe('credenciales en caché', () => {
  it('cada encabezado en caché da su propio usuario y empresa; otra clave no entra aunque haya uno en caché', async () => {
    const plan = (quien: string, clave?: string) => get('/api/v2/plan/estado?tsp=1', auth(quien, clave));
    // Both headers verified and remembered, then served from memory, each with its own company.
    for (let i = 0; i < 3; i++) {
      expect((await plan('otra')).json()).toMatchObject({ nombre: 'Ilimitado', quota: null });
      expect((await plan('propietario')).json()).toMatchObject({ nombre: 'Pyme', quota: 100 });
    }
    const login = (await get('/api/v4/login', auth('otra'))).json();
    expect(login).toMatchObject({ usuario: 'otra', entidadId: otra });
    // The cached user with a wrong password, and the cached password under an unknown name.
    const mala = await plan('propietario', 'Otra1234!');
    expect(mala.statusCode).toBe(403);
    expect(mala.json()).toMatchObject({ code: 'LOGIN_INVALIDO' });
    expect((await plan('nadie')).statusCode).toBe(403);
    expect((await plan('propietario')).statusCode).toBe(200);
  });
});

describe('GET /api/v4/login', () => {
  it('devuelve el usuario logueado de SPEC §3', async () => {
    const r = await get(`/api/v4/login?tsp=${Date.now()}`, auth('supervisor'));
    expect(r.statusCode).toBe(200);
    const u = zUsuarioLogueado.parse(r.json());
    expect(u).toMatchObject({
      usuario: 'supervisor',
      entidadId: demo,
      entidadNombre: 'Demo Servicios S.A.',
      plan: { nombre: 'Pyme', quota: 100, quotaDisponible: 100 },
    });
    expect(u.permisosResumen.map((p) => p.nombre).sort()).toEqual(['crearOrden', 'modificarOrden']);
    expect(u.permisos.clientes).toEqual([
      { clienteID: clientesDemo[0], delegarOrden: true, modificarOrden: false, borrarOrden: false },
    ]);
    expect(u.roles.map((x) => x.nombre)).toEqual(['SUPERVISOR']);
    expect(r.json()).not.toHaveProperty('passwordHash');
  });

  it('un propietario tiene todos los permisos por cliente de su empresa', async () => {
    const u = (await get('/api/v4/login', auth('propietario'))).json();
    expect(u.permisos.clientes).toHaveLength(clientesDemo.length);
    expect(
      u.permisos.clientes.every(
        (c: { delegarOrden: boolean; borrarOrden: boolean }) => c.delegarOrden && c.borrarOrden,
      ),
    ).toBe(true);
  });

  it('el nombre de usuario no distingue mayúsculas', async () => {
    expect((await get('/api/v4/login', auth('SuperVisor'))).statusCode).toBe(200);
  });

  it('una ráfaga de llamadas con la clave correcta y la caché vacía (la app al arrancar) entra entera: es un solo intento', async () => {
    env.puertos().identity.cache.clearAll();
    // More at once than the throttle's failures per (user, address): attempts in flight count
    // against it, so twelve separate checks of one header would refuse some of them with 429.
    const rs = await Promise.all(Array.from({ length: 12 }, () => get('/api/v2/plan/estado', auth('supervisor'))));
    expect(rs.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    env.puertos().identity.cache.clearAll();
    const malas = await Promise.all(Array.from({ length: 12 }, () => get('/api/v4/login', auth('cambia', 'mala'))));
    expect(new Set(malas.map((r) => r.statusCode))).toEqual(new Set([403]));
  });

  it('contraseña incorrecta: 403 con el mensaje de SPEC', async () => {
    const r = await get('/api/v4/login', auth('propietario', 'otra-clave'));
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ message: 'Los datos de Login son inválidos', code: 'LOGIN_INVALIDO' });
    expect(r.json().requestId).toBeTruthy();
  });

  it('usuario desconocido y usuario inactivo: 403', async () => {
    expect((await get('/api/v4/login', auth('nadie'))).statusCode).toBe(403);
    expect((await get('/api/v4/login', auth('inactivo'))).statusCode).toBe(403);
  });

  it('sin encabezado: 401 JSON; encabezado mal formado: 403 JSON', async () => {
    const none = await get('/api/v4/login');
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toMatch(/iniciar sesión/);
    for (const h of ['propietario', '#abc', 'propietario#nohex', `propietario#${'a'.repeat(31)}`, 'x'.repeat(400)]) {
      const r = await get('/api/v4/login', { authorization: h });
      expect(r.statusCode, h).toBe(403);
      expect(r.headers['content-type']).toMatch(/json/);
    }
  });

  it('nunca guarda el MD5: guarda un hash argon2id', async () => {
    const [row] = await env.database.db.select().from(usuarios).where(eq(usuarios.usuario, 'propietario'));
    expect(row?.passwordHash?.startsWith('$argon2id$')).toBe(true);
    expect(row?.passwordHash).not.toContain(md5('Demo1234!'));
  });

  it('un hash con la configuración anterior (19 MiB, 2 pasadas) sigue valiendo y se guarda de nuevo al ingresar', async () => {
    const db = env.database.db;
    const viejo = await hash(md5('Demo1234!'), { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    await makeUsuario(db, { entidadId: demo, usuario: 'veterano', nombre: 'Veterano', passwordHash: viejo });
    const hashDe = async () =>
      (await db.select().from(usuarios).where(eq(usuarios.usuario, 'veterano')))[0]?.passwordHash ?? '';
    // A wrong password changes nothing.
    expect((await get('/api/v4/login', auth('veterano', 'Otra1234!'))).statusCode).toBe(403);
    expect(await hashDe()).toBe(viejo);
    expect((await get('/api/v4/login', auth('veterano'))).statusCode).toBe(200);
    let nuevo = viejo;
    for (let i = 0; i < 100 && nuevo === viejo; i++) {
      await new Promise((r) => setTimeout(r, 20));
      nuevo = await hashDe();
    }
    expect(nuevo).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(nuevo).not.toContain(md5('Demo1234!'));
    expect(await verifySecret(nuevo, md5('Demo1234!'))).toBe(true);
    expect(await verifySecret(nuevo, md5('Otra1234!'))).toBe(false);
    expect(necesitaRehash(nuevo)).toBe(false);
    expect(necesitaRehash(viejo)).toBe(true);
  });

  it('frena los intentos fallidos repetidos de un usuario con 429, aun con la clave correcta', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await get('/api/v4/login', auth('victima', `mala${i}`))).statusCode).toBe(403);
    }
    const blocked = await get('/api/v4/login', auth('victima'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Demasiados intentos/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Other users are not affected.
    expect((await get('/api/v4/login', auth('supervisor'))).statusCode).toBe(200);
  });

  it('olvida las credenciales en caché en cuanto cambia la contraseña', async () => {
    expect((await get('/api/v4/login', auth('cambia'))).statusCode).toBe(200);
    const [row] = await env.database.db.select().from(usuarios).where(eq(usuarios.usuario, 'cambia'));
    await env.database.db
      .update(usuarios)
      .set({ passwordHash: await hashSecret(md5('Nueva5678!')) })
      .where(eq(usuarios.usuario, 'cambia'));
    // Still cached until the change is announced...
    expect((await get('/api/v4/login', auth('cambia'))).statusCode).toBe(200);
    env.app.bus.publish({ type: 'usuario.credencialesCambiadas', entidadId: demo, usuarioId: row!.id });
    await new Promise((r) => setTimeout(r, 10));
    expect((await get('/api/v4/login', auth('cambia'))).statusCode).toBe(403);
    expect((await get('/api/v4/login', auth('cambia', 'Nueva5678!'))).statusCode).toBe(200);
  });
});

describe('catálogos y plan', () => {
  it('GET /api/v2/roles y GET /api/v4/permisos', async () => {
    const roles = (await get('/api/v2/roles?tsp=1', auth('supervisor'))).json();
    expect(roles.map((r: { nombre: string }) => r.nombre)).toEqual(['PROPIETARIO', 'ADMIN', 'SUPERVISOR', 'OPERARIO']);
    const permisos = (await get('/api/v4/permisos?tsp=1', auth('supervisor'))).json();
    expect(permisos.filter((p: { tipo: string }) => p.tipo === 'GLOBAL')).toHaveLength(7);
    expect(
      permisos.filter((p: { tipo: string }) => p.tipo === 'CLIENTE').map((p: { nombre: string }) => p.nombre),
    ).toEqual(['delegarOrden', 'modificarOrden', 'borrarOrden']);
    expect((await get('/api/v2/roles')).statusCode).toBe(401);
  });

  it('GET /api/v2/plan/estado y la renovación mensual', async () => {
    const r = await get('/api/v2/plan/estado?tsp=1', auth('supervisor'));
    const plan = r.json();
    expect(plan).toMatchObject({ nombre: 'Pyme', quota: 100, quotaDisponible: 100 });
    expect(plan.fechaProximoVencimiento).toBeGreaterThan(env.clock.now().getTime());
    await env.database.db.execute(sql`update suscripciones set quota_disponible = 3 where entidad_id = ${demo}`);
    env.app.bus.publish({ type: 'plan.cambiado', entidadId: demo });
    await new Promise((r) => setTimeout(r, 5));
    expect((await get('/api/v2/plan/estado', auth('supervisor'))).json().quotaDisponible).toBe(3);
    env.clock.t = new Date(plan.fechaProximoVencimiento + 1000);
    const renewed = (await get('/api/v2/plan/estado', auth('supervisor'))).json();
    expect(renewed.quotaDisponible).toBe(100);
    expect(renewed.fechaProximoVencimiento).toBeGreaterThan(plan.fechaProximoVencimiento + 27 * 86400_000);
    env.clock.t = new Date();
  });

  it('limpiar cachés anuncia el evento de la entidad del actor', async () => {
    const seen: DomainEvent[] = [];
    const off = env.app.bus.subscribe((e) => seen.push(e));
    expect((await get('/api/v2/clientes/cache/clean?tsp=1', auth('otra'))).json()).toEqual({ ok: true });
    expect((await get('/api/v2/usuarios/cache/clean?tsp=1', auth('otra'))).json()).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 10));
    off();
    expect(seen).toEqual([
      { type: 'clientes.cacheLimpiada', entidadId: otra },
      { type: 'usuarios.cacheLimpiada', entidadId: otra },
    ]);
    expect((await get('/api/v2/clientes/cache/clean')).statusCode).toBe(401);
  });
});

describe('HTTP', () => {
  it('una ruta de API inexistente da 404 JSON en español', async () => {
    const r = await get('/api/v9/nada', auth('supervisor'));
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toMatch(/No existe/);
  });

  it('la documentación OpenAPI se genera del contrato y se sirve en /docs', async () => {
    const r = await get('/docs/json');
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v4/login', '/api/v2/plan/estado']));
    expect((await get('/docs')).statusCode).toBeLessThan(400);
  });

  it('encabezados demasiado grandes: 431 JSON, y el servidor sigue respondiendo', async () => {
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = env.app.server.address() as AddressInfo;
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: '/api/v4/login', headers: { authorization: 'a'.repeat(40_000) } },
        (r) => {
          let body = '';
          r.on('data', (c) => (body += c));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body).message).toMatch(/demasiado grandes/);
    expect((await get('/api/health')).json()).toEqual({ ok: true });
  });
});
