import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ESTADO, type AccesoExport, type Dashboard, type Grafico, type PlanEstado } from '@delego/contract';
import type { Actor } from '../../src/kernel/actor.js';
import { moduloEstadisticas } from '../../src/modules/statistics/index.js';
import { makeUsuario } from '../../src/seed/factories.js';
import { bancoDeModulo, type Banco } from './banco.js';

/**
 * The statistics module alone: the kernel's database and clock, and fakes of the two ports it
 * declares (the order list's conditions, the company's plan); orders are plain rows (the orders
 * module owns the table; the rollup's triggers count them).
 */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('se arma con el núcleo y dos puertos falsos, cuenta solo las órdenes de su empresa y la exportación se usa una vez', async () => {
  const db = b.database.db;
  const ahora = b.clock.now();
  const ordenes = async (entidadId: number, estados: number[]) => {
    const autor = await makeUsuario(db, { entidadId, usuario: `autor${entidadId}`, nombre: 'Autor' });
    for (const [i, estado] of estados.entries())
      await db.execute(sql`insert into ordenes (entidad_id, numero, titulo, estado_id, registro_responsable_id, creada, actualizada, fecha_fin)
        values (${entidadId}, ${i + 1}, ${`Orden ${i + 1}`}, ${estado}, ${autor}, ${ahora.toISOString()}::timestamptz,
          ${ahora.toISOString()}::timestamptz, ${new Date(ahora.getTime() - 3_600_000).toISOString()}::timestamptz)`);
    return autor;
  };
  const autor = await ordenes(b.entidadId, [ESTADO.PENDIENTE, ESTADO.EN_PROCESO]);
  const autorOtra = await ordenes(b.otraEntidadId, [ESTADO.PENDIENTE]);

  const condiciones: Actor[] = [];
  const plan: PlanEstado = { nombre: 'Pyme', quota: 100, quotaDisponible: 97, fechaProximoVencimiento: null };
  const m = moduloEstadisticas(b.nucleo, {
    ordersLecturas: {
      condicionesDeLista: (actor) => {
        condiciones.push(actor);
        return sql`o.entidad_id = ${actor.entidadId} and o.eliminada is null`;
      },
    },
    plans: { estado: async () => plan },
  });
  expect(m.puerto).toEqual({});
  const gerente = b.actor({ id: autor, permisosResumen: [{ nombre: 'verEstadisticas' }] });
  const app = await b.servir(m, gerente);
  const hoy = { fechaDesde: ahora.getTime(), fechaHasta: ahora.getTime() };
  const h = { authorization: 'prueba' };

  const porEstado = await app.inject({
    method: 'POST',
    url: '/api/v2/estadisticas/ordenes-por-estado',
    headers: h,
    payload: hoy,
  });
  expect(porEstado.statusCode, porEstado.body).toBe(200);
  expect((porEstado.json() as Grafico).resumen).toEqual([
    { clave: 'total', nombre: 'Órdenes creadas en el período', valor: 2, unidad: 'ordenes' },
  ]);

  const tablero = await app.inject({ method: 'GET', url: '/api/v2/dashboard', headers: h });
  expect(tablero.statusCode, tablero.body).toBe(200);
  const tarjetas = Object.fromEntries((tablero.json() as Dashboard).tarjetas.map((t) => [t.clave, t]));
  expect([tarjetas.abiertas?.valor, tarjetas.vencidas?.valor, tarjetas.quotaUsada?.valor]).toEqual([2, 2, 3]);
  expect(condiciones.map((a) => a.id)).toEqual([autor]);

  // The export: a token, one download (the public route), then «already used».
  const acceso = await app.inject({
    method: 'POST',
    url: '/api/v2/estadisticas/demora/export/acceso',
    headers: h,
    payload: hoy,
  });
  expect(acceso.statusCode, acceso.body).toBe(200);
  const url = (acceso.json() as AccesoExport).url;
  const xlsx = await app.inject({ method: 'GET', url });
  expect(xlsx.statusCode, xlsx.body).toBe(200);
  expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  expect((await app.inject({ method: 'GET', url })).statusCode).toBe(410);

  // The other company sees its one order, and nothing of this one's.
  const otra = await b.servir(
    m,
    b.actor({ id: autorOtra, entidadId: b.otraEntidadId, permisosResumen: [{ nombre: 'verEstadisticas' }] }),
  );
  const deOtra = await otra.inject({
    method: 'POST',
    url: '/api/v2/estadisticas/ordenes-por-estado',
    headers: h,
    payload: hoy,
  });
  expect((deOtra.json() as Grafico).resumen[0]?.valor).toBe(1);

  const sinPermiso = await b.servir(m, b.actor({ id: autor, permisosResumen: [] }));
  const r = await sinPermiso.inject({
    method: 'POST',
    url: '/api/v2/estadisticas/ordenes-por-estado',
    headers: h,
    payload: hoy,
  });
  expect(r.statusCode).toBe(403);
  expect((await app.inject({ method: 'GET', url: '/api/v2/dashboard' })).statusCode).toBe(401);
});
