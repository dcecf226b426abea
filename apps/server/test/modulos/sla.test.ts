import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CANALES_POR_OMISION,
  MENSAJES_SLA,
  type CalendarioHabilVista,
  type CanalAviso,
  type EventoUsuario,
} from '@delego/contract';
import { randomBytes } from 'node:crypto';
import { CacheRegistry } from '../../src/kernel/cache-registry.js';
import { cifradorCon } from '../../src/modules/client-side/index.js';
import { moduloSla, type FuenteFeriados } from '../../src/modules/sla/index.js';
import { bancoDeModulo, type Banco } from './banco.js';

/** The service-levels module alone: the kernel's database and clock, a fake of the country's holidays. */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

/**
 * The module's warnings are not exercised here (test/sla-ordenes.test.ts does); each user's
 * channels are a map, as the notifications port keeps them (by company and user).
 */
const celdas = new Map<string, boolean>();
const sinNotificaciones = {
  // A scan with no warning due stores none (it still asks, with none).
  crearVariasEnTransaccion: (_tx: unknown, nuevas: readonly unknown[]) =>
    nuevas.length
      ? Promise.reject(new Error('sin notificaciones en esta prueba'))
      : Promise.resolve({ anunciar: () => Promise.resolve() }),
  canales: (_db: unknown, entidadId: number, usuarioId: number) =>
    Promise.resolve({
      ...CANALES_POR_OMISION,
      SLA_POR_VENCER: {
        ...CANALES_POR_OMISION.SLA_POR_VENCER,
        correo: celdas.get(`${entidadId}/${usuarioId}/SLA_POR_VENCER/correo`) ?? false,
      },
    }),
  guardarCanal: (_tx: unknown, entidadId: number, usuarioId: number, e: EventoUsuario, c: CanalAviso, v: boolean) => {
    celdas.set(`${entidadId}/${usuarioId}/${e}/${c}`, v);
    return Promise.resolve();
  },
};

/** The monthly report's dependencies (test/sla-informe.test.ts exercises them): no clients here. */
const paraInformes = {
  clients: { find: () => Promise.resolve(undefined) },
  entidades: { find: () => Promise.resolve(undefined) },
  mail: {
    enqueue: () => Promise.reject(new Error('sin correo en esta prueba')),
    kick: () => undefined,
  },
  cifrador: cifradorCon(randomBytes(32)),
};

const feriados: FuenteFeriados = {
  delAnio: (anio) => [{ dia: `${anio}-07-09`, nombre: 'Día de la Independencia' }],
};

/** The module, with a registry of its own for its cache of «the company has ever had a policy». */
const armar = () =>
  moduloSla(b.nucleo, {
    feriados,
    notifications: sinNotificaciones,
    ...paraInformes,
    ejecutor: null,
    registro: new CacheRegistry(b.nucleo.bus, { error: () => undefined, warn: () => undefined }),
  });

it('se arma solo con el núcleo y su fuente de feriados: cada empresa ve y cambia solo lo suyo', async () => {
  const m = armar();
  const h = { authorization: 'prueba' };
  const app = await b.servir(m, b.actor());
  // The bench's clock is 15 June 2026: this year and the next.
  const inicial = (
    await app.inject({ method: 'GET', url: '/api/v4/sla/calendario', headers: h })
  ).json() as CalendarioHabilVista;
  expect(inicial.anios).toEqual([2026, 2027]);
  expect(inicial.feriados.map((f) => f.dia)).toEqual(['2026-07-09', '2027-07-09']);

  const agregado = await app.inject({
    method: 'POST',
    url: '/api/v4/sla/feriados',
    headers: h,
    payload: { dia: '2026-10-02', nombre: 'Aniversario de la empresa' },
  });
  expect(agregado.statusCode, agregado.body).toBe(200);
  const trabajado = await app.inject({ method: 'DELETE', url: '/api/v4/sla/feriados/2026-07-09', headers: h });
  expect((trabajado.json() as CalendarioHabilVista).feriados).toContainEqual({
    dia: '2026-07-09',
    nombre: 'Día de la Independencia',
    origen: 'nacional',
    seTrabaja: true,
  });
  expect(await m.puerto.calendario(b.actor())).toMatchObject({
    feriados: expect.arrayContaining([expect.objectContaining({ dia: '2026-10-02' })]),
  });

  const otra = await b.servir(m, b.actor({ entidadId: b.otraEntidadId }));
  const ajena = (
    await otra.inject({ method: 'GET', url: '/api/v4/sla/calendario', headers: h })
  ).json() as CalendarioHabilVista;
  expect(ajena.feriados.map((f) => [f.dia, f.seTrabaja])).toEqual([
    ['2026-07-09', false],
    ['2027-07-09', false],
  ]);

  const operario = await b.servir(m, b.actor({ roles: [] }));
  const r = await operario.inject({ method: 'DELETE', url: '/api/v4/sla/feriados/2026-10-02', headers: h });
  expect(r.statusCode).toBe(403);
  expect(r.json()).toMatchObject({ message: MENSAJES_SLA.soloAdministradores });
});

it('el «también por correo» de los avisos es la celda SLA_POR_VENCER.correo del puerto de notificaciones', async () => {
  const m = armar();
  const h = { authorization: 'prueba' };
  const app = await b.servir(m, b.actor({ id: 7 }));
  expect((await app.inject({ method: 'GET', url: '/api/v4/sla/avisos', headers: h })).json()).toEqual({
    correo: false,
  });
  const r = await app.inject({ method: 'PUT', url: '/api/v4/sla/avisos', headers: h, payload: { correo: true } });
  expect(r.json()).toEqual({ correo: true });
  expect([...celdas]).toEqual([[`${b.entidadId}/7/SLA_POR_VENCER/correo`, true]]);
  const malo = await app.inject({ method: 'PUT', url: '/api/v4/sla/avisos', headers: h, payload: { correo: 'sí' } });
  expect(malo.statusCode).toBe(400);
  expect([...celdas.values()]).toEqual([true]);
  // The same user id in another company reads its own cell.
  const otra = await b.servir(m, b.actor({ id: 7, entidadId: b.otraEntidadId }));
  expect((await otra.inject({ method: 'GET', url: '/api/v4/sla/avisos', headers: h })).json()).toEqual({
    correo: false,
  });
});

it('cada política creada, editada o cerrada publica sla.politicasCambiadas de su empresa después del commit; una rechazada, nada', async () => {
  const m = armar();
  const h = { authorization: 'prueba' };
  const app = await b.servir(m, b.actor());
  const cambiadas = () => b.eventos.filter((e) => e.type === 'sla.politicasCambiadas');
  const antes = cambiadas().length;
  const b1 = { nombre: 'General', respuesta: { cantidad: 4, unidad: 'horas' } };
  const creada = await app.inject({ method: 'POST', url: '/api/v4/sla/politicas', headers: h, payload: b1 });
  expect(creada.statusCode, creada.body).toBe(200);
  const id = (creada.json() as { id: number }).id;
  // The same client × type × priority again: 409, rolled back, nothing published.
  expect((await app.inject({ method: 'POST', url: '/api/v4/sla/politicas', headers: h, payload: b1 })).statusCode).toBe(
    409,
  );
  const url = `/api/v4/sla/politicas/${id}`;
  expect(
    (await app.inject({ method: 'PUT', url, headers: h, payload: { ...b1, nombre: 'General 2' } })).statusCode,
  ).toBe(200);
  expect((await app.inject({ method: 'DELETE', url, headers: h })).statusCode).toBe(200);
  expect((await app.inject({ method: 'DELETE', url, headers: h })).statusCode).toBe(404);
  expect(cambiadas().slice(antes)).toEqual(Array(3).fill({ type: 'sla.politicasCambiadas', entidadId: b.entidadId }));
});

it('la reacción a una orden recuerda que la empresa nunca tuvo política, hasta que sla.politicasCambiadas de esa empresa lo descarta', async () => {
  const m = armar();
  const otra = b.otraEntidadId;
  const creador = await b.usuario(otra);
  const orden = await b.orden(otra, creador);
  expect(await m.puerto.sincronizar(otra, orden.id)).toBe(false);
  // A policy written behind the module's back (no event): the remembered answer still holds.
  await b.database.db.execute(sql`
    insert into sla_politicas (entidad_id, politica_id, nombre, resolucion, pausa_en_espera, vigente_desde)
    values (${otra}, 0, 'General', ${JSON.stringify({ cantidad: 2, unidad: 'dias' })}::jsonb, false,
            ${new Date(b.clock.now().getTime() - 3_600_000)})`);
  await b.database.db.execute(sql`update sla_politicas set politica_id = id where entidad_id = ${otra}`);
  expect(await m.puerto.sincronizar(otra, orden.id)).toBe(false);
  // The minute's scan does not ask it: what a stale answer skipped, the scan repairs.
  expect(await m.puerto.escanear()).toMatchObject({ sincronizadas: 1 });
  const segunda = await b.orden(otra, creador);
  expect(await m.puerto.sincronizar(otra, segunda.id)).toBe(false);
  // Another company's event leaves it; its own drops it.
  const entregado = () => new Promise((r) => setTimeout(r, 0));
  b.nucleo.bus.publish({ type: 'sla.politicasCambiadas', entidadId: b.entidadId });
  await entregado();
  expect(await m.puerto.sincronizar(otra, segunda.id)).toBe(false);
  b.nucleo.bus.publish({ type: 'sla.politicasCambiadas', entidadId: otra });
  await entregado();
  expect(await m.puerto.sincronizar(otra, segunda.id)).toBe(true);
});
