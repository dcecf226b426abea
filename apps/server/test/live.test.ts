import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import https from 'node:https';
import tls from 'node:tls';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createECDH, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISOS_GLOBALES, type Notificacion } from '@delego/contract';
import { WebPushSender } from '../src/modules/notifications/push.js';
import { nuevasClavesVapid } from '../src/modules/secretos/index.js';
import { auth, createTestEnv, makeClientes, makeEntidad, makeUsuario, md5, type TestEnv } from './helpers.js';
import { connectFrame, listen, rawSocket, stompConnect } from './live-helpers.js';

let env: TestEnv;
let url: string;
let demo: number;
let otra: number;
let cliente: number;
const u = {} as Record<'supervisor' | 'operario' | 'ayudante' | 'otra', number>;
const vapidDir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-vapid-'));
// A local push service over HTTPS with a certificate of its own (Web Push only speaks HTTPS).
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    path.join(vapidDir, 'key.pem'),
    '-out',
    path.join(vapidDir, 'cert.pem'),
  ],
  { stdio: 'ignore' },
);

// The sender accepts only known push services on public addresses: the subscription points to
// fcm.googleapis.com, a stub resolves it to a public address, and this agent carries the
// connection to the local push server instead.
let pushPort = 0;
const pushAgent = Object.assign(new https.Agent(), {
  createConnection: () => tls.connect({ host: '127.0.0.1', port: pushPort, rejectUnauthorized: false }),
});

beforeAll(async () => {
  env = await createTestEnv({
    push: new WebPushSender(nuevasClavesVapid(), 'mailto:pruebas@delego.app', pushAgent, async () => [
      { address: '142.250.184.10', family: 4 },
    ]),
    broker: { heartbeat: { sendMs: 100, receiveMs: 100 }, framesPerSecond: 20, frameBurst: 30, maxFrameBytes: 4096 },
  });
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo Servicios S.A.', plan: 'Pyme', now });
  otra = await makeEntidad(db, { nombre: 'Otra Empresa S.R.L.', plan: 'Ilimitado', now });
  cliente = (await makeClientes(db, demo, [{ nombre: 'Clínica San Martín' }]))[0] as number;
  u.supervisor = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'supervisor',
    nombre: 'Carla',
    apellido: 'Ruiz',
    permisos: ['crearOrden', 'modificarOrden', 'finalizarOrden'],
    clientes: [{ clienteId: cliente, delegarOrden: true, modificarOrden: true }],
  });
  u.operario = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'operario',
    nombre: 'Diego',
    apellido: 'Sosa',
    permisos: ['finalizarOrden'],
  });
  u.ayudante = await makeUsuario(db, { entidadId: demo, usuario: 'ayudante', nombre: 'Lucía', apellido: 'Benítez' });
  u.otra = await makeUsuario(db, {
    entidadId: otra,
    usuario: 'otra',
    nombre: 'Roberto',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
  url = await listen(env.app);
});
afterAll(async () => {
  await env?.close();
  fs.rmSync(vapidDir, { recursive: true, force: true });
});

const crearOrden = async (responsable: number[], extra: Record<string, unknown> = {}) => {
  const r = await env.app.inject({
    method: 'POST',
    url: '/api/v2/ordenes/save?tsp=1',
    headers: auth('supervisor'),
    payload: { titulo: 'Revisión de tablero', cliente, responsable, ...extra },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: number; numero: number };
};

describe('suscripciones entre empresas', () => {
  it('otra no puede suscribirse a ningún tópico de Demo: ERROR y cierre', async () => {
    for (const dest of [
      `/usuario/${u.operario}`,
      `/entidad/${demo}`,
      `/plan/entidad/${demo}`,
      `/entidad/cache/clientes/${demo}`,
      `/entidad/cache/usuarios/${demo}`,
    ]) {
      const c = await stompConnect(url, 'otra');
      const error = new Promise<string>((r) => (c.client.onStompError = (f) => r(f.headers.message ?? '')));
      c.client.subscribe(dest, () => undefined);
      expect(await error, dest).toMatch(/No tiene permiso/);
      await c.closed;
      await c.stop();
    }
  });
});

describe('STOMP con @stomp/stompjs', () => {
  it('credenciales inválidas: ERROR con el mensaje de login', async () => {
    const c = await stompConnect(url, 'supervisor', 'mala', { expectError: true });
    await c.closed;
    expect(c.errors[0]?.headers.message).toBe('Los datos de Login son inválidos');
    await c.stop();
  });

  it('suscripciones permitidas reciben sus mensajes: entidad, plan, usuario y cachés', async () => {
    const s = await stompConnect(url, 'supervisor');
    await s.subscribe(`/entidad/${demo}`);
    await s.subscribe(`/plan/entidad/${demo}`);
    await s.subscribe(`/usuario/${u.supervisor}`);
    await s.subscribe(`/entidad/cache/clientes/${demo}`);
    await s.subscribe(`/entidad/cache/usuarios/${demo}`);
    const o = await crearOrden([u.operario]);
    expect(await s.waitFor(`/entidad/${demo}`)).toContainEqual({ tipo: 'orden.creada', ordenId: o.id });
    const [plan] = (await s.waitFor(`/plan/entidad/${demo}`)) as { nombre: string; quotaDisponible: number }[];
    expect(plan).toMatchObject({ nombre: 'Pyme', quotaDisponible: 99 });
    await env.app.inject({ method: 'GET', url: '/api/v2/clientes/cache/clean', headers: auth('supervisor') });
    await env.app.inject({ method: 'GET', url: '/api/v2/usuarios/cache/clean', headers: auth('supervisor') });
    expect(await s.waitFor(`/entidad/cache/clientes/${demo}`)).toEqual([{ tipo: 'clientes' }]);
    expect(await s.waitFor(`/entidad/cache/usuarios/${demo}`)).toEqual([{ tipo: 'usuarios' }]);
    await s.stop();
  });

  it('sin crearOrden no hay canales de plan ni de entidad; el propio /usuario sí', async () => {
    const c = await stompConnect(url, 'operario');
    await c.subscribe(`/usuario/${u.operario}`);
    await c.subscribe(`/entidad/cache/clientes/${demo}`);
    const error = new Promise<string>((r) => (c.client.onStompError = (f) => r(f.headers.message ?? '')));
    c.client.subscribe(`/plan/entidad/${demo}`, () => undefined);
    expect(await error).toMatch(/No tiene permiso/);
    await c.stop();
  });

  it('un usuario no puede escuchar el canal de otro usuario ni un destino desconocido', async () => {
    for (const dest of [`/usuario/${u.ayudante}`, '/topic/todo', `/entidad/${demo}/x`]) {
      const c = await stompConnect(url, 'supervisor');
      const error = new Promise<string>((r) => (c.client.onStompError = (f) => r(f.headers.message ?? '')));
      c.client.subscribe(dest, () => undefined);
      expect(await error, dest).toMatch(/No tiene permiso/);
      await c.stop();
    }
  });

  it('latidos en ambos sentidos mantienen viva la conexión', async () => {
    const c = await stompConnect(url, 'supervisor', 'Demo1234!', { heartbeatMs: 100 });
    await new Promise((r) => setTimeout(r, 600));
    expect(c.client.connected).toBe(true);
    await c.subscribe(`/usuario/${u.supervisor}`);
    await c.stop();
  });
});

/**
 * The first notification of kind `tipo` on a user's channel. With PostgreSQL's bus a notification
 * of an earlier step (the order's assignment) may still arrive after the socket subscribed.
 */
async function avisoDe(cliente: { messages: Map<string, unknown[]> }, usuario: number, tipo: string) {
  for (let i = 0; i < 150; i++) {
    const n = (cliente.messages.get(`/usuario/${usuario}`) ?? []) as Notificacion[];
    const aviso = n.find((x) => x.tipo === tipo);
    if (aviso) return aviso;
    await new Promise((listo) => setTimeout(listo, 20));
  }
  throw new Error(`no llegó el aviso ${tipo}`);
}

describe('notificaciones', () => {
  it('asignar una orden notifica al responsable en su canal y queda guardada sin leer', async () => {
    const op = await stompConnect(url, 'operario');
    await op.subscribe(`/usuario/${u.operario}`);
    const o = await crearOrden([u.operario]);
    const [n] = (await op.waitFor(`/usuario/${u.operario}`)) as Notificacion[];
    expect(n).toMatchObject({
      tipo: 'ORDEN_ASIGNADA',
      ordenId: o.id,
      leida: false,
      titulo: `Nueva orden asignada: #${o.numero}`,
    });
    const list = (
      await env.app.inject({ method: 'GET', url: '/api/v2/notificaciones/all?tsp=1', headers: auth('operario') })
    ).json();
    expect(list[0]).toMatchObject({ id: n!.id, leida: false });
    await op.stop();
  });

  it('quitar a un responsable le avisa en su canal (su lista se refresca) sin enlace a la orden que ya no ve', async () => {
    // Only the operario is told anything here: a late message for someone else (PostgreSQL's bus
    // delivers after NOTIFY) would reach the next test's socket.
    const o = await crearOrden([u.operario]);
    await env.puertos().notifications.idle();
    const op = await stompConnect(url, 'operario');
    await op.subscribe(`/usuario/${u.operario}`);
    const r = await env.app.inject({
      method: 'PUT',
      url: `/api/v3/responsable/${o.id}`,
      headers: auth('supervisor'),
      payload: { responsable: [u.supervisor] },
    });
    expect(r.statusCode, r.body).toBe(200);
    // The assignment of the order may still be on its way: the removal is the one looked for.
    expect(await avisoDe(op, u.operario, 'ORDEN_QUITADA')).toMatchObject({
      tipo: 'ORDEN_QUITADA',
      ordenId: null,
      leida: false,
      titulo: `Ya no está a cargo de la orden #${o.numero}`,
      mensaje: 'Revisión de tablero',
    });
    expect(
      (await env.app.inject({ method: 'GET', url: `/api/v3/ordenDTO/${o.id}`, headers: auth('operario') })).statusCode,
    ).toBe(404);
    await env.puertos().notifications.idle();
    // Who removed (and added) himself is told nothing.
    const de = async (quien: string) =>
      (
        (
          await env.app.inject({ method: 'GET', url: '/api/v2/notificaciones/all', headers: auth(quien) })
        ).json() as Notificacion[]
      ).filter((x) => x.tipo === 'ORDEN_QUITADA' || (x.tipo === 'ORDEN_ASIGNADA' && x.ordenId === o.id));
    expect(await de('supervisor')).toEqual([]);
    expect((await de('operario')).map((x) => x.tipo)).toEqual(['ORDEN_QUITADA', 'ORDEN_ASIGNADA']);
    await op.stop();
  });

  it('un cambio de estado con comentario notifica a los responsables salvo a quien lo hizo', async () => {
    const o = await crearOrden([u.operario, u.ayudante]);
    const ay = await stompConnect(url, 'ayudante');
    await ay.subscribe(`/usuario/${u.ayudante}`);
    const r = await env.app.inject({
      method: 'PUT',
      url: `/api/v2/estado/${o.id}`,
      headers: auth('operario'),
      payload: { estado: 2, comentarios: 'Arranco ahora' },
    });
    expect(r.statusCode).toBe(200);
    const n = await avisoDe(ay, u.ayudante, 'ORDEN_ESTADO');
    expect(n).toMatchObject({ tipo: 'ORDEN_ESTADO', titulo: `La orden #${o.numero} pasó a En proceso` });
    expect(n.mensaje).toMatch(/Arranco ahora/);
    await env.puertos().notifications.idle();
    const delOperario = (
      await env.app.inject({ method: 'GET', url: '/api/v2/notificaciones/all', headers: auth('operario') })
    ).json();
    expect(delOperario.some((x: Notificacion) => x.tipo === 'ORDEN_ESTADO' && x.ordenId === o.id)).toBe(false);
    await ay.stop();
  });

  it('marcar leída: la propia sí, la de otro usuario u otra empresa da 404', async () => {
    await crearOrden([u.operario]);
    await env.puertos().notifications.idle();
    const [n] = (
      await env.app.inject({ method: 'GET', url: '/api/v2/notificaciones/all', headers: auth('operario') })
    ).json() as Notificacion[];
    expect(
      (await env.app.inject({ method: 'PUT', url: `/api/v2/notificaciones/leida/${n!.id}`, headers: auth('otra') }))
        .statusCode,
    ).toBe(404);
    expect(
      (await env.app.inject({ method: 'PUT', url: `/api/v2/notificaciones/leida/${n!.id}`, headers: auth('ayudante') }))
        .statusCode,
    ).toBe(404);
    expect(
      (await env.app.inject({ method: 'PUT', url: `/api/v2/notificaciones/leida/${n!.id}`, headers: auth('operario') }))
        .statusCode,
    ).toBe(200);
    const again = (
      await env.app.inject({ method: 'GET', url: '/api/v2/notificaciones/all', headers: auth('operario') })
    ).json() as Notificacion[];
    expect(again.find((x) => x.id === n!.id)?.leida).toBe(true);
    expect(
      (await env.app.inject({ method: 'GET', url: '/api/v2/notificaciones/all', headers: auth('otra') })).json(),
    ).toEqual([]);
    expect(
      (await env.app.inject({ method: 'PUT', url: '/api/v2/notificaciones/leida/abc', headers: auth('operario') }))
        .statusCode,
    ).toBe(400);
  });

  it('una orden que se vence se avisa una sola vez a sus responsables', async () => {
    const ahora = env.clock.now().getTime();
    const o = await crearOrden([u.ayudante], { fechaInicio: ahora - 3 * 3600_000, fechaFin: ahora - 3600_000 });
    const n1 = await env.puertos().notifications.checkOverdue();
    const n2 = await env.puertos().notifications.checkOverdue();
    expect(n1).toBeGreaterThanOrEqual(1);
    expect(n2).toBe(0);
    const list = (
      await env.app.inject({ method: 'GET', url: '/api/v2/notificaciones/all', headers: auth('ayudante') })
    ).json() as Notificacion[];
    expect(list.filter((x) => x.tipo === 'ORDEN_VENCIDA' && x.ordenId === o.id)).toHaveLength(1);
  });

  it('sin socket abierto, la notificación llega como Web Push al dispositivo registrado', async () => {
    // The earlier tests' notifications finish first: one still being sent when the device
    // registers would reach it too (two pushes instead of one, seen once on a loaded machine).
    await env.puertos().notifications.idle();
    const received: { headers: http.IncomingHttpHeaders; bytes: number }[] = [];
    const tls = {
      key: fs.readFileSync(path.join(vapidDir, 'key.pem')),
      cert: fs.readFileSync(path.join(vapidDir, 'cert.pem')),
    };
    const pushServer = https.createServer(tls, (req, res) => {
      let bytes = 0;
      req.on('data', (c: Buffer) => (bytes += c.length));
      req.on('end', () => {
        received.push({ headers: req.headers, bytes });
        res.writeHead(201).end();
      });
    });
    await new Promise<void>((r) => pushServer.listen(0, '127.0.0.1', () => r()));
    pushPort = (pushServer.address() as AddressInfo).port;
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    };
    const token = Buffer.from(JSON.stringify(subscription)).toString('base64url');
    const vapid = (
      await env.app.inject({ method: 'GET', url: '/api/v2/notificaciones/vapid', headers: auth('ayudante') })
    ).json();
    expect(vapid.publicKey.length).toBeGreaterThan(40);
    expect(
      (
        await env.app.inject({
          method: 'GET',
          url: `/api/v2/notificaciones/registrar/true/${token}`,
          headers: auth('ayudante'),
        })
      ).json(),
    ).toEqual({ ok: true, registrado: true });
    await crearOrden([u.ayudante]);
    await env.puertos().notifications.idle();
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(received[0]!.headers.authorization).toMatch(/^vapid /);
    expect(received[0]!.bytes).toBeGreaterThan(50);
    // Unregistered: no more pushes.
    await env.app.inject({
      method: 'GET',
      url: `/api/v2/notificaciones/registrar/false/${token}`,
      headers: auth('ayudante'),
    });
    await crearOrden([u.ayudante]);
    await env.puertos().notifications.idle();
    expect(received).toHaveLength(1);
    pushServer.close();
  });
});

describe('entradas inválidas en el socket: ERROR y cierre de ese socket solamente', () => {
  it('basura, SUBSCRIBE antes de CONNECT, frame enorme, inundación', async () => {
    const bueno = await stompConnect(url, 'supervisor');
    await bueno.subscribe(`/entidad/${demo}`);

    const casos: [string, (ws: import('ws').WebSocket) => void, RegExp][] = [
      ['basura', (ws) => ws.send('HOLA MUNDO\n\n\0'), /desconocido/],
      ['sin CONNECT', (ws) => ws.send(`SUBSCRIBE\nid:1\ndestination:/entidad/${demo}\n\n\0`), /CONNECT antes/],
      [
        'enorme',
        (ws) => ws.send(connectFrame('supervisor') + `SEND\ndestination:/x\n\n${'x'.repeat(10_000)}\0`),
        /supera el máximo/,
      ],
      [
        'inundación',
        (ws) => {
          ws.send(connectFrame('supervisor'));
          for (let i = 0; i < 200; i++) ws.send(`UNSUBSCRIBE\nid:${i}\n\n\0`);
        },
        /Demasiados frames/,
      ],
      [
        'publicar',
        (ws) => ws.send(connectFrame('supervisor') + `SEND\ndestination:/entidad/${demo}\n\nhola\0`),
        /solo se suscriben/,
      ],
    ];
    for (const [name, send, expected] of casos) {
      const s = await rawSocket(url);
      send(s.ws);
      await s.closed;
      const error = s.received.find((f) => f.startsWith('ERROR'));
      expect(error, name).toBeDefined();
      expect(error, name).toMatch(expected);
    }
    // The well-behaved client is unaffected and still receives.
    expect(bueno.client.connected).toBe(true);
    const o = await crearOrden([]);
    expect(await bueno.waitFor(`/entidad/${demo}`)).toContainEqual({ tipo: 'orden.creada', ordenId: o.id });
    await bueno.stop();
  });

  it('RECEIPT de DISCONNECT y latidos del servidor', async () => {
    const s = await rawSocket(url);
    s.ws.send(connectFrame('supervisor', 'Demo1234!', 'heart-beat:0,100\n'));
    await new Promise((r) => setTimeout(r, 450));
    const connected = s.received.find((f) => f.startsWith('CONNECTED'));
    expect(connected).toMatch(/heart-beat:100,0/);
    expect(s.received.filter((f) => f === '\n').length).toBeGreaterThanOrEqual(2);
    s.ws.send('DISCONNECT\nreceipt:adios\n\n\0');
    await s.closed;
    expect(s.received.some((f) => f.startsWith('RECEIPT') && f.includes('receipt-id:adios'))).toBe(true);
  });

  it('un cliente que deja de latir se desconecta', async () => {
    const s = await rawSocket(url);
    s.ws.send(connectFrame('supervisor', 'Demo1234!', 'heart-beat:100,0\n'));
    const code = await s.closed;
    expect(code).toBe(1000);
  });
});

describe('Mi cuenta y el socket en vivo', () => {
  const perfil = (headers: { authorization: string }, payload: Record<string, unknown>) =>
    env.app.inject({ method: 'PUT', url: '/api/v2/profile?tsp=1', headers, payload });

  it('guardar nombre y email no cierra los sockets del usuario; cambiar la contraseña sí', async () => {
    const c = await stompConnect(url, 'ayudante');
    await c.subscribe(`/usuario/${u.ayudante}`);

    const r = await perfil(auth('ayudante'), { nombre: 'Lucía María', email: 'lucia@demo.com.ar' });
    expect(r.statusCode, r.body).toBe(200);
    // The cached actor is forgotten all the same: the login shows the new name at once.
    const login = await env.app.inject({ method: 'GET', url: '/api/v4/login?tsp=1', headers: auth('ayudante') });
    expect(login.json()).toMatchObject({ nombre: 'Lucía María', email: 'lucia@demo.com.ar' });
    await new Promise((listo) => setTimeout(listo, 200));
    expect(c.client.connected).toBe(true);
    expect(c.errors).toEqual([]);
    // Still subscribed on the same socket: a notification reaches it.
    await crearOrden([u.ayudante]);
    expect(await c.waitFor(`/usuario/${u.ayudante}`)).toHaveLength(1);

    const rechazo = new Promise<string>((listo) => (c.client.onStompError = (f) => listo(f.headers.message ?? '')));
    const p = await perfil(auth('ayudante'), { passwordActual: md5('Demo1234!'), passwordNueva: md5('Nueva5678!') });
    expect(p.statusCode, p.body).toBe(200);
    expect(await rechazo).toMatch(/credenciales/);
    await c.closed;
    // The new password connects at once.
    const n = await stompConnect(url, 'ayudante', 'Nueva5678!');
    await n.subscribe(`/usuario/${u.ayudante}`);
    await n.stop();
    await perfil(auth('ayudante', 'Nueva5678!'), {
      passwordActual: md5('Nueva5678!'),
      passwordNueva: md5('Demo1234!'),
    });
  });
});
