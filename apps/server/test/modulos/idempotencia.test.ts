import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { VIGENCIA_IDEMPOTENCIA_MS } from '../../src/modules/idempotencia/idempotencia.service.js';
import { moduloIdempotencia } from '../../src/modules/idempotencia/index.js';
import { makeUsuario } from '../helpers.js';
import { bancoDeModulo, type Banco } from './banco.js';

/** The idempotency keys alone: the kernel's database, clock, log and configuration, no other module. */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('se arma solo con el núcleo: una clave repetida devuelve la primera respuesta, solo a su dueño, y vence', async () => {
  const m = moduloIdempotencia(b.nucleo);
  expect(m.rutas).toBeUndefined();
  const db = b.database.db;
  const usuarioId = await makeUsuario(db, { entidadId: b.entidadId, usuario: 'ana', nombre: 'Ana' });
  const otroId = await makeUsuario(db, { entidadId: b.otraEntidadId, usuario: 'beto', nombre: 'Beto' });
  const dueno = { entidadId: b.entidadId, usuarioId };
  const clave = randomUUID();

  const primero = await m.puerto.reclamar(dueno, clave, 'huella');
  if (primero.tipo !== 'nuevo') throw new Error('se esperaba un reclamo nuevo');
  await expect(m.puerto.reclamar(dueno, clave, 'huella')).rejects.toMatchObject({ code: 'IDEMPOTENCIA_EN_PROCESO' });
  expect(await m.puerto.completar(dueno, clave, primero.toma, { status: 200, respuesta: '{"ok":true}' })).toBe(true);
  expect(await m.puerto.reclamar(dueno, clave, 'huella')).toEqual({
    tipo: 'repetida',
    status: 200,
    respuesta: '{"ok":true}',
  });
  await expect(m.puerto.reclamar(dueno, clave, 'otra huella')).rejects.toMatchObject({
    code: 'IDEMPOTENCIA_DISTINTA',
  });

  // The same key of a user of another company is another key.
  const ajeno = await m.puerto.reclamar({ entidadId: b.otraEntidadId, usuarioId: otroId }, clave, 'huella');
  expect(ajeno.tipo).toBe('nuevo');

  b.clock.advance(VIGENCIA_IDEMPOTENCIA_MS + 60_000);
  expect(await m.puerto.limpiar()).toBe(2);
  expect((await m.puerto.reclamar(dueno, clave, 'otra huella')).tipo).toBe('nuevo');
});
