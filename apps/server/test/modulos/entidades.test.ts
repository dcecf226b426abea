import { afterAll, beforeAll, expect, it } from 'vitest';
import { moduloEntidades } from '../../src/modules/entidades/index.js';
import { makeClientes, makeUsuario } from '../helpers.js';
import { bancoDeModulo, type Banco } from './banco.js';

/** The companies module alone: the kernel's database, no other module. */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('se arma solo con el núcleo: da los datos de su empresa y los primeros pasos, nunca los de otra', async () => {
  const m = moduloEntidades(b.nucleo);
  expect(await m.puerto.find(b.entidadId)).toMatchObject({ nombre: 'Módulo SA' });
  expect(await m.puerto.find(b.otraEntidadId)).toMatchObject({ nombre: 'Otra SA' });

  await makeClientes(b.database.db, b.otraEntidadId, [{ nombre: 'Cliente ajeno' }]);
  await makeUsuario(b.database.db, { usuario: 'ajeno', nombre: 'Ajeno', entidadId: b.otraEntidadId });
  const app = await b.servir(m, b.actor());
  const r = await app.inject({
    method: 'GET',
    url: '/api/v4/entidad/primeros-pasos',
    headers: { authorization: 'prueba' },
  });
  expect(r.statusCode, r.body).toBe(200);
  // A new company has done none of them, though another company has clients and users.
  expect(r.json()).toEqual({ hayClientes: false, hayOtrosUsuarios: false, hayOrdenes: false });

  const logo = await app.inject({
    method: 'PUT',
    url: '/api/v3/entidad/logo',
    headers: { authorization: 'prueba' },
    payload: { logo: 'no es una imagen' },
  });
  expect(logo.statusCode).toBe(415);
  expect(await m.puerto.find(b.entidadId)).toMatchObject({ logo: null });
});
