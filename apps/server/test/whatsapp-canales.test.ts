import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CANALES_POR_OMISION,
  MENSAJE_WHATSAPP_SIN_NUMERO,
  PERMISOS_GLOBALES,
  type Canales,
  type CanalesUsuario,
  type EventoUsuario,
} from '@delego/contract';
import type { MensajeNuevo } from '../src/modules/whatsapp/index.js';
import { auth, createTestEnv, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * Each user's channels per kind of event with their WhatsApp number (issue 35, docs/WHATSAPP.md
 * «Canales de cada usuario»), through the whole app: the WhatsApp module keeps the number and the
 * consent, the notifications module the matrix (`preferencias: notificaciones.puerto` in
 * modulos.ts). The defaults, WhatsApp refused without a number and consent (nothing saved), the
 * consent's date kept by a repeated request, a new number without consent, and another company.
 */
let env: TestEnv;
let demo = 0;
let operario = 0;
let seq = 0;

const ver = async (usuario: string): Promise<CanalesUsuario> => {
  const r = await env.app.inject({ method: 'GET', url: '/api/v4/whatsapp/canales', headers: auth(usuario) });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as CanalesUsuario;
};
const guardar = (usuario: string, body: object) =>
  env.app.inject({ method: 'PUT', url: '/api/v4/whatsapp/canales', headers: auth(usuario), payload: body });

const con = (cambios: Partial<Record<EventoUsuario, Canales>>): Record<EventoUsuario, Canales> => ({
  ...CANALES_POR_OMISION,
  ...cambios,
});
const whatsapp = { app: true, push: true, correo: false, whatsapp: true };

function asignada(): MensajeNuevo {
  seq += 1;
  return {
    entidadId: demo,
    clave: `canales:${seq}`,
    evento: 'ORDEN_ASIGNADA',
    destinatario: { tipo: 'usuario', usuarioId: operario },
    ordenId: null,
    parametros: ['Diego', '3', 'Poda', 'https://delego.example.com/orden/3'],
    correoRespaldo: null,
  };
}
const encolar = (m: MensajeNuevo) => env.database.db.transaction((tx) => env.app.puertos.whatsapp.encolar(tx, [m]));

beforeAll(async () => {
  env = await createTestEnv();
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo', plan: 'Ilimitado', now });
  const otra = await makeEntidad(db, { nombre: 'Otra', plan: 'Ilimitado', now });
  operario = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'operario',
    nombre: 'Diego',
    permisos: PERMISOS_GLOBALES,
  });
  await makeUsuario(db, { entidadId: otra, usuario: 'ajeno', nombre: 'Otro', permisos: PERMISOS_GLOBALES });
});
afterAll(() => env?.close());

it('sin elegir nada: la app y push para todo, ni correo ni WhatsApp, sin número', async () => {
  expect(await ver('operario')).toEqual({ numero: null, optIn: null, eventos: CANALES_POR_OMISION, modo: 'prueba' });
});

it('WhatsApp sin número o sin aceptar: 400 en «numero» y nada se guarda (ni los otros canales)', async () => {
  for (const body of [
    {
      numero: null,
      acepta: true,
      eventos: con({ ORDEN_ASIGNADA: whatsapp, ORDEN_ESTADO: { ...whatsapp, whatsapp: false, correo: true } }),
    },
    { numero: '+54 9 11 2345-6789', acepta: false, eventos: con({ SLA_POR_VENCER: whatsapp }) },
  ]) {
    const r = await guardar('operario', body);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'DATOS_INVALIDOS', field: 'numero', message: MENSAJE_WHATSAPP_SIN_NUMERO });
  }
  expect(await ver('operario')).toEqual({ numero: null, optIn: null, eventos: CANALES_POR_OMISION, modo: 'prueba' });
  expect(await encolar(asignada())).toBe(0);
});

it('con número y consentimiento se guarda todo junto; repetido conserva la fecha; otra empresa no lo ve', async () => {
  const eventos = con({
    ORDEN_ASIGNADA: whatsapp,
    SLA_POR_VENCER: { app: true, push: false, correo: true, whatsapp: false },
  });
  const r = await guardar('operario', { numero: '011 15 2345-6789', acepta: true, eventos });
  expect(r.statusCode, r.body).toBe(200);
  const dado = r.json() as CanalesUsuario;
  expect(dado).toEqual({ numero: '+5491123456789', optIn: env.clock.now().getTime(), eventos, modo: 'prueba' });
  expect(await ver('operario')).toEqual(dado);
  expect(await encolar(asignada())).toBe(1);

  env.clock.advance(60_000);
  const otra = await guardar('operario', { numero: '+5491123456789', acepta: true, eventos });
  expect(otra.json()).toEqual(dado);

  expect(await ver('ajeno')).toEqual({ numero: null, optIn: null, eventos: CANALES_POR_OMISION, modo: 'prueba' });
});

it('un número nuevo sin aceptar queda sin consentimiento y no recibe nada', async () => {
  const r = await guardar('operario', { numero: '+5493511234567', acepta: false, eventos: CANALES_POR_OMISION });
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json()).toMatchObject({ numero: '+5493511234567', optIn: null, eventos: CANALES_POR_OMISION });
  expect(await encolar(asignada())).toBe(0);
  const otra = await guardar('operario', { numero: '+5493511234567', acepta: true, eventos: CANALES_POR_OMISION });
  expect((otra.json() as CanalesUsuario).optIn).toBe(env.clock.now().getTime());
  expect(await encolar(asignada())).toBe(1);
});
