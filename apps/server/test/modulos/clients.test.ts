import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Cliente } from '@delego/contract';
import { TenantCache } from '../../src/kernel/tenant-cache.js';
import { moduloClientes } from '../../src/modules/clients/index.js';
import { makeClientes } from '../helpers.js';
import { bancoDeModulo, type Banco } from './banco.js';

/** The clients module alone: the kernel's database and bus, its own cache, no other module. */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('se arma solo con el núcleo y su caché, sirve sus rutas y no ve los clientes de otra empresa', async () => {
  const cache = new TenantCache<Cliente[]>({ ttlMs: 60_000, maxEntradas: 10 });
  const m = moduloClientes(b.nucleo, { cache });
  await makeClientes(b.database.db, b.otraEntidadId, [{ nombre: 'De la otra' }]);
  const app = await b.servir(m, b.actor({ permisosResumen: [{ nombre: 'altaClientes' }] }));

  const alta = await app.inject({
    method: 'POST',
    url: '/api/v2/cliente',
    headers: { authorization: 'prueba' },
    payload: { nombre: 'Ferretería Núñez' },
  });
  expect(alta.statusCode, alta.body).toBe(200);
  expect(b.eventos.map((e) => e.type)).toContain('clientes.cambiados');

  const lista = await app.inject({ method: 'GET', url: '/api/v4/clientes', headers: { authorization: 'prueba' } });
  expect((lista.json() as Cliente[]).map((c) => c.nombre)).toEqual(['Ferretería Núñez']);
  const id = (alta.json() as Cliente).id;
  expect(await m.puerto.find(b.entidadId, id)).toMatchObject({ nombre: 'Ferretería Núñez' });
  expect(await m.puerto.find(b.otraEntidadId, id)).toBeUndefined();

  const sinPermiso = await b.servir(m, b.actor({ roles: [], permisosResumen: [] }));
  const r = await sinPermiso.inject({
    method: 'POST',
    url: '/api/v2/cliente',
    headers: { authorization: 'prueba' },
    payload: { nombre: 'Otro' },
  });
  expect(r.statusCode).toBe(403);
  const sinSesion = await app.inject({ method: 'GET', url: '/api/v4/clientes' });
  expect(sinSesion.statusCode).toBe(401);
});
