import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISOS_GLOBALES, type OrdenDetalle, type WhatsappCliente } from '@delego/contract';
import { buildApp } from '../src/app.js';
import { testConfig, type Config } from '../src/config.js';
import type { DomainEvent } from '../src/kernel/bus.js';
import type { MensajeNuevo } from '../src/modules/whatsapp/index.js';
import { whatsappUsuarios } from '../src/modules/whatsapp/whatsapp.tables.js';
import {
  cuerpoWebhook,
  errorGraph,
  estadoWebhook,
  FakeWhatsappCloud,
  firmar,
  mensajeWebhook,
  postWebhook,
} from './fake-whatsapp-cloud.js';
import { auth, createTestEnv, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * WhatsApp end to end with the real Cloud API adapter against a local fake of its HTTP API (issue
 * 35, docs/WHATSAPP.md): a template send with the token, a retry after a 5xx, a refusal for good
 * that falls back to mail, the tries running out, no double send after a restart nor with two
 * workers at once, the status webhook (repeated, out of order, failed), its signature, «BAJA», the
 * replies stored as text, the consent, another company, and no token in the log.
 */

const TOKEN = 'EAAG-token-permanente-de-prueba-0123456789';
const PHONE_ID = '106540352242922';
const SECRETO = 'secreto-de-la-app-de-meta';
const VERIFY = 'verificar-delego-123';
const NUM_HOTEL = '+5491123456789';
const NUM_BANCO = '+5493511234567';
const NUM_OPERARIO = '+5492614455667';

let env: TestEnv;
let fake: FakeWhatsappCloud;
let config: Config;
let dataDir: string;
const lineas: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    lineas.push(chunk.toString());
    done();
  },
});
const eventos: DomainEvent[] = [];
let demo = 0;
let otra = 0;
let hotel = 0;
let banco = 0;
let ajeno = 0;
let operario = 0;
let orden = 0;
let seq = 0;

const puerto = () => env.app.puertos.whatsapp;
const ahoraS = () => Math.floor(env.clock.now().getTime() / 1000);

function mensaje(o: Partial<MensajeNuevo> = {}): MensajeNuevo {
  seq += 1;
  return {
    entidadId: demo,
    clave: `prueba:${seq}`,
    evento: 'ORDEN_CREADA',
    destinatario: { tipo: 'cliente', clienteId: hotel },
    ordenId: orden,
    parametros: ['Hotel Sol', '12', 'Caldera <b>rota</b>', 'https://delego.example.com/ordersummary/abc123'],
    correoRespaldo: null,
    ...o,
  };
}

function encolar(...m: MensajeNuevo[]): Promise<number> {
  return env.database.db.transaction((tx) => puerto().encolar(tx, m));
}

interface FilaSalida {
  id: number;
  estado: string;
  intentos: number;
  wamid: string | null;
  proximo: number;
  ultimo_error: string | null;
}

async function fila(clave: string): Promise<FilaSalida> {
  const r = await env.database.db.execute<Record<string, unknown>>(sql`
    select id, estado, intentos, wamid, proximo_intento, ultimo_error from whatsapp_salida where clave = ${clave}`);
  const f = r.rows[0];
  if (!f) throw new Error(`sin fila ${clave}`);
  return {
    id: Number(f.id),
    estado: f.estado as string,
    intentos: Number(f.intentos),
    wamid: (f.wamid as string | null) ?? null,
    proximo: new Date(f.proximo_intento as string).getTime(),
    ultimo_error: (f.ultimo_error as string | null) ?? null,
  };
}

async function estadosDe(id: number): Promise<string[]> {
  const r = await env.database.db.execute<{ estado: string }>(
    sql`select estado from whatsapp_estados where mensaje_id = ${id} order by id`,
  );
  return r.rows.map((x) => x.estado);
}

async function contar(tabla: string): Promise<number> {
  const r = await env.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${tabla}`));
  return Number(r.rows[0]?.n);
}

/** Every row of the module's tables and of the mail outbox, to prove a refused call changed nothing. */
async function huella(): Promise<string> {
  const partes: string[] = [];
  for (const t of [
    'whatsapp_salida',
    'whatsapp_estados',
    'whatsapp_clientes',
    'whatsapp_bajas',
    'whatsapp_recibidos',
  ]) {
    const r = await env.database.db.execute(sql.raw(`select * from ${t} order by id`));
    partes.push(JSON.stringify(r.rows));
  }
  partes.push(String(await contar('correo_salida')));
  return partes.join('\n');
}

const pedir = (method: 'GET' | 'PUT', url: string, usuario: string, payload?: object) =>
  env.app.inject({ method, url, headers: auth(usuario), ...(payload ? { payload } : {}) });

async function consentir(clienteId: number, numero: string, usuario = 'admin'): Promise<WhatsappCliente> {
  const r = await pedir('PUT', `/api/v4/whatsapp/clientes/${clienteId}`, usuario, {
    numero,
    optIn: true,
    origen: 'escrito',
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as WhatsappCliente;
}

/** A message sent now: queued, delivered, its row. */
async function enviado(o: Partial<MensajeNuevo> = {}): Promise<{ clave: string; f: FilaSalida }> {
  const m = mensaje(o);
  expect(await encolar(m)).toBe(1);
  expect(await puerto().deliverPending()).toBe(1);
  const f = await fila(m.clave);
  expect(f.estado).toBe('enviado');
  return { clave: m.clave, f };
}

beforeAll(async () => {
  fake = await new FakeWhatsappCloud(TOKEN, PHONE_ID).start();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-whatsapp-'));
  config = testConfig({
    logLevel: 'info',
    dataDir,
    publicUrl: 'https://delego.example.com',
    whatsapp: {
      cloudApi: { token: TOKEN, phoneNumberId: PHONE_ID, apiUrl: fake.url },
      appSecret: SECRETO,
      verifyToken: VERIFY,
    },
  });
  env = await createTestEnv({ config, logStream, ejecutorWhatsapp: null });
  env.app.bus.subscribe((e) => {
    eventos.push(e);
  });
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo', plan: 'Ilimitado', now });
  otra = await makeEntidad(db, { nombre: 'Otra', plan: 'Ilimitado', now });
  [hotel, banco] = (await makeClientes(db, demo, [{ nombre: 'Hotel Sol' }, { nombre: 'Banco' }])) as [number, number];
  [ajeno] = (await makeClientes(db, otra, [{ nombre: 'Ajeno' }])) as [number];
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'admin',
    nombre: 'Ana',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  operario = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'operario',
    nombre: 'Diego',
    permisos: PERMISOS_GLOBALES,
  });
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'ajeno',
    nombre: 'Otro',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  const creada = await env.app.inject({
    method: 'POST',
    url: '/api/v2/ordenes/save',
    headers: auth('admin'),
    payload: { titulo: 'Caldera', responsable: [operario], cliente: hotel },
  });
  expect(creada.statusCode, creada.body).toBe(200);
  orden = (creada.json() as OrdenDetalle).id;
  await consentir(hotel, NUM_HOTEL);
});

afterAll(async () => {
  await env?.close();
  await fake?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('envío por la Cloud API', () => {
  it('envía la plantilla con el token y guarda el id del mensaje, «enviado» y su estado; la misma clave no se encola dos veces', async () => {
    const antes = fake.llamadas.length;
    const m = mensaje({ correoRespaldo: 'hotel@example.com' });
    expect(await encolar(m)).toBe(1);
    expect(await encolar(m)).toBe(0);
    expect(await puerto().deliverPending()).toBe(1);
    const llamadas = fake.llamadas.slice(antes);
    expect(llamadas).toHaveLength(1);
    const [llamada] = llamadas;
    expect(llamada?.url).toBe(`/v21.0/${PHONE_ID}/messages`);
    expect(llamada?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(llamada?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5491123456789',
      type: 'template',
      template: {
        name: 'delego_orden_creada',
        language: { code: 'es_AR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Hotel Sol' },
              { type: 'text', text: '12' },
              { type: 'text', text: 'Caldera <b>rota</b>' },
              { type: 'text', text: 'https://delego.example.com/ordersummary/abc123' },
            ],
          },
        ],
      },
      biz_opaque_callback_data: m.clave,
    });
    const f = await fila(m.clave);
    expect(f.estado).toBe('enviado');
    expect(f.wamid).toMatch(/^wamid\./);
    expect(await estadosDe(f.id)).toEqual(['enviado']);
    expect(eventos).toContainEqual({ type: 'orden.whatsappCambiado', entidadId: demo, ordenId: orden });
    // Nothing more to send.
    expect(await puerto().deliverPending()).toBe(0);
    expect(fake.llamadas.length).toBe(antes + 1);
  });

  it('un parámetro con saltos de línea o vacío llega en una línea y nunca vacío', async () => {
    const antes = fake.llamadas.length;
    await enviado({ parametros: ['Hotel\nSol', '12', '  \t ', 'https://delego.example.com/ordersummary/x'] });
    const body = fake.llamadas[antes]?.body as { template: { components: { parameters: { text: string }[] }[] } };
    expect(body.template.components[0]?.parameters.map((p) => p.text)).toEqual([
      'Hotel Sol',
      '12',
      '-',
      'https://delego.example.com/ordersummary/x',
    ]);
  });

  it('un 5xx se reintenta al minuto y después sale una sola vez', async () => {
    fake.responderA(NUM_HOTEL, errorGraph(503, 131000, 'Something went wrong'));
    const m = mensaje();
    await encolar(m);
    const antes = fake.envios.length;
    expect(await puerto().deliverPending()).toBe(0);
    let f = await fila(m.clave);
    expect(f).toMatchObject({ estado: 'pendiente', intentos: 1 });
    expect(f.proximo).toBe(env.clock.now().getTime() + 60_000);
    expect(f.ultimo_error).toContain('503');
    // Not due yet: nothing is sent.
    expect(await puerto().deliverPending()).toBe(0);
    expect(fake.envios.length).toBe(antes + 1);
    env.clock.advance(60_000);
    expect(await puerto().deliverPending()).toBe(1);
    f = await fila(m.clave);
    expect(f).toMatchObject({ estado: 'enviado', intentos: 2, ultimo_error: null });
    expect(fake.envios.length).toBe(antes + 2);
    expect(lineas.join('')).toContain('whatsapp.reintento');
  });

  it('un límite de la Cloud API (429, #130429) también se reintenta', async () => {
    fake.responderA(NUM_HOTEL, errorGraph(429, 130429, 'Rate limit hit'));
    const m = mensaje();
    await encolar(m);
    await puerto().deliverPending();
    expect(await fila(m.clave)).toMatchObject({ estado: 'pendiente', intentos: 1 });
    env.clock.advance(60_000);
    await puerto().deliverPending();
    expect((await fila(m.clave)).estado).toBe('enviado');
  });

  it('un 4xx que dice que el mensaje nunca podrá ir: «fallido» y el mismo texto por correo, en la misma transacción', async () => {
    fake.responderA(NUM_HOTEL, errorGraph(400, 131026, 'Message undeliverable'));
    const correosAntes = await contar('correo_salida');
    const m = mensaje({ correoRespaldo: 'hotel@example.com' });
    await encolar(m);
    expect(await puerto().deliverPending()).toBe(0);
    const f = await fila(m.clave);
    expect(f.estado).toBe('correo');
    expect(f.intentos).toBe(1);
    expect(f.ultimo_error).toContain('131026');
    expect(await estadosDe(f.id)).toEqual(['fallido', 'correo']);
    const correos = await env.database.db.execute<{
      para: string;
      tipo: string;
      asunto: string;
      texto: string;
      html: string;
    }>(sql`select para, tipo, asunto, texto, html from correo_salida order by id desc limit 1`);
    expect(await contar('correo_salida')).toBe(correosAntes + 1);
    const correo = correos.rows[0];
    expect(correo).toMatchObject({
      para: 'hotel@example.com',
      tipo: 'whatsapp_respaldo',
      asunto: 'Orden creada · Demo',
    });
    expect(correo?.texto).toContain(
      'Hola Hotel Sol, registramos su orden #12: Caldera <b>rota</b>. Puede seguirla aquí.',
    );
    expect(correo?.texto).toContain('https://delego.example.com/ordersummary/abc123');
    // The title someone wrote is text in the HTML too.
    expect(correo?.html).toContain('Caldera &lt;b&gt;rota&lt;/b&gt;');
    expect(correo?.html).not.toContain('<b>rota</b>');
  });

  it('sin dirección de respaldo, un rechazo definitivo queda «fallido» y no se reintenta', async () => {
    fake.responderA(NUM_HOTEL, errorGraph(404, 132001, 'Template name does not exist in the translation'));
    const correosAntes = await contar('correo_salida');
    const m = mensaje();
    await encolar(m);
    await puerto().deliverPending();
    const f = await fila(m.clave);
    expect(f.estado).toBe('fallido');
    expect(await estadosDe(f.id)).toEqual(['fallido']);
    expect(await contar('correo_salida')).toBe(correosAntes);
    env.clock.advance(3 * 3_600_000);
    const antes = fake.envios.length;
    await puerto().deliverPending();
    expect(fake.envios.length).toBe(antes);
  });

  it('los reintentos esperan 1, 5 y 30 minutos y 2 horas; al sexto fallo, «fallido» y el correo', async () => {
    const m = mensaje({ correoRespaldo: 'hotel@example.com' });
    fake.responderA(
      NUM_HOTEL,
      ...Array.from({ length: 6 }, () => errorGraph(500, 2, 'Service temporarily unavailable')),
    );
    await encolar(m);
    const esperas: number[] = [];
    for (let i = 0; i < 5; i++) {
      await puerto().deliverPending();
      const f = await fila(m.clave);
      expect(f.estado).toBe('pendiente');
      esperas.push(f.proximo - env.clock.now().getTime());
      env.clock.advance(f.proximo - env.clock.now().getTime());
    }
    expect(esperas).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 7_200_000]);
    await puerto().deliverPending();
    const f = await fila(m.clave);
    expect(f).toMatchObject({ estado: 'correo', intentos: 6 });
  });
});

describe('nunca dos veces', () => {
  let app2: FastifyInstance | undefined;
  afterAll(async () => {
    await app2?.close();
  });

  it('después de un reinicio (otra app sobre la misma base) un mensaje enviado no vuelve a salir; uno reclamado por una instancia caída sale al vencer su plazo, una vez', async () => {
    const primero = await enviado();
    // An instance claimed this one and died before sending it.
    const m = mensaje();
    await encolar(m);
    await env.database.db.execute(sql`
      update whatsapp_salida set reclamado_hasta = ${new Date(env.clock.now().getTime() + 5 * 60_000).toISOString()}::timestamptz,
        intentos = 1 where clave = ${m.clave}`);
    app2 = await buildApp({
      config,
      database: env.database,
      clock: env.clock,
      push: null,
      logStream,
      ejecutorWhatsapp: null,
    });
    await app2.ready();
    const antes = fake.envios.length;
    expect(await app2.puertos.whatsapp.deliverPending()).toBe(0);
    expect(fake.envios.length).toBe(antes);
    expect((await fila(m.clave)).estado).toBe('pendiente');
    env.clock.advance(5 * 60_000);
    expect(await app2.puertos.whatsapp.deliverPending()).toBe(1);
    expect(await puerto().deliverPending()).toBe(0);
    expect(fake.envios.length).toBe(antes + 1);
    expect((await fila(m.clave)).estado).toBe('enviado');
    expect(await fila(primero.clave)).toMatchObject({ estado: 'enviado', wamid: primero.f.wamid, intentos: 1 });
  });

  it('dos trabajadores a la vez (dos instancias) envían cada mensaje una sola vez', async () => {
    const claves: string[] = [];
    for (let i = 0; i < 6; i++) {
      const m = mensaje();
      claves.push(m.clave);
      await encolar(m);
    }
    const antes = fake.envios.length;
    const otra2 = app2 as FastifyInstance;
    const [a, b, c] = await Promise.all([
      puerto().deliverPending(),
      otra2.puertos.whatsapp.deliverPending(),
      puerto().deliverPending(),
    ]);
    expect(a + b + c).toBe(6);
    expect(fake.envios.length).toBe(antes + 6);
    const claveEnviada = fake.envios.slice(antes).map((l) => l.body?.biz_opaque_callback_data);
    expect(new Set(claveEnviada).size).toBe(6);
    for (const clave of claves) expect((await fila(clave)).estado).toBe('enviado');
  });
});

describe('webhook de estados', () => {
  const firmado = (cuerpo: string) => postWebhook(env.app, cuerpo, firmar(cuerpo, SECRETO));

  it('entregado y leído: cada estado una vez, el mensaje avanza, y un webhook repetido no cambia nada', async () => {
    const { clave, f } = await enviado();
    const wamid = f.wamid as string;
    eventos.length = 0;
    const entregado = cuerpoWebhook(estadoWebhook(wamid, 'delivered', ahoraS()));
    expect((await firmado(entregado)).statusCode).toBe(200);
    expect((await fila(clave)).estado).toBe('entregado');
    expect(eventos).toEqual([{ type: 'orden.whatsappCambiado', entidadId: demo, ordenId: orden }]);
    // With a charset in its content type too (the signature is over the same bytes).
    const leido = cuerpoWebhook(estadoWebhook(wamid, 'read', ahoraS()));
    const r = await postWebhook(env.app, leido, firmar(leido, SECRETO), 'application/json; charset=UTF-8');
    expect(r.json()).toEqual({ ok: true });
    expect((await fila(clave)).estado).toBe('leido');
    expect(await estadosDe(f.id)).toEqual(['enviado', 'entregado', 'leido']);
    const h = await huella();
    eventos.length = 0;
    expect((await firmado(leido)).statusCode).toBe(200);
    expect((await firmado(entregado)).statusCode).toBe(200);
    expect(await huella()).toBe(h);
    expect(eventos).toEqual([]);
  });

  it('fuera de orden: un «entregado» después de «leído» queda en la historia pero no lo deshace', async () => {
    const { clave, f } = await enviado();
    const wamid = f.wamid as string;
    await firmado(cuerpoWebhook(estadoWebhook(wamid, 'read', ahoraS())));
    await firmado(cuerpoWebhook(estadoWebhook(wamid, 'delivered', ahoraS() - 5)));
    expect((await fila(clave)).estado).toBe('leido');
    expect(await estadosDe(f.id)).toEqual(['enviado', 'leido', 'entregado']);
    const r = await pedir('GET', `/api/v4/whatsapp/orden/${orden}`, 'admin');
    const mensajeVisto = (r.json() as { id: number; estados: { estado: string }[] }[]).find((x) => x.id === f.id);
    expect(mensajeVisto?.estados.map((e) => e.estado)).toEqual(['enviado', 'entregado', 'leido']);
  });

  it('varios estados en una llamada, y el de un mensaje que no es nuestro, se leen cada uno por su lado', async () => {
    const a = await enviado();
    const b = await enviado();
    const cuerpo = cuerpoWebhook(
      estadoWebhook(a.f.wamid as string, 'delivered', ahoraS()),
      estadoWebhook('wamid.desconocido', 'read', ahoraS()),
      { statuses: [{ id: b.f.wamid, status: 'read', timestamp: String(ahoraS()) }, { nada: 1 }] },
      { otra: 'cosa' },
    );
    expect((await firmado(cuerpo)).statusCode).toBe(200);
    expect((await fila(a.clave)).estado).toBe('entregado');
    expect((await fila(b.clave)).estado).toBe('leido');
  });

  it('un estado que llega antes de que el trabajador guarde el id encuentra el mensaje por su clave, y el mensaje ya no se vuelve a enviar', async () => {
    const m = mensaje();
    await encolar(m);
    const cuerpo = cuerpoWebhook(
      estadoWebhook('wamid.llegoAntes', 'delivered', ahoraS(), { biz_opaque_callback_data: m.clave }),
    );
    expect((await firmado(cuerpo)).statusCode).toBe(200);
    const f = await fila(m.clave);
    expect(f).toMatchObject({ estado: 'entregado', wamid: 'wamid.llegoAntes' });
    const antes = fake.envios.length;
    expect(await puerto().deliverPending()).toBe(0);
    expect(fake.envios.length).toBe(antes);
  });

  it('«failed» de un mensaje enviado: «fallido» y el correo de respaldo; más tarde nada lo revive', async () => {
    const { clave, f } = await enviado({ correoRespaldo: 'hotel@example.com' });
    const correosAntes = await contar('correo_salida');
    const cuerpo = cuerpoWebhook(
      estadoWebhook(f.wamid as string, 'failed', ahoraS(), {
        errors: [{ code: 131026, title: 'Message undeliverable.' }],
      }),
    );
    expect((await firmado(cuerpo)).statusCode).toBe(200);
    expect((await fila(clave)).estado).toBe('correo');
    expect(await estadosDe(f.id)).toEqual(['enviado', 'fallido', 'correo']);
    expect(await contar('correo_salida')).toBe(correosAntes + 1);
    expect((await firmado(cuerpo)).statusCode).toBe(200);
    await firmado(cuerpoWebhook(estadoWebhook(f.wamid as string, 'read', ahoraS())));
    expect((await fila(clave)).estado).toBe('correo');
    expect(await contar('correo_salida')).toBe(correosAntes + 1);
  });

  it('sin firma, con una firma mala o de otro cuerpo: 401 y nada cambia', async () => {
    const { f } = await enviado();
    const cuerpo = cuerpoWebhook(estadoWebhook(f.wamid as string, 'read', ahoraS()));
    const baja = cuerpoWebhook(mensajeWebhook(NUM_HOTEL, 'BAJA', 'wamid.bajaFalsa', ahoraS()));
    const h = await huella();
    const casos: [string, string | null][] = [
      [cuerpo, null],
      [cuerpo, firmar(cuerpo, 'otro-secreto')],
      [cuerpo, firmar(baja, SECRETO)],
      [cuerpo, `sha1=${firmar(cuerpo, SECRETO).slice(7)}`],
      [cuerpo, 'sha256=zz'],
      [baja, firmar(`${baja} `, SECRETO)],
    ];
    for (const [c, firma] of casos) {
      const r = await postWebhook(env.app, c, firma);
      expect(r.statusCode, r.body).toBe(401);
      expect(r.json()).toMatchObject({ code: 'NO_AUTENTICADO' });
    }
    expect(await huella()).toBe(h);
  });

  it('la verificación: el desafío como texto con el token correcto; 403 si no', async () => {
    const ok = await env.app.inject({
      method: 'GET',
      url: `/api/v4/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('1158201444');
    for (const q of [
      'hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1',
      'hub.mode=unsubscribe&hub.verify_token=verificar-delego-123&hub.challenge=1',
      'hub.challenge=1',
    ]) {
      const r = await env.app.inject({ method: 'GET', url: `/api/v4/whatsapp/webhook?${q}` });
      expect(r.statusCode).toBe(403);
    }
  });
});

describe('consentimiento, «BAJA» y respuestas', () => {
  const firmado = (cuerpo: string) => postWebhook(env.app, cuerpo, firmar(cuerpo, SECRETO));

  it('sin consentimiento no se encola nada: cliente sin número, sin opt-in o con baja; usuario sin número o sin aceptar', async () => {
    expect(await encolar(mensaje({ destinatario: { tipo: 'cliente', clienteId: banco } }))).toBe(0);
    const r = await pedir('PUT', `/api/v4/whatsapp/clientes/${banco}`, 'admin', { numero: NUM_BANCO, optIn: false });
    expect(r.statusCode, r.body).toBe(200);
    expect(await encolar(mensaje({ destinatario: { tipo: 'cliente', clienteId: banco } }))).toBe(0);
    const usuarioMsg = () =>
      mensaje({
        evento: 'ORDEN_ASIGNADA',
        destinatario: { tipo: 'usuario', usuarioId: operario },
        parametros: ['Diego', '12', 'Caldera', 'https://delego.example.com/orden/1'],
      });
    expect(await encolar(usuarioMsg())).toBe(0);
    await env.database.db
      .insert(whatsappUsuarios)
      .values({ entidadId: demo, usuarioId: operario, numero: NUM_OPERARIO });
    expect(await encolar(usuarioMsg())).toBe(0);
    await env.database.db
      .update(whatsappUsuarios)
      .set({ optInFecha: env.clock.now() })
      .where(sql`${whatsappUsuarios.usuarioId} = ${operario}`);
    expect(await encolar(usuarioMsg())).toBe(1);
    const antes = fake.envios.length;
    expect(await puerto().deliverPending()).toBe(1);
    expect(fake.envios[antes]?.body).toMatchObject({
      to: '5492614455667',
      template: { name: 'delego_orden_asignada' },
    });
  });

  it('otra empresa no alcanza a los clientes ni a los usuarios de esta: nada se encola', async () => {
    expect(await encolar(mensaje({ entidadId: otra, destinatario: { tipo: 'cliente', clienteId: hotel } }))).toBe(0);
    expect(
      await encolar(
        mensaje({
          entidadId: otra,
          evento: 'ORDEN_ASIGNADA',
          destinatario: { tipo: 'usuario', usuarioId: operario },
          parametros: ['Diego', '1', 'x', 'https://x'],
        }),
      ),
    ).toBe(0);
    expect(await encolar(mensaje({ entidadId: otra, destinatario: { tipo: 'cliente', clienteId: ajeno } }))).toBe(0);
  });

  it('una respuesta de texto se guarda como texto, y el registro no la copia', async () => {
    const { f } = await enviado();
    const texto = '<script>alert(1)</script> ¿Vienen mañana? ' + 'x'.repeat(10);
    const cuerpo = cuerpoWebhook(mensajeWebhook(NUM_HOTEL, texto, 'wamid.respuesta1', ahoraS(), f.wamid as string));
    expect((await firmado(cuerpo)).statusCode).toBe(200);
    expect((await firmado(cuerpo)).statusCode).toBe(200);
    const r = await env.database.db.execute<Record<string, unknown>>(
      sql`select entidad_id, cliente_id, respuesta_a, numero, texto from whatsapp_recibidos where wamid = 'wamid.respuesta1'`,
    );
    expect(r.rows).toEqual([{ entidad_id: demo, cliente_id: hotel, respuesta_a: f.id, numero: NUM_HOTEL, texto }]);
    expect(lineas.join('')).toContain('whatsapp.recibido');
    expect(lineas.join('')).not.toContain('¿Vienen mañana?');
  });

  it('«baja» (con espacios, tilde y minúsculas): baja del número; lo pendiente no sale y lo siguiente no se encola; un consentimiento nuevo gana', async () => {
    const pendiente = mensaje();
    await encolar(pendiente);
    const cuerpo = cuerpoWebhook(mensajeWebhook(NUM_HOTEL, '  bájà \n', 'wamid.baja1', ahoraS()));
    expect((await firmado(cuerpo)).statusCode).toBe(200);
    const visto = (await pedir('GET', `/api/v4/whatsapp/clientes/${hotel}`, 'admin')).json() as WhatsappCliente;
    expect(visto.optIn).toBeNull();
    expect(visto.optOut).toEqual({ fecha: ahoraS() * 1000, origen: 'baja' });
    expect(visto.numero).toBe(NUM_HOTEL);
    // The message queued before the «BAJA» does not go.
    const antes = fake.envios.length;
    await puerto().deliverPending();
    expect(fake.envios.length).toBe(antes);
    expect((await fila(pendiente.clave)).estado).toBe('fallido');
    expect(await encolar(mensaje())).toBe(0);
    // The reply that said it is stored too, once.
    expect((await firmado(cuerpo)).statusCode).toBe(200);
    expect(await contar(`whatsapp_recibidos where wamid = 'wamid.baja1'`)).toBe(1);
    const bajas = await env.database.db.execute<{ entidad_id: number }>(
      sql`select entidad_id from whatsapp_bajas where numero = ${NUM_HOTEL}`,
    );
    expect(bajas.rows.map((x) => x.entidad_id)).toEqual([demo]);

    env.clock.advance(60_000);
    const nuevo = await consentir(hotel, NUM_HOTEL);
    expect(nuevo.optIn).toMatchObject({ origen: 'escrito', registradoPor: 'Ana' });
    expect(nuevo.optOut).toMatchObject({ origen: 'baja' });
    expect(await encolar(mensaje())).toBe(1);
    expect(await puerto().deliverPending()).toBe(1);
  });
});

describe('registro', () => {
  it('nunca escribe el token, el secreto ni el número completo', () => {
    const todo = lineas.join('');
    expect(todo).toContain('whatsapp.enviado');
    expect(todo).not.toContain(TOKEN);
    expect(todo).not.toContain(SECRETO);
    expect(todo).not.toContain(NUM_HOTEL);
    expect(todo).not.toContain('5491123456789');
  });
});
