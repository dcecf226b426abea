import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/kernel/db/client.js';
import { ContadorPostgres } from '../src/lib/limites-pg.js';
import { LoginThrottle } from '../src/modules/identity/index.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { auth, basePgNueva, makeEntidad, makeUsuario, PASSWORD, TestClock } from './helpers.js';

/**
 * Issue 30, item 2: two instances on one PostgreSQL count the public limits and the login
 * throttle together (lib/limites-pg.ts, docs/DESPLIEGUE.md «Límites compartidos»): the requests
 * alternate between them and the limit holds for the pair as it would for one.
 */
let url = '';
let borrarBase = async () => undefined as void;

const clock = new TestClock(new Date('2026-11-28T12:00:00Z'));
const RECUPERAR = { max: 4, ventanaMs: 60_000 };
const TECHO = { max: 8, ventanaMs: 60_000 };
const now = () => clock.now().getTime();
const bases: Database[] = [];
const apps: FastifyInstance[] = [];

async function instancia(): Promise<FastifyInstance> {
  const database = await openDatabase({ databaseUrl: url });
  bases.push(database);
  const app = await buildApp({
    config: testConfig({ trustProxy: ['127.0.0.1'] }),
    database,
    clock,
    push: null,
    limitesCuentas: { recuperarDireccion: RECUPERAR },
    techoPublico: TECHO,
    // The throttle's defaults but for the slowing down (real sleeps) and an earlier lock.
    throttle: new LoginThrottle({ userSlowAfter: 1000, userLockAfter: 8 }, now, new ContadorPostgres(database, now)),
  });
  await app.ready();
  apps.push(app);
  return app;
}

let uno: FastifyInstance;
let dos: FastifyInstance;

beforeAll(async () => {
  ({ url, drop: borrarBase } = await basePgNueva());
  const db = await openDatabase({ databaseUrl: url });
  await db.migrate();
  await seedCatalogo(db.db);
  const entidadId = await makeEntidad(db.db, { nombre: 'Límites SA', plan: 'Ilimitado', now: clock.now() });
  for (const usuario of ['blanco', 'blanco2']) await makeUsuario(db.db, { entidadId, usuario, nombre: usuario });
  await db.close();
  uno = await instancia();
  dos = await instancia();
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const d of bases) await d.close();
  await borrarBase();
});

const recuperar = (app: FastifyInstance, desde: string, username: string) =>
  app.inject({
    method: 'GET',
    url: `/api/v2/recuperarPassword?username=${username}`,
    headers: { 'x-forwarded-for': desde },
  });

const login = (app: FastifyInstance, usuario: string, password: string, desde: string) =>
  app.inject({
    method: 'GET',
    url: '/api/v4/login',
    headers: { ...auth(usuario, password), 'x-forwarded-for': desde },
  });

describe('límites públicos entre dos instancias', () => {
  it('la recuperación por dirección cuenta para el par: la quinta, en cualquiera de las dos, es 429', async () => {
    const desde = '203.0.113.10';
    for (let i = 0; i < RECUPERAR.max; i++) {
      const r = await recuperar(i % 2 === 0 ? uno : dos, desde, `nadie${i}`);
      expect(r.statusCode).toBe(200);
    }
    for (const app of [uno, dos]) {
      const r = await recuperar(app, desde, 'otro');
      expect(r.statusCode).toBe(429);
      expect(r.json()).toMatchObject({ code: 'DEMASIADOS_INTENTOS' });
      expect(Number(r.headers['retry-after'])).toBe(60);
    }
    // Another address is not touched.
    expect((await recuperar(dos, '203.0.113.11', 'nadie')).statusCode).toBe(200);
  });

  it('la ventana vence con el reloj del servidor: después vuelve a contar desde cero', async () => {
    const desde = '203.0.113.20';
    for (let i = 0; i < RECUPERAR.max; i++) await recuperar(i % 2 === 0 ? dos : uno, desde, `v${i}`);
    expect((await recuperar(uno, desde, 'v')).statusCode).toBe(429);
    clock.advance(30_000);
    const r = await recuperar(dos, desde, 'v');
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBe(30);
    clock.advance(30_000);
    expect((await recuperar(dos, desde, 'v')).statusCode).toBe(200);
    expect((await recuperar(uno, desde, 'w')).statusCode).toBe(200);
  });
});

describe('el techo general de las rutas públicas (@fastify/rate-limit) entre dos instancias', () => {
  it('cuenta cada llamada anónima de una dirección en las dos: la novena es 429 con Retry-After', async () => {
    const desde = '203.0.113.30';
    const resumen = (app: FastifyInstance) =>
      app.inject({
        method: 'GET',
        url: `/api/v2/ordersummary?k=${'x'.repeat(43)}`,
        headers: { 'x-forwarded-for': desde },
      });
    for (let i = 0; i < TECHO.max; i++) expect((await resumen(i % 2 === 0 ? uno : dos)).statusCode).not.toBe(429);
    for (const app of [uno, dos]) {
      const r = await resumen(app);
      expect(r.statusCode).toBe(429);
      expect(r.json()).toMatchObject({ code: 'DEMASIADOS_INTENTOS' });
      expect(Number(r.headers['retry-after'])).toBe(60);
    }
    // The routes behind the auth hook are not under it.
    const r = await uno.inject({
      method: 'GET',
      url: '/api/v4/login',
      headers: { ...auth('blanco', PASSWORD), 'x-forwarded-for': desde },
    });
    expect(r.statusCode).toBe(200);
  });
});

describe('el freno de ingresos entre dos instancias', () => {
  it('los fallos de un par (usuario, dirección) cuentan para el par de instancias; la dirección limpia entra', async () => {
    const desde = '203.0.113.66';
    // DEFAULT_LIMITS.perPair: 5 wrong passwords, alternating instances, are checked (403)...
    for (let i = 0; i < 5; i++) {
      expect((await login(i % 2 === 0 ? uno : dos, 'blanco', `mala${i}`, desde)).statusCode).toBe(403);
    }
    // ...the sixth is refused by both, even with the right password.
    for (const app of [uno, dos]) {
      const r = await login(app, 'blanco', PASSWORD, desde);
      expect(r.statusCode).toBe(429);
      expect(r.json()).toMatchObject({ code: 'DEMASIADOS_INTENTOS' });
    }
    // The user still gets in from an address without failures, on either instance.
    expect((await login(dos, 'blanco', PASSWORD, '198.51.100.7')).statusCode).toBe(200);
    expect((await login(uno, 'blanco', PASSWORD, '198.51.100.7')).statusCode).toBe(200);
  });

  it('una ráfaga repartida en las dos instancias a la vez no verifica más contraseñas que el límite del par', async () => {
    const desde = '203.0.113.77';
    const respuestas = await Promise.all(
      Array.from({ length: 16 }, (_, i) => login(i % 2 === 0 ? uno : dos, 'blanco2', `rafaga${i}`, desde)),
    );
    const codigos = respuestas.map((r) => r.statusCode);
    expect(codigos.filter((c) => c === 403)).toHaveLength(5);
    expect(codigos.filter((c) => c === 429)).toHaveLength(11);
  });

  it('la dirección que entró a la cuenta hace poco sigue entrando en la otra instancia aunque falle una vez', async () => {
    const confiable = '192.0.2.200';
    expect((await login(uno, 'blanco2', PASSWORD, confiable)).statusCode).toBe(200);
    // The account under attack from many addresses (5 failures of the burst, and 8 here: past 8).
    for (let a = 0; a < 8; a++) {
      expect((await login(a % 2 === 0 ? uno : dos, 'blanco2', 'mala', `10.1.${a}.1`)).statusCode).toBe(403);
    }
    // An address that failed for it is refused by the other instance, even with the password...
    expect((await login(dos, 'blanco2', PASSWORD, '10.1.0.1')).statusCode).toBe(429);
    expect((await login(uno, 'blanco2', PASSWORD, '10.1.1.1')).statusCode).toBe(429);
    // ...the one that logged in on the first instance is trusted on the second.
    expect((await login(dos, 'blanco2', 'tipeo', confiable)).statusCode).toBe(403);
    expect((await login(dos, 'blanco2', PASSWORD, confiable)).statusCode).toBe(200);
  });
});

describe('ContadorPostgres', () => {
  const contadores = () => bases.map((d) => new ContadorPostgres(d, () => clock.now().getTime()));

  it('tomas concurrentes desde dos conexiones nunca pasan de max', async () => {
    const [a, b] = contadores();
    const limite = { max: 7, ventanaMs: 60_000 };
    const esperas = await Promise.all(
      Array.from({ length: 40 }, (_, i) => ((i % 2 === 0 ? a : b) as ContadorPostgres).take([['carrera', limite]])),
    );
    expect(esperas.filter((e) => e === 0)).toHaveLength(7);
    expect(esperas.filter((e) => e > 0).every((e) => e === 60)).toBe(true);
    expect((await a!.leer(['carrera'])).get('carrera')?.usadas).toBe(7);
  });

  it('todo o nada en carrera: una llamada rechazada no cuenta en sus otras claves', async () => {
    const [a, b] = contadores();
    const comun = { max: 5, ventanaMs: 60_000 };
    const propia = { max: 100, ventanaMs: 60_000 };
    const esperas = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        ((i % 2 === 0 ? a : b) as ContadorPostgres).take([
          ['todo:comun', comun],
          [`todo:propia${i}`, propia],
        ]),
      ),
    );
    const pasaron = esperas.flatMap((e, i) => (e === 0 ? [i] : []));
    expect(pasaron).toHaveLength(5);
    const propias = await a!.leer(Array.from({ length: 30 }, (_, i) => `todo:propia${i}`));
    // Only the calls let through counted against their own key.
    expect(
      [...propias.entries()]
        .filter(([, v]) => v.usadas > 0)
        .map(([k]) => k)
        .sort(),
    ).toEqual(pasaron.map((i) => `todo:propia${i}`).sort());
  });

  it('el barrido borra las ventanas vencidas y deja las vigentes', async () => {
    const [a] = contadores();
    await a!.take([['barrido:corta', { max: 1, ventanaMs: 1_000 }]]);
    await a!.take([['barrido:larga', { max: 1, ventanaMs: 3_600_000 }]]);
    clock.advance(2_000);
    expect(await a!.barrer()).toBeGreaterThanOrEqual(1);
    const filas = await bases[0]!.db.execute<{ clave: string }>(
      sql`select clave from limites_compartidos where clave like 'barrido:%'`,
    );
    expect(filas.rows.map((f) => f.clave)).toEqual(['barrido:larga']);
  });

  it('la tabla es UNLOGGED', async () => {
    const r = await bases[0]!.db.execute<{ relpersistence: string }>(
      sql`select relpersistence from pg_class where relname = 'limites_compartidos'`,
    );
    expect(r.rows[0]?.relpersistence).toBe('u');
  });
});
