import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTADO, PERMISOS_GLOBALES, type OrdenDetalle } from '@delego/contract';
import { sql } from 'drizzle-orm';
import { ConsultaEnTransaccion } from '../src/kernel/db/transaccion-vigilada.js';
import { auth, createTestEnv, makeCatalogo, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * Issue 28, item 1: inside a transaction every read goes through it. On PGlite (one connection) a
 * read of the main handle inside a transaction never answered, and every later call of every
 * company waited behind it. Each call that read names through a cold cache is asked here right
 * after the caches were cleaned, as the web's login does; a hang fails within seconds instead of
 * at the test's timeout.
 */

let env: TestEnv;
let demo: number;
let cli: number[];
let cat: { areas: number[]; tipos: number[]; prioridades: number[] };
const u: Record<string, number> = {};

beforeAll(async () => {
  env = await createTestEnv();
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo Servicios S.A.', plan: 'Ilimitado', now });
  const otra = await makeEntidad(db, { nombre: 'Otra Empresa S.R.L.', plan: 'Ilimitado', now });
  cli = await makeClientes(db, demo, [{ nombre: 'Clínica San Martín' }, { nombre: 'Hotel Los Andes' }]);
  await makeClientes(db, otra, [{ nombre: 'Panadería El Molino' }]);
  cat = await makeCatalogo(db, demo, { areas: ['Electricidad', 'Plomería'], tipos: ['Correctivo', 'Preventivo'] });
  await makeCatalogo(db, otra, { areas: ['Obras'], tipos: ['Correctivo'] });
  u.admin = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'admin',
    nombre: 'Martín',
    apellido: 'Gómez',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  u.supervisor = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'supervisor',
    nombre: 'Carla',
    apellido: 'Ruiz',
    roles: ['SUPERVISOR'],
    permisos: ['crearOrden', 'modificarOrden', 'finalizarOrden'],
    clientes: cli.map((clienteId) => ({ clienteId, delegarOrden: true, modificarOrden: true })),
  });
  u.operario = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'operario',
    nombre: 'Diego',
    apellido: 'Sosa',
    roles: ['OPERARIO'],
    permisos: ['finalizarOrden'],
  });
  u.otra = await makeUsuario(db, {
    entidadId: otra,
    usuario: 'otra',
    nombre: 'Roberto',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
});
afterAll(() => env?.close());

type Metodo = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call that must answer within `ms`: a hang is a failure with its name, not a timeout. */
async function call(method: Metodo, url: string, who: string, payload?: unknown, ms = 8000) {
  let timer: NodeJS.Timeout | undefined;
  const limite = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${method} ${url} no respondió en ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([
      env.app.inject({
        method,
        url,
        headers: auth(who),
        ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
      }),
      limite,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** What the web's login does: the session, then both cache-clean calls (SPEC §3). */
async function login(who: string) {
  expect((await call('GET', '/api/v4/login', who)).statusCode).toBe(200);
  expect((await call('GET', '/api/v2/clientes/cache/clean', who)).statusCode).toBe(200);
  expect((await call('GET', '/api/v2/usuarios/cache/clean', who)).statusCode).toBe(200);
}

const nueva = (extra: Record<string, unknown> = {}) => ({
  titulo: 'Reparación de aire acondicionado',
  detalle: 'No enfría',
  cliente: cli[0],
  responsable: [u.operario],
  tipoOrden: cat.tipos[0],
  area: cat.areas[0],
  prioridad: cat.prioridades[1],
  ...extra,
});

async function crear(): Promise<OrdenDetalle> {
  const r = await call('POST', '/api/v2/ordenes/save', 'supervisor', nueva());
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

async function historial(id: number): Promise<{ tipo: string }[]> {
  const r = await call('GET', `/api/v2/historial/detalle/${id}`, 'admin');
  expect(r.statusCode).toBe(200);
  return r.json();
}

/** The server still answers every company afterwards (the hang blocked them all). */
async function siguenRespondiendo() {
  expect((await call('GET', '/api/v2/plan/estado', 'otra')).statusCode).toBe(200);
  expect((await call('GET', '/api/health/ready', 'admin')).statusCode).toBe(200);
}

describe('la conexión principal dentro de una transacción', () => {
  it('lanza un error claro en vez de esperar la conexión que la transacción tiene', async () => {
    const db = env.database.db;
    // Drizzle wraps a driver's error in its own ("Failed query: …"), with the guard's as cause.
    const delGuardia = async (p: Promise<unknown>) => {
      const e = await p.then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(Error);
      const causa = e instanceof ConsultaEnTransaccion ? e : (e as Error).cause;
      expect(causa).toBeInstanceOf(ConsultaEnTransaccion);
      expect((causa as Error).message).toMatch(/Pase el `tx`/);
    };
    await delGuardia(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await db.execute(sql`select 1`);
      }),
    );
    // A transaction inside a transaction on the main handle, too.
    await delGuardia(db.transaction(async () => db.transaction(async () => undefined)));
    // The reads a cache makes through `consultar` (the hot paths' entry point), too.
    await delGuardia(db.transaction(async () => env.database.consultar(sql`select 1 as uno`)));
    // Outside a transaction, and after it settled, the main handle works as always.
    expect((await db.execute<{ n: number }>(sql`select 2 as n`)).rows[0]?.n).toBe(2);
    let despues: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // Work the transaction starts that runs once it ended (an event handler, a timer).
      despues = new Promise((resolve) => setTimeout(resolve, 20)).then(() => db.execute(sql`select 3 as n`));
    });
    await expect(despues).resolves.toBeTruthy();
  });
});

describe('cada cambio que lee nombres, con las cachés recién vaciadas', () => {
  it('POST /api/v2/ordenes/save con id (editar la orden)', async () => {
    const o = await crear();
    await login('admin');
    const r = await call('POST', '/api/v2/ordenes/save', 'supervisor', {
      ...nueva(),
      id: o.id,
      titulo: 'Reparación del equipo de aire',
      tipoOrden: cat.tipos[1],
      area: cat.areas[1],
      cliente: cli[1],
      responsable: [u.operario, u.supervisor],
    });
    expect(r.statusCode, r.body).toBe(200);
    const tipos = (await historial(o.id)).map((e) => e.tipo);
    expect(tipos).toEqual(expect.arrayContaining(['TITULO', 'TIPO', 'AREA', 'CLIENTE', 'RESPONSABLE']));
    await siguenRespondiendo();
  });

  it('PUT /api/v3/responsable/{id}', async () => {
    const o = await crear();
    await login('admin');
    const r = await call('PUT', `/api/v3/responsable/${o.id}`, 'supervisor', {
      responsable: [u.supervisor],
      comentarios: 'Lo toma Carla',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as OrdenDetalle).responsables.map((p) => p.id)).toEqual([u.supervisor]);
    await siguenRespondiendo();
  });

  it('POST /api/v2/tipoOrden/{o}/{t}', async () => {
    const o = await crear();
    await login('admin');
    const t = cat.tipos[1] as number;
    const r = await call('POST', `/api/v2/tipoOrden/${o.id}/${t}`, 'supervisor', { tipoOrdenId: t });
    expect(r.statusCode, r.body).toBe(200);
    expect((await historial(o.id)).some((e) => e.tipo === 'TIPO')).toBe(true);
    await siguenRespondiendo();
  });

  it('POST /api/v2/area/{o}/{a}', async () => {
    const o = await crear();
    await login('admin');
    const a = cat.areas[1] as number;
    const r = await call('POST', `/api/v2/area/${o.id}/${a}`, 'supervisor', { areaId: a });
    expect(r.statusCode, r.body).toBe(200);
    expect((await historial(o.id)).some((e) => e.tipo === 'AREA')).toBe(true);
    await siguenRespondiendo();
  });

  it('otra empresa no ve ni cambia las órdenes de Demo por estos caminos', async () => {
    const o = await crear();
    await login('otra');
    const t = cat.tipos[1] as number;
    expect((await call('POST', `/api/v2/tipoOrden/${o.id}/${t}`, 'otra', { tipoOrdenId: t })).statusCode).toBe(404);
    expect((await call('PUT', `/api/v3/responsable/${o.id}`, 'otra', { responsable: [u.otra] })).statusCode).toBe(404);
    expect((await historial(o.id)).map((e) => e.tipo)).toEqual(['CREADA']);
  });
});

describe('un día de trabajo', () => {
  it('varios usuarios entran, editan y vacían cachés durante horas sin que el servidor se trabe', async () => {
    const ordenes = [await crear(), await crear(), await crear()];
    const quienes = ['admin', 'supervisor', 'operario'];
    let pedidos = 0;
    // Twelve rounds, ten minutes apart on the server's clock: the caches expire between rounds
    // (5 minutes), are cleaned by logins and by catalogue changes within a round, and the users'
    // calls of one round run at once, as they would in an office.
    for (let ronda = 0; ronda < 12; ronda++) {
      env.clock.advance(10 * 60_000);
      const o = ordenes[ronda % ordenes.length] as OrdenDetalle;
      const t = cat.tipos[ronda % 2] as number;
      const a = cat.areas[(ronda + 1) % 2] as number;
      const tareas: Promise<{ statusCode: number; body: string }>[] = [
        ...quienes.map((q) => call('GET', '/api/v2/usuarios/cache/clean', q)),
        call('GET', '/api/v2/clientes/cache/clean', 'supervisor'),
        call('POST', `/api/v2/tipoOrden/${o.id}/${t}`, 'supervisor', { tipoOrdenId: t }),
        call('POST', `/api/v2/area/${o.id}/${a}`, 'admin', { areaId: a }),
        call('PUT', `/api/v3/responsable/${o.id}`, 'admin', {
          responsable: ronda % 2 ? [u.operario] : [u.operario, u.supervisor],
        }),
        call('POST', '/api/v2/ordenes/save', 'supervisor', {
          ...nueva(),
          id: o.id,
          titulo: `Ronda ${ronda}`,
          tipoOrden: t,
          area: a,
          responsable: [u.operario],
        }),
        call('GET', `/api/v3/ordenDTO/${o.id}`, 'operario'),
        call('GET', '/api/v2/plan/estado', 'otra'),
      ];
      if (ronda % 3 === 0) {
        // A catalogue change (a new client) drops the company's names while the edits run.
        tareas.push(call('POST', '/api/v2/cliente', 'admin', { nombre: `Cliente de la ronda ${ronda}`, activo: true }));
      }
      if (ronda === 6) {
        tareas.push(
          call('PUT', `/api/v2/estado/${o.id}`, 'operario', { estado: ESTADO.EN_PROCESO, comentarios: 'Empiezo' }),
        );
      }
      const respuestas = await Promise.all(tareas);
      pedidos += respuestas.length;
      for (const r of respuestas) expect(r.statusCode, r.body).toBeLessThan(500);
      // Edits of the same order may race (409 for the one that lost), never hang or fail.
      expect(respuestas.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(tareas.length - 2);
    }
    expect(pedidos).toBeGreaterThan(100);
    await siguenRespondiendo();
  });
});
