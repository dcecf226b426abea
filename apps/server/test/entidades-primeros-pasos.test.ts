import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zPrimerosPasos } from '@delego/contract';
import { sql } from 'drizzle-orm';
import { auth, createTestEnv, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/** GET /api/v4/entidad/primeros-pasos (issue 36): what a new company has done, counted company-wide. */

let env: TestEnv;
let nueva: number;
let otra: number;

const URL = '/api/v4/entidad/primeros-pasos';

async function pasos(quien: string) {
  const r = await env.app.inject({ method: 'GET', url: `${URL}?tsp=${Date.now()}`, headers: auth(quien) });
  expect(r.statusCode, r.body).toBe(200);
  return zPrimerosPasos.strict().parse(r.json());
}

beforeAll(async () => {
  env = await createTestEnv();
  const db = env.database.db;
  const now = env.clock.now();
  nueva = await makeEntidad(db, { nombre: 'Recién Llegada S.R.L.', plan: 'Pyme', now });
  otra = await makeEntidad(db, { nombre: 'Otra Empresa S.A.', plan: 'Pyme', now });
  await makeUsuario(db, {
    entidadId: nueva,
    usuario: 'duenia',
    nombre: 'Dueña',
    roles: ['PROPIETARIO'],
    permisos: ['crearOrden'],
  });
  // The other company has everything: a client, several users, an order.
  const [cliOtra] = await makeClientes(db, otra, [{ nombre: 'Cliente de Otra' }]);
  const jefeOtra = await makeUsuario(db, {
    entidadId: otra,
    usuario: 'otra',
    nombre: 'Otra',
    roles: ['ADMIN'],
    permisos: ['crearOrden'],
  });
  await makeUsuario(db, { entidadId: otra, usuario: 'otra2', nombre: 'Otra dos', roles: ['OPERARIO'] });
  const r = await env.app.inject({
    method: 'POST',
    url: `/api/v2/ordenes/save?tsp=${Date.now()}`,
    headers: auth('otra'),
    payload: { titulo: 'Orden de otra empresa', cliente: cliOtra, responsable: [jefeOtra] },
  });
  expect(r.statusCode, r.body).toBe(200);
});
afterAll(() => env?.close());

describe('entre empresas', () => {
  it('lo de otra empresa no cuenta: una empresa nueva ve todo por hacer', async () => {
    expect(await pasos('duenia')).toEqual({ hayClientes: false, hayOtrosUsuarios: false, hayOrdenes: false });
    expect(await pasos('otra')).toEqual({ hayClientes: true, hayOtrosUsuarios: true, hayOrdenes: true });
  });
});

describe('GET /api/v4/entidad/primeros-pasos', () => {
  it('sin credenciales da 401', async () => {
    const r = await env.app.inject({ method: 'GET', url: URL });
    expect(r.statusCode).toBe(401);
  });

  it('cada paso se marca al hacerse, para cualquier usuario de la empresa', async () => {
    const db = env.database.db;
    // A deactivated client does not count: no order can be created for it.
    const [inactivo] = await makeClientes(db, nueva, [{ nombre: 'Cliente dado de baja' }]);
    await db.execute(sql`update clientes set activo = false where id = ${inactivo}`);
    expect((await pasos('duenia')).hayClientes).toBe(false);

    const [cliente] = await makeClientes(db, nueva, [{ nombre: 'Primer cliente' }]);
    expect(await pasos('duenia')).toEqual({ hayClientes: true, hayOtrosUsuarios: false, hayOrdenes: false });

    // An outsider an order was handed to (a contractor link's hidden user) is not a user of the company.
    await db.execute(
      sql`insert into usuarios (entidad_id, usuario, nombre, externo) values (${nueva}, 'externo.prueba', 'Externo: Ana', true)`,
    );
    expect((await pasos('duenia')).hayOtrosUsuarios).toBe(false);

    // A user without any permission may ask too; for them the owner is "another user".
    const operario = await makeUsuario(db, { entidadId: nueva, usuario: 'operario', nombre: 'Operario' });
    expect(await pasos('duenia')).toEqual({ hayClientes: true, hayOtrosUsuarios: true, hayOrdenes: false });
    expect(await pasos('operario')).toEqual({ hayClientes: true, hayOtrosUsuarios: true, hayOrdenes: false });

    const r = await env.app.inject({
      method: 'POST',
      url: `/api/v2/ordenes/save?tsp=${Date.now()}`,
      headers: auth('duenia'),
      payload: { titulo: 'Primera orden', cliente, responsable: [operario] },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await pasos('duenia')).toEqual({ hayClientes: true, hayOtrosUsuarios: true, hayOrdenes: true });

    // A deleted order is no longer an order of the company.
    const { id } = r.json() as { id: number };
    const borrada = await env.app.inject({
      method: 'DELETE',
      url: `/api/v2/orden/${id}?tsp=${Date.now()}`,
      headers: auth('duenia'),
    });
    expect(borrada.statusCode, borrada.body).toBe(200);
    expect((await pasos('duenia')).hayOrdenes).toBe(false);
    expect((await pasos('otra')).hayOrdenes).toBe(true);
  });
});
