import { afterAll, beforeAll, expect, it } from 'vitest';
import { moduloSalud } from '../../src/modules/health/index.js';
import { bancoDeModulo, type Banco } from './banco.js';

/** The health module alone: the kernel's database, public routes only. */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('se arma solo con la base: está vivo y listo sin credenciales', async () => {
  const app = await b.servir(moduloSalud(b.nucleo), b.actor());
  const vivo = await app.inject({ method: 'GET', url: '/api/health' });
  expect(vivo.statusCode, vivo.body).toBe(200);
  const listo = await app.inject({ method: 'GET', url: '/api/health/ready' });
  expect(listo.statusCode, listo.body).toBe(200);
  expect(listo.json()).toMatchObject({ db: 'ok' });
});
