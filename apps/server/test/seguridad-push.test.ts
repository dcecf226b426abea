import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISOS_GLOBALES } from '@delego/contract';
import { DestinoPushRechazado, WebPushSender } from '../src/modules/notifications/push.js';
import { nuevasClavesVapid } from '../src/modules/secretos/index.js';
import { esDireccionNoPublica, type Direccion } from '../src/modules/notifications/push-destino.js';
import { dispositivos } from '../src/modules/notifications/notifications.tables.js';
import { auth, createTestEnv, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * Issue 10, item 7: a device token cannot make the server connect wherever a user wants, and a
 * device registered by one company never moves to another.
 */

let env: TestEnv;
const vapidDir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-vapid-'));

beforeAll(async () => {
  env = await createTestEnv();
  const db = env.database.db;
  const now = env.clock.now();
  const demo = await makeEntidad(db, { nombre: 'Demo Servicios S.A.', plan: 'Pyme', now });
  const otra = await makeEntidad(db, { nombre: 'Otra Empresa S.R.L.', plan: 'Ilimitado', now });
  await makeUsuario(db, { entidadId: demo, usuario: 'operario', nombre: 'Diego' });
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
  fs.rmSync(vapidDir, { recursive: true, force: true });
});

function suscripcion(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}
const tokenDe = (endpoint: string) => Buffer.from(JSON.stringify(suscripcion(endpoint))).toString('base64url');

const registrar = (who: string, flag: boolean, token: string) =>
  env.app.inject({
    method: 'GET',
    url: `/api/v2/notificaciones/registrar/${flag}/${token}?tsp=${Date.now()}`,
    headers: auth(who),
  });

async function filaDe(token: string) {
  const [row] = await env.database.db.select().from(dispositivos).where(eq(dispositivos.token, token));
  return row;
}

describe('registrar un dispositivo Web Push', () => {
  it('otra empresa no se queda con un dispositivo registrado en Demo: 409 y el dispositivo no se mueve', async () => {
    const token = tokenDe('https://fcm.googleapis.com/fcm/send/compartido');
    expect((await registrar('operario', true, token)).statusCode).toBe(200);
    const antes = await filaDe(token);
    const r = await registrar('otra', true, token);
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json()).toMatchObject({ code: 'CONFLICTO', field: 'deviceToken' });
    expect(r.json().message).toMatch(/otra empresa/);
    expect(await filaDe(token)).toEqual(antes);
    // Removing it from the other company does not touch Demo's device either.
    expect((await registrar('otra', false, token)).statusCode).toBe(200);
    expect(await filaDe(token)).toEqual(antes);
    // Within the same company the browser passes to whoever logs in on it.
    expect((await registrar('ayudante', true, token)).statusCode).toBe(200);
    const despues = await filaDe(token);
    expect(despues?.entidadId).toBe(antes?.entidadId);
    expect(despues?.usuarioId).not.toBe(antes?.usuarioId);
  });

  it('direcciones privadas, de loopback, link-local, http, otro puerto o de servicios desconocidos: 400 con el campo', async () => {
    const casos: [string, RegExp][] = [
      ['https://127.0.0.1:47001/push/abc', /puerto predeterminado/],
      ['https://127.0.0.1/push/abc', /no es de un servicio de notificaciones conocido/],
      ['https://[::1]/push/abc', /servicio de notificaciones conocido/],
      ['https://[::ffff:127.0.0.1]/push/abc', /servicio de notificaciones conocido/],
      ['https://169.254.169.254/latest/meta-data', /servicio de notificaciones conocido/],
      ['https://10.0.0.5/push', /servicio de notificaciones conocido/],
      ['https://192.168.1.1/push', /servicio de notificaciones conocido/],
      ['https://[fe80::1]/push', /servicio de notificaciones conocido/],
      ['https://localhost/push', /servicio de notificaciones conocido/],
      ['https://2130706433/push', /servicio de notificaciones conocido/],
      ['http://fcm.googleapis.com/fcm/send/abc', /HTTPS/],
      ['https://fcm.googleapis.com:8443/fcm/send/abc', /puerto predeterminado/],
      ['https://usuario:clave@fcm.googleapis.com/fcm/send/abc', /usuario ni contraseña/],
      ['https://fcm.googleapis.com.atacante.com/fcm/send/abc', /servicio de notificaciones conocido/],
      ['https://atacante.com/web.push.apple.com', /servicio de notificaciones conocido/],
      ['https://notify.windows.com/w/', /servicio de notificaciones conocido/],
      ['https://push.apple.com/x', /servicio de notificaciones conocido/],
      ['no es una url', /URL válida/],
    ];
    for (const [endpoint, mensaje] of casos) {
      const token = tokenDe(endpoint);
      const r = await registrar('operario', true, token);
      expect(r.statusCode, endpoint).toBe(400);
      expect(r.json().field, endpoint).toBe('deviceToken.endpoint');
      expect(r.json().message, endpoint).toMatch(mensaje);
      expect(await filaDe(token), endpoint).toBeUndefined();
    }
    const incompleta = Buffer.from(JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/x' })).toString(
      'base64url',
    );
    const r = await registrar('operario', true, incompleta);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/incompleta/);
  });

  it('las direcciones de los servicios conocidos se aceptan; un token nativo también', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGk1',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      const token = tokenDe(endpoint);
      const r = await registrar('operario', true, token);
      expect(r.statusCode, `${endpoint}: ${r.body}`).toBe(200);
      expect((await filaDe(token))?.token).toBe(token);
    }
    const nativo = 'dGhpcy1pcy1hbi1mY20tdG9rZW4:APA91bH_ejemplo-nativo';
    expect((await registrar('operario', true, nativo)).statusCode).toBe(200);
  });

  it('quitar un dispositivo acepta cualquier token (uno viejo siempre se puede borrar)', async () => {
    const viejo = tokenDe('https://127.0.0.1:47001/push/viejo');
    const r = await registrar('operario', false, viejo);
    expect(r.statusCode, r.body).toBe(200);
  });
});

describe('al enviar, el destino se vuelve a comprobar', () => {
  function sender(direcciones: Direccion[], pedidos: string[]) {
    return new WebPushSender(nuevasClavesVapid(), 'mailto:pruebas@delego.app', undefined, async (host) => {
      pedidos.push(host);
      return direcciones;
    });
  }

  it('rechaza un servicio conocido cuyo nombre resuelve a una dirección no pública (rebinding), sin conectarse', async () => {
    const privadas: Direccion[][] = [
      [{ address: '127.0.0.1', family: 4 }],
      [{ address: '10.1.2.3', family: 4 }],
      [{ address: '169.254.169.254', family: 4 }],
      [{ address: '::1', family: 6 }],
      [{ address: '::ffff:127.0.0.1', family: 6 }],
      [{ address: '::ffff:7f00:1', family: 6 }],
      [{ address: 'fe80::1', family: 6 }],
      [{ address: 'fd12:3456::1', family: 6 }],
      [{ address: '0.0.0.0', family: 4 }],
      // One public and one private address: refused all the same.
      [
        { address: '142.250.184.10', family: 4 },
        { address: '192.168.0.10', family: 4 },
      ],
      [],
    ];
    for (const direcciones of privadas) {
      const pedidos: string[] = [];
      const envio = sender(direcciones, pedidos).send(suscripcion('https://fcm.googleapis.com/fcm/send/abc'), {
        titulo: 'x',
      });
      await expect(envio, JSON.stringify(direcciones)).rejects.toBeInstanceOf(DestinoPushRechazado);
      await expect(envio).rejects.toMatchObject({ permanente: false });
      expect(pedidos).toEqual(['fcm.googleapis.com']);
    }
  });

  it('un dispositivo guardado antes de esta regla, con una dirección no permitida, no se contacta', async () => {
    const pedidos: string[] = [];
    const envio = sender([{ address: '142.250.184.10', family: 4 }], pedidos).send(
      suscripcion('https://127.0.0.1:47001/push'),
      {},
    );
    await expect(envio).rejects.toMatchObject({ name: 'DestinoPushRechazado', permanente: true });
    expect(pedidos).toEqual([]);
  });

  it('clasifica direcciones IPv4 e IPv6, incluidas las IPv4 dentro de IPv6', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '0:0:0:0:0:ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      'fe80::1%eth0',
      'fc00::1',
      'ff02::1',
      '2001:db8::1',
      'no-es-ip',
    ]) {
      expect(esDireccionNoPublica(ip), ip).toBe(true);
    }
    for (const ip of ['142.250.184.10', '8.8.8.8', '2a00:1450:4001:82b::200e', '::ffff:8.8.8.8', '2606:4700::1111']) {
      expect(esDireccionNoPublica(ip), ip).toBe(false);
    }
  });
});
