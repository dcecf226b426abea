import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISOS_GLOBALES, type TipoTokenNativo } from '@delego/contract';
import type { NativePushSender } from '../src/modules/notifications/push.js';
import { dispositivos } from '../src/modules/notifications/notifications.tables.js';
import { auth, createTestEnv, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * Issue 17: the native app registers its FCM (Android) or APNs (iOS) token on the same route as
 * the browsers' subscriptions; it is validated, kept with its kind, never moves to another
 * company, and reaches the native sender port when there is one.
 */

let env: TestEnv;
let demo: number;
let operario: number;
const enviados: { tipo: TipoTokenNativo; token: string; payload: Record<string, unknown> }[] = [];
/** Tokens the stand-in service says are gone. */
const caducados = new Set<string>();

/** A recording sender behind the port (tests only: no FCM or APNs here). */
const nativo: NativePushSender = {
  tipos: ['fcm', 'apns'],
  async send(dispositivo, payload) {
    enviados.push({ ...dispositivo, payload });
    return !caducados.has(dispositivo.token);
  },
};

const FCM = 'eXamPle_Fcm-Token:APA91bHPRgkF3Xk-ejemplo.token_de_firebase_para_la_prueba';
const APNS = '9f'.repeat(32);

beforeAll(async () => {
  env = await createTestEnv({ pushNativo: nativo });
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo Servicios S.A.', plan: 'Pyme', now });
  const otra = await makeEntidad(db, { nombre: 'Otra Empresa S.R.L.', plan: 'Ilimitado', now });
  operario = await makeUsuario(db, { entidadId: demo, usuario: 'operario', nombre: 'Diego' });
  await makeUsuario(db, { entidadId: demo, usuario: 'ayudante', nombre: 'Lucía' });
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'otra',
    nombre: 'Roberto',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
});
afterAll(async () => {
  await env?.close();
});

const registrar = (who: string, flag: boolean, token: string) =>
  env.app.inject({
    method: 'GET',
    url: `/api/v2/notificaciones/registrar/${flag}/${encodeURIComponent(token)}`,
    headers: auth(who),
  });

async function filas() {
  return env.database.db
    .select({ token: dispositivos.token, usuarioId: dispositivos.usuarioId, entidadId: dispositivos.entidadId })
    .from(dispositivos)
    .orderBy(dispositivos.id);
}

describe('registrar el token de la app nativa', () => {
  it('otra empresa no se queda con el token de un teléfono de Demo ni lo puede quitar', async () => {
    expect((await registrar('operario', true, `fcm:${FCM}`)).statusCode).toBe(200);
    const antes = await filas();
    const r = await registrar('otra', true, `fcm:${FCM}`);
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json()).toMatchObject({ code: 'CONFLICTO', field: 'deviceToken' });
    // The bare form is the same device: refused all the same.
    expect((await registrar('otra', true, FCM)).statusCode).toBe(409);
    expect((await registrar('otra', false, `fcm:${FCM}`)).statusCode).toBe(200);
    expect(await filas()).toEqual(antes);
    expect((await registrar('operario', false, `fcm:${FCM}`)).statusCode).toBe(200);
    expect(await filas()).toEqual([]);
  });

  it('guarda los tokens de FCM y APNs con su tipo (APNs en minúsculas)', async () => {
    const r1 = await registrar('operario', true, `fcm:${FCM}`);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json()).toEqual({ ok: true, registrado: true });
    expect((await registrar('operario', true, `apns:${APNS.toUpperCase()}`)).statusCode).toBe(200);
    expect((await filas()).map((f) => f.token)).toEqual([`fcm:${FCM}`, `apns:${APNS}`]);
    // Registering again does not duplicate it.
    expect((await registrar('operario', true, `apns:${APNS}`)).statusCode).toBe(200);
    expect(await filas()).toHaveLength(2);
  });

  it('un token sin tipo (apps anteriores) se guarda con el suyo, y se quita con cualquiera de las dos formas', async () => {
    const viejo = 'cOldApp:APA91b_token-sin-prefijo';
    expect((await registrar('ayudante', true, viejo)).statusCode).toBe(200);
    expect((await filas()).some((f) => f.token === `fcm:${viejo}`)).toBe(true);
    expect((await registrar('ayudante', false, viejo)).statusCode).toBe(200);
    expect((await filas()).some((f) => f.token.includes(viejo))).toBe(false);
  });

  it('tokens mal formados: 400 con el campo deviceToken, y nada guardado', async () => {
    const antes = await filas();
    const casos: [string, RegExp][] = [
      ['apns:no-es-hex', /Apple \(APNs\)/],
      [`apns:${'ab'.repeat(16)}`, /Apple \(APNs\)/],
      ['fcm:con espacios y ñ', /Firebase \(FCM\)/],
      ['fcm:<img src=x>', /Firebase \(FCM\)/],
      ['fcm:corto', /Firebase \(FCM\)/],
      ['hola mundo!', /ni un token de la app/],
    ];
    for (const [token, motivo] of casos) {
      const r = await registrar('operario', true, token);
      expect(r.statusCode, token).toBe(400);
      expect(r.json().field, token).toBe('deviceToken');
      expect(r.json().message, token).toMatch(motivo);
    }
    expect(await filas()).toEqual(antes);
  });
});

describe('enviar a la app nativa por el puerto', () => {
  it('una notificación para quien no tiene la app abierta va a cada token sin su prefijo; uno caducado se olvida', async () => {
    enviados.length = 0;
    caducados.add(APNS);
    const n = env.puertos().notifications;
    await n.create(demo, operario, {
      tipo: 'ORDEN_ASIGNADA',
      titulo: 'Nueva orden asignada: #7',
      mensaje: 'Bomba',
      ordenId: 7,
    });
    await n.idle();
    expect(enviados.map((e) => [e.tipo, e.token]).sort()).toEqual([
      ['apns', APNS],
      ['fcm', FCM],
    ]);
    expect(enviados[0]!.payload).toMatchObject({ titulo: 'Nueva orden asignada: #7', mensaje: 'Bomba', ordenId: 7 });
    const quedan = await env.database.db.select().from(dispositivos).where(eq(dispositivos.usuarioId, operario));
    expect(quedan.map((f) => f.token)).toEqual([`fcm:${FCM}`]);
  });
});
