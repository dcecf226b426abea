import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventoOrden } from '@delego/contract';
import { fixture, llamar, type Fixture } from './files-fixture.js';

/**
 * The order's history says when offline work was done on the device (issue 36): the outbox
 * replays a change with `X-Hecho-En` (epoch ms) beside its `Idempotency-Key`; the event keeps it
 * (`hechoEn`) when it is sane and `fecha` stays the moment it reached the server.
 */
let f: Fixture;
let api: ReturnType<typeof llamar>;

beforeAll(async () => {
  f = await fixture();
  api = llamar(f);
});
afterAll(() => f?.close());

const MIN = 60_000;
const ahora = () => f.env.clock.now().getTime();

const historial = async (id: number, who = 'admin') => {
  const r = await api.call('GET', `/api/v2/historial/detalle/${id}`, who);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as EventoOrden[];
};

/** A state change as the outbox replays it: with its key and, when given, `X-Hecho-En`. */
const estadoReplay = (id: number, hechoEn: string | undefined, clave = randomUUID()) =>
  api.call(
    'PUT',
    `/api/v2/estado/${id}`,
    'operario',
    { estado: 2, comentarios: 'Empiezo' },
    { 'idempotency-key': clave, ...(hechoEn === undefined ? {} : { 'x-hecho-en': hechoEn }) },
  );

const ultimo = (eventos: EventoOrden[]) => eventos[eventos.length - 1];

describe('X-Hecho-En en el historial', () => {
  it('otra empresa no ve el historial ni la hora del dispositivo', async () => {
    const o = await api.crearOrden();
    expect((await estadoReplay(o.id, String(ahora() - 90 * MIN))).statusCode).toBe(200);
    const r = await api.call('GET', `/api/v2/historial/detalle/${o.id}`, 'otra');
    expect(r.statusCode).toBe(404);
    expect(r.body).not.toContain('hechoEn');
  });

  it('un cambio reenviado por la bandeja guarda cuándo se hizo en el dispositivo; fecha es la llegada', async () => {
    const o = await api.crearOrden();
    const hecho = ahora() - 90 * MIN;
    const r = await estadoReplay(o.id, String(hecho));
    expect(r.statusCode, r.body).toBe(200);
    const e = ultimo(await historial(o.id));
    expect(e).toMatchObject({ tipo: 'ESTADO', hechoEn: hecho });
    expect(e?.fecha).toBeGreaterThanOrEqual(ahora() - 1000);
  });

  it('las horas reenviadas también (el evento de Horas y gastos)', async () => {
    const o = await api.crearOrden();
    const hecho = ahora() - 3 * 24 * 60 * MIN;
    const r = await api.call(
      'PUT',
      `/api/v2/registro-gastos/${o.id}`,
      'operario',
      { horas: [{ fecha: ahora(), horas: 1, minutos: 5, descripcion: '' }] },
      { 'idempotency-key': randomUUID(), 'x-hecho-en': String(hecho) },
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(ultimo(await historial(o.id))?.hechoEn).toBe(hecho);
  });

  it('sin la cabecera, o sin Idempotency-Key, el evento no lleva hechoEn', async () => {
    const o = await api.crearOrden();
    expect((await estadoReplay(o.id, undefined)).statusCode).toBe(200);
    expect(ultimo(await historial(o.id))).not.toHaveProperty('hechoEn');
    const sinClave = await api.call(
      'PUT',
      `/api/v2/estado/${o.id}`,
      'operario',
      { estado: 3, comentarios: 'Falta un repuesto' },
      { 'x-hecho-en': String(ahora() - 10 * MIN) },
    );
    expect(sinClave.statusCode, sinClave.body).toBe(200);
    const eventos = await historial(o.id);
    expect(eventos.filter((e) => e.hechoEn !== undefined)).toEqual([]);
  });

  it('una hora insensata se ignora y el cambio se aplica igual', async () => {
    const casos = [
      String(ahora() + 10 * MIN), // reloj del dispositivo muy adelantado
      String(ahora() - 8 * 24 * 60 * MIN), // más de 7 días
      'ayer',
      '-5',
      '1e12',
      '',
    ];
    for (const hechoEn of casos) {
      const o = await api.crearOrden();
      const r = await estadoReplay(o.id, hechoEn);
      expect(r.statusCode, `${hechoEn}: ${r.body}`).toBe(200);
      const e = ultimo(await historial(o.id));
      expect(e?.tipo).toBe('ESTADO');
      expect(e, hechoEn).not.toHaveProperty('hechoEn');
    }
  });

  it('un reloj apenas adelantado (menos de 5 minutos) cuenta como la hora de llegada', async () => {
    const o = await api.crearOrden();
    const llegada = ahora();
    expect((await estadoReplay(o.id, String(llegada + 2 * MIN))).statusCode).toBe(200);
    expect(ultimo(await historial(o.id))?.hechoEn).toBe(llegada);
  });

  it('la repetición con la misma clave no agrega otro evento', async () => {
    const o = await api.crearOrden();
    const clave = randomUUID();
    const hecho = ahora() - 20 * MIN;
    expect((await estadoReplay(o.id, String(hecho), clave)).statusCode).toBe(200);
    const otra = await estadoReplay(o.id, String(hecho + MIN), clave);
    expect(otra.headers['idempotency-replayed']).toBe('true');
    const eventos = (await historial(o.id)).filter((e) => e.tipo === 'ESTADO');
    expect(eventos.map((e) => e.hechoEn)).toEqual([hecho]);
  });
});
