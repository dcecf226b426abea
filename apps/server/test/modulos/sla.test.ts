import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CANALES_POR_OMISION,
  MENSAJES_SLA,
  type CalendarioHabilVista,
  type CanalAviso,
  type EventoUsuario,
} from '@delego/contract';
import { randomBytes } from 'node:crypto';
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
  crearVariasEnTransaccion: () => Promise.reject(new Error('sin notificaciones en esta prueba')),
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

it('se arma solo con el núcleo y su fuente de feriados: cada empresa ve y cambia solo lo suyo', async () => {
  const m = moduloSla(b.nucleo, { feriados, notifications: sinNotificaciones, ...paraInformes, ejecutor: null });
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
  const m = moduloSla(b.nucleo, { feriados, notifications: sinNotificaciones, ...paraInformes, ejecutor: null });
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
