import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PERMISOS_GLOBALES } from '@delego/contract';
import type { MensajeNuevo } from '../src/modules/whatsapp/index.js';
import { auth, createTestEnv, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * The caps on WhatsApp messages (issue 35, docs/WHATSAPP.md «Límites»), lowered for the test: a
 * company's messages in 24 h and one number's, counted in the outbox under the company's lock, so
 * that transactions at once (on PostgreSQL, really at once) cannot pass them together; another
 * company has caps of its own, and the window frees after 24 h.
 */
const POR_EMPRESA = 5;
const POR_NUMERO = 2;

let env: TestEnv;
let demo = 0;
let otra = 0;
const clientes: number[] = [];
let ajeno = 0;
let seq = 0;

const numero = (i: number) => `+54911${String(20000000 + i)}`;

function mensaje(entidadId: number, clienteId: number): MensajeNuevo {
  seq += 1;
  return {
    entidadId,
    clave: `limite:${seq}`,
    evento: 'ENCUESTA',
    destinatario: { tipo: 'cliente', clienteId },
    ordenId: null,
    parametros: ['Cliente', '7', 'Poda', 'https://delego.example.com/encuestas/k'],
    correoRespaldo: null,
  };
}

const encolar = (...m: MensajeNuevo[]) => env.database.db.transaction((tx) => env.app.puertos.whatsapp.encolar(tx, m));

async function cuantos(entidadId: number): Promise<number> {
  const r = await env.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from whatsapp_salida where entidad_id = ${entidadId}`,
  );
  return Number(r.rows[0]?.n);
}

beforeAll(async () => {
  env = await createTestEnv({ limitesWhatsapp: { porEmpresa: POR_EMPRESA, porNumero: POR_NUMERO } });
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo', plan: 'Ilimitado', now });
  otra = await makeEntidad(db, { nombre: 'Otra', plan: 'Ilimitado', now });
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'admin',
    nombre: 'Ana',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'ajeno',
    nombre: 'Otro',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  clientes.push(
    ...(await makeClientes(
      db,
      demo,
      Array.from({ length: 6 }, (_, i) => ({ nombre: `Cliente ${i}` })),
    )),
  );
  [ajeno] = (await makeClientes(db, otra, [{ nombre: 'Ajeno' }])) as [number];
  for (const [i, c] of clientes.entries()) {
    const r = await env.app.inject({
      method: 'PUT',
      url: `/api/v4/whatsapp/clientes/${c}`,
      headers: auth('admin'),
      payload: { numero: numero(i), optIn: true, origen: 'formulario' },
    });
    expect(r.statusCode, r.body).toBe(200);
  }
  const r = await env.app.inject({
    method: 'PUT',
    url: `/api/v4/whatsapp/clientes/${ajeno}`,
    headers: auth('ajeno'),
    // The same number as one of Demo's clients: each company counts its own.
    payload: { numero: numero(0), optIn: true, origen: 'verbal' },
  });
  expect(r.statusCode, r.body).toBe(200);
});
afterAll(() => env?.close());

it('un número recibe a lo sumo su tope en 24 h de la empresa; otra empresa cuenta aparte', async () => {
  const c0 = clientes[0] as number;
  expect(await encolar(mensaje(demo, c0), mensaje(demo, c0), mensaje(demo, c0))).toBe(POR_NUMERO);
  expect(await encolar(mensaje(demo, c0))).toBe(0);
  expect(await encolar(mensaje(otra, ajeno))).toBe(1);
  expect(await cuantos(demo)).toBe(POR_NUMERO);
});

it('la empresa no pasa su tope en 24 h, ni con varias transacciones a la vez', async () => {
  // Two left for the company (5 - 2); three transactions race for them, to three new numbers.
  const resultados = await Promise.all(
    [1, 2, 3].map((i) => encolar(mensaje(demo, clientes[i] as number), mensaje(demo, clientes[i] as number))),
  );
  expect(resultados.reduce((a, b) => a + b, 0)).toBe(POR_EMPRESA - POR_NUMERO);
  expect(await cuantos(demo)).toBe(POR_EMPRESA);
  expect(await encolar(mensaje(demo, clientes[5] as number))).toBe(0);
  // The other company still has room.
  expect(await encolar(mensaje(otra, ajeno))).toBe(1);
});

it('pasadas 24 h del primero, la ventana se libera', async () => {
  env.clock.advance(24 * 3_600_000 + 1);
  expect(await encolar(mensaje(demo, clientes[5] as number), mensaje(demo, clientes[5] as number))).toBe(2);
  expect(await encolar(mensaje(demo, clientes[5] as number))).toBe(0);
  expect(await cuantos(demo)).toBe(POR_EMPRESA + 2);
});
