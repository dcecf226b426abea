import { afterAll, beforeAll, expect, it } from 'vitest';
import { moduloCatalogo } from '../../src/modules/catalog/index.js';
import { bancoDeModulo, type Banco } from './banco.js';

/** The catalogue module alone: the kernel's database and bus, no other module. */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('se arma solo con el núcleo: crea y lista tipos de orden de su empresa y avisa el cambio', async () => {
  const m = moduloCatalogo(b.nucleo);
  const app = await b.servir(m, b.actor({ permisosResumen: [{ nombre: 'altaEtiquetas' }] }));
  const h = { authorization: 'prueba' };
  const alta = await app.inject({ method: 'POST', url: '/api/v2/tipoOrden', headers: h, payload: { nombre: 'Poda' } });
  expect(alta.statusCode, alta.body).toBe(200);
  expect(b.eventos.some((e) => e.type === 'catalogo.cambiado' && e.entidadId === b.entidadId)).toBe(true);
  const lista = await app.inject({ method: 'GET', url: '/api/v2/tipoOrden/all', headers: h });
  expect((lista.json() as { nombre: string }[]).map((t) => t.nombre)).toContain('Poda');

  const otra = await b.servir(m, b.actor({ entidadId: b.otraEntidadId }));
  const ajena = await otra.inject({ method: 'GET', url: '/api/v2/tipoOrden/all', headers: h });
  expect((ajena.json() as { nombre: string }[]).map((t) => t.nombre)).not.toContain('Poda');

  const sinPermiso = await b.servir(m, b.actor({ roles: [] }));
  const r = await sinPermiso.inject({ method: 'POST', url: '/api/v2/tipoOrden', headers: h, payload: { nombre: 'X' } });
  expect(r.statusCode).toBe(403);
});
