import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PlanEstado } from '@delego/contract';
import { TenantCache } from '../../src/kernel/tenant-cache.js';
import { moduloPlanes, type DepsPlanes } from '../../src/modules/plans/index.js';
import { ProveedorPrueba } from '../../src/modules/plans/proveedor-prueba.js';
import { bancoDeModulo, type Banco } from './banco.js';

/** The plans module alone: the kernel, its cache, and fakes of mail and companies. */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('se arma con fakes de correo y empresas: da el estado del plan de cada empresa y su catálogo', async () => {
  const avisos: string[] = [];
  const deps: DepsPlanes = {
    cache: new TenantCache<PlanEstado | null>({ ttlMs: 60_000, maxEntradas: 10 }),
    mail: {
      enqueue: async () => undefined,
      kick: () => avisos.push('kick'),
    } as unknown as DepsPlanes['mail'],
    entidades: {
      find: async (id: number) => ({ id, nombre: 'Módulo SA', logo: null }),
    } as unknown as DepsPlanes['entidades'],
    pagos: new ProveedorPrueba('secreto-de-prueba'),
  };
  const m = moduloPlanes(b.nucleo, deps);
  const estado = await m.puerto.estadoDeEntidad(b.entidadId);
  expect(estado).toMatchObject({ nombre: 'Ilimitado' });

  const app = await b.servir(m, b.actor());
  const h = { authorization: 'prueba' };
  const r = await app.inject({ method: 'GET', url: '/api/v2/plan/estado', headers: h });
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json()).toMatchObject({ nombre: 'Ilimitado' });
  const planes = await app.inject({ method: 'GET', url: '/api/v2/plan/all', headers: h });
  expect(planes.statusCode, planes.body).toBe(200);

  // A due period is renewed through the subscriptions (one way), and announced on the bus.
  b.clock.advance(40 * 24 * 3600_000);
  const renovado = await m.puerto.estadoDeEntidad(b.entidadId);
  expect(renovado?.fechaProximoVencimiento ?? 0).toBeGreaterThan(b.clock.now().getTime());
  expect(b.eventos.some((e) => e.type === 'plan.cambiado' && e.entidadId === b.entidadId)).toBe(true);
  await m.alCerrar?.();
});
