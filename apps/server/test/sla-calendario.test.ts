import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENSAJES_HORARIO,
  MENSAJES_SLA,
  PERMISOS_GLOBALES,
  SEMANA_POR_DEFECTO,
  type CalendarioHabilVista,
} from '@delego/contract';
import { auth, createTestEnv, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * The business calendar of service levels end to end (issue 34, docs/SLA.md): Argentina's holidays
 * from the library, the company's week and holiday changes, validation in Spanish that changes
 * nothing, administrators only, and another company.
 */
let env: TestEnv;

const pedir = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, usuario = 'admin', payload?: object) =>
  env.app.inject({ method, url, headers: auth(usuario), ...(payload ? { payload } : {}) });
const calendario = async (usuario = 'admin'): Promise<CalendarioHabilVista> => {
  const r = await pedir('GET', '/api/v4/sla/calendario', usuario);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const partido = {
  ...SEMANA_POR_DEFECTO,
  '1': [
    { desde: 840, hasta: 1080 },
    { desde: 540, hasta: 780 },
  ],
};

beforeAll(async () => {
  env = await createTestEnv();
  env.clock.t = new Date('2026-11-29T12:00:00Z');
  const db = env.database.db;
  const now = env.clock.now();
  const demo = await makeEntidad(db, { nombre: 'Demo', plan: 'Ilimitado', now });
  const otra = await makeEntidad(db, { nombre: 'Otra', plan: 'Ilimitado', now });
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'admin',
    nombre: 'Ana',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  await makeUsuario(db, { entidadId: demo, usuario: 'dueno', nombre: 'Laura', roles: ['PROPIETARIO'] });
  await makeUsuario(db, { entidadId: demo, usuario: 'operario', nombre: 'Diego' });
  // Every global permission but no admin role: still not an administrator of the calendar.
  await makeUsuario(db, { entidadId: demo, usuario: 'supervisor', nombre: 'Sol', permisos: PERMISOS_GLOBALES });
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'ajeno',
    nombre: 'Otro',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
});
afterAll(() => env?.close());

describe('calendario hábil (issue 34)', () => {
  it('empieza de lunes a viernes de 9 a 18, con los feriados nacionales de este año y el siguiente', async () => {
    const c = await calendario('operario');
    expect(c.zona).toBe('America/Argentina/Buenos_Aires');
    expect(c.semana).toEqual(SEMANA_POR_DEFECTO);
    expect(c.anios).toEqual([2026, 2027]);
    const dias = c.feriados.map((f) => f.dia);
    expect(dias).toEqual([...dias].sort());
    for (const dia of ['2026-05-25', '2026-07-09', '2026-12-25', '2027-01-01', '2027-07-09'])
      expect(dias).toContain(dia);
    expect(dias.every((d) => d >= '2026-01-01' && d <= '2027-12-31')).toBe(true);
    expect(c.feriados.find((f) => f.dia === '2026-07-09')).toEqual({
      dia: '2026-07-09',
      nombre: 'Día de la Independencia',
      origen: 'nacional',
      seTrabaja: false,
    });
  });

  it('un administrador guarda la semana con turno partido; un horario inválido se rechaza con su lugar y no cambia nada', async () => {
    const r = await pedir('PUT', '/api/v4/sla/calendario/semana', 'dueno', { semana: partido });
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as CalendarioHabilVista).semana['1']).toEqual(partido['1']);
    expect((await calendario('operario')).semana).toEqual(partido);

    const casos: Array<[object, string, string]> = [
      [{ ...partido, '2': [{ desde: 1080, hasta: 540 }] }, 'semana.2.0', MENSAJES_HORARIO.invertido],
      [
        {
          ...partido,
          '3': [
            { desde: 540, hasta: 800 },
            { desde: 780, hasta: 1080 },
          ],
        },
        'semana.3.1',
        MENSAJES_HORARIO.superpuesto,
      ],
      [{ ...partido, '4': [{ desde: 540, hasta: 1500 }] }, 'semana.4.0.hasta', MENSAJES_HORARIO.fueraDelDia],
      [{ '1': [], '2': [], '3': [], '4': [], '5': [], '6': [], '7': [] }, 'semana', MENSAJES_HORARIO.sinHorario],
      [{ ...partido, '5': undefined }, 'semana.5', ''],
    ];
    for (const [semana, campo, mensaje] of casos) {
      const mal = await pedir('PUT', '/api/v4/sla/calendario/semana', 'admin', { semana });
      expect(mal.statusCode, JSON.stringify(semana)).toBe(400);
      const cuerpo = mal.json() as { field?: string; message: string };
      expect(cuerpo.field).toBe(campo);
      if (mensaje) expect(cuerpo.message).toContain(mensaje);
    }
    expect((await calendario()).semana).toEqual(partido);
  });

  it('feriados: uno propio se agrega y se quita; uno nacional se trabaja y se vuelve a tomar', async () => {
    const agregado = await pedir('POST', '/api/v4/sla/feriados', 'admin', {
      dia: '2026-12-07',
      nombre: '  <b>Aniversario</b> ',
    });
    expect(agregado.statusCode, agregado.body).toBe(200);
    expect((agregado.json() as CalendarioHabilVista).feriados).toContainEqual({
      dia: '2026-12-07',
      nombre: '<b>Aniversario</b>',
      origen: 'empresa',
      seTrabaja: false,
    });
    const otraVez = await pedir('POST', '/api/v4/sla/feriados', 'admin', { dia: '2026-12-07', nombre: 'Otro' });
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json()).toMatchObject({ message: MENSAJES_SLA.feriadoDuplicado });
    const sobreNacional = await pedir('POST', '/api/v4/sla/feriados', 'admin', {
      dia: '2026-12-25',
      nombre: 'Navidad',
    });
    expect(sobreNacional.statusCode).toBe(409);

    const trabajado = await pedir('DELETE', '/api/v4/sla/feriados/2026-12-08', 'admin');
    expect(trabajado.statusCode, trabajado.body).toBe(200);
    expect((await calendario('operario')).feriados.find((f) => f.dia === '2026-12-08')).toMatchObject({
      origen: 'nacional',
      seTrabaja: true,
    });
    expect((await pedir('DELETE', '/api/v4/sla/feriados/2026-12-08', 'admin')).statusCode).toBe(404);
    const retomado = await pedir('POST', '/api/v4/sla/feriados', 'admin', { dia: '2026-12-08', nombre: 'Inmaculada' });
    expect(retomado.statusCode, retomado.body).toBe(200);
    expect((retomado.json() as CalendarioHabilVista).feriados.find((f) => f.dia === '2026-12-08')).toMatchObject({
      nombre: 'Inmaculada Concepción de María',
      seTrabaja: false,
    });

    expect((await pedir('DELETE', '/api/v4/sla/feriados/2026-12-07', 'admin')).statusCode).toBe(200);
    const noEs = await pedir('DELETE', '/api/v4/sla/feriados/2026-12-07', 'admin');
    expect(noEs.statusCode).toBe(404);
    expect(noEs.json()).toMatchObject({ message: MENSAJES_SLA.feriadoInexistente });
    expect((await calendario()).feriados.some((f) => f.dia === '2026-12-07')).toBe(false);
  });

  it('datos inválidos: 400 con el campo y el motivo en español, sin cambiar nada', async () => {
    const antes = await calendario();
    const casos: Array<[string, string, object | undefined, string]> = [
      ['POST', '/api/v4/sla/feriados', { dia: '2026-02-30', nombre: 'X' }, 'dia'],
      ['POST', '/api/v4/sla/feriados', { dia: '2026-12-10', nombre: '   ' }, 'nombre'],
      ['POST', '/api/v4/sla/feriados', { dia: '2026-12-10', nombre: 'x'.repeat(81) }, 'nombre'],
      ['POST', '/api/v4/sla/feriados', { dia: '2029-01-02', nombre: 'Lejos' }, 'dia'],
      ['DELETE', '/api/v4/sla/feriados/mañana', undefined, 'dia'],
    ];
    for (const [method, url, payload, campo] of casos) {
      const r = await pedir(method as 'POST', url, 'admin', payload);
      expect(r.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(r.json()).toMatchObject({ field: campo });
    }
    expect(await calendario()).toEqual(antes);
  });

  it('solo ADMIN o PROPIETARIO cambian el calendario: los demás lo leen', async () => {
    for (const usuario of ['operario', 'supervisor']) {
      for (const [method, url, payload] of [
        ['PUT', '/api/v4/sla/calendario/semana', { semana: SEMANA_POR_DEFECTO }],
        ['POST', '/api/v4/sla/feriados', { dia: '2026-12-10', nombre: 'X' }],
        ['DELETE', '/api/v4/sla/feriados/2026-12-25', undefined],
      ] as const) {
        const r = await pedir(method, url, usuario, payload);
        expect(r.statusCode, `${usuario} ${method} ${url}`).toBe(403);
        expect(r.json()).toMatchObject({ message: MENSAJES_SLA.soloAdministradores });
      }
    }
    expect((await calendario()).semana).toEqual(partido);
  });

  it('otra empresa no ve ni cambia el calendario de Demo', async () => {
    const ajeno = await calendario('ajeno');
    expect(ajeno.semana).toEqual(SEMANA_POR_DEFECTO);
    expect(ajeno.feriados.every((f) => f.origen === 'nacional' && !f.seTrabaja)).toBe(true);
    // Its own changes stay its own.
    expect((await pedir('DELETE', '/api/v4/sla/feriados/2026-12-25', 'ajeno')).statusCode).toBe(200);
    expect(
      (await pedir('POST', '/api/v4/sla/feriados', 'ajeno', { dia: '2026-12-07', nombre: 'Ajeno' })).statusCode,
    ).toBe(200);
    const demo = await calendario();
    expect(demo.feriados.find((f) => f.dia === '2026-12-25')?.seTrabaja).toBe(false);
    expect(demo.feriados.some((f) => f.dia === '2026-12-07')).toBe(false);
  });
});
