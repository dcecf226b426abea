import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENSAJE_NUMERO_WHATSAPP,
  PERMISOS_GLOBALES,
  PLANTILLAS_WHATSAPP,
  type MensajeWhatsapp,
  type OrdenDetalle,
  type PlantillasWhatsapp,
  type WhatsappCliente,
} from '@delego/contract';
import { testConfig } from '../src/config.js';
import type { ArchivoMensajePrueba, MensajeNuevo } from '../src/modules/whatsapp/index.js';
import { cuerpoWebhook, estadoWebhook, firmar, postWebhook } from './fake-whatsapp-cloud.js';
import { auth, createTestEnv, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * WhatsApp's routes in the test mode, the default without WHATSAPP_TOKEN (issue 35,
 * docs/WHATSAPP.md): a client's number and consent (administrators only, another company's
 * client not found, a bad number refused with its field and nothing saved, a repeated request
 * changing nothing), the templates, an order's messages (masked numbers, statuses, another
 * company's order not found), the message file with the Spanish text and its log line, and the
 * webhook refused without a secret.
 */

let env: TestEnv;
let dataDir: string;
const lineas: string[] = [];
let demo = 0;
let hotel = 0;
let banco = 0;
let ajeno = 0;
let orden = 0;
let ordenAjena = 0;

const pedir = (method: 'GET' | 'PUT' | 'POST', url: string, usuario: string, payload?: object) =>
  env.app.inject({ method, url, headers: auth(usuario), ...(payload ? { payload } : {}) });

async function ok<T>(p: ReturnType<typeof pedir>): Promise<T> {
  const r = await p;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}

async function crearOrden(usuario: string, cliente: number): Promise<number> {
  return (await ok<OrdenDetalle>(pedir('POST', '/api/v2/ordenes/save', usuario, { titulo: 'Caldera', cliente }))).id;
}

const guardar = (clienteId: number, body: object, usuario = 'admin') =>
  pedir('PUT', `/api/v4/whatsapp/clientes/${clienteId}`, usuario, body);

async function filaCliente(clienteId: number): Promise<unknown[]> {
  return (await env.database.db.execute(sql`select * from whatsapp_clientes where cliente_id = ${clienteId}`)).rows;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-whatsapp-prueba-'));
  env = await createTestEnv({
    config: testConfig({ dataDir, logLevel: 'info' }),
    logStream: new Writable({
      write(chunk: Buffer, _enc, done) {
        lineas.push(chunk.toString());
        done();
      },
    }),
  });
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo', plan: 'Ilimitado', now });
  const otra = await makeEntidad(db, { nombre: 'Otra', plan: 'Ilimitado', now });
  [hotel, banco] = (await makeClientes(db, demo, [{ nombre: 'Hotel Sol' }, { nombre: 'Banco' }])) as [number, number];
  [ajeno] = (await makeClientes(db, otra, [{ nombre: 'Ajeno' }])) as [number];
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'admin',
    nombre: 'Ana',
    apellido: 'Gómez',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  await makeUsuario(db, { entidadId: demo, usuario: 'dueno', nombre: 'Laura', roles: ['PROPIETARIO'] });
  await makeUsuario(db, { entidadId: demo, usuario: 'operario', nombre: 'Diego', permisos: PERMISOS_GLOBALES });
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'ajeno',
    nombre: 'Otro',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  orden = await crearOrden('admin', hotel);
  ordenAjena = await crearOrden('ajeno', ajeno);
});

afterAll(async () => {
  await env?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('el WhatsApp de un cliente', () => {
  it('otra empresa no ve ni cambia el cliente: 404, y nada se guarda', async () => {
    expect((await pedir('GET', `/api/v4/whatsapp/clientes/${hotel}`, 'ajeno')).statusCode).toBe(404);
    const r = await guardar(hotel, { numero: '+5491123456789', optIn: true, origen: 'verbal' }, 'ajeno');
    expect(r.statusCode).toBe(404);
    expect(await filaCliente(hotel)).toEqual([]);
    expect((await pedir('GET', '/api/v4/whatsapp/clientes/999999', 'admin')).statusCode).toBe(404);
  });

  it('quien no es administrador: 403 al ver y al guardar', async () => {
    const ver = await pedir('GET', `/api/v4/whatsapp/clientes/${hotel}`, 'operario');
    expect(ver.statusCode).toBe(403);
    expect(ver.json()).toMatchObject({ code: 'SIN_PERMISO' });
    expect(
      (await guardar(hotel, { numero: '+5491123456789', optIn: true, origen: 'verbal' }, 'operario')).statusCode,
    ).toBe(403);
    expect(await filaCliente(hotel)).toEqual([]);
  });

  it('un número inválido o sin cómo se dio el consentimiento: 400 con el campo y el motivo, nada se guarda', async () => {
    const casos: [object, string, string][] = [
      [{ numero: '123', optIn: true, origen: 'verbal' }, 'numero', MENSAJE_NUMERO_WHATSAPP],
      [{ numero: 'llamar a Juan', optIn: false }, 'numero', MENSAJE_NUMERO_WHATSAPP],
      [{ numero: '+54 9 11 2345-6789', optIn: true }, 'origen', 'Elija cómo dio el cliente su consentimiento.'],
      [{ numero: null, optIn: true, origen: 'verbal' }, 'numero', 'Ingrese el número del cliente.'],
    ];
    for (const [body, campo, motivo] of casos) {
      const r = await guardar(hotel, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json()).toMatchObject({ code: 'DATOS_INVALIDOS', field: campo });
      expect((r.json() as { issues: { message: string }[] }).issues[0]?.message).toBe(motivo);
    }
    expect(await filaCliente(hotel)).toEqual([]);
  });

  it('el consentimiento guarda el número normalizado, la fecha, cómo y quién; repetido no cambia nada; la baja de la empresa lo apaga', async () => {
    const dado = await ok<WhatsappCliente>(
      guardar(hotel, { numero: '011 15 2345-6789', optIn: true, origen: 'escrito' }),
    );
    expect(dado).toEqual({
      clienteId: hotel,
      numero: '+5491123456789',
      optIn: { fecha: env.clock.now().getTime(), origen: 'escrito', registradoPor: 'Ana Gómez' },
      optOut: null,
    });
    env.clock.advance(60_000);
    const repetido = await ok<WhatsappCliente>(
      guardar(hotel, { numero: '+54 9 11 2345-6789', optIn: true, origen: 'escrito' }, 'dueno'),
    );
    expect(repetido).toEqual(dado);
    expect(await ok(pedir('GET', `/api/v4/whatsapp/clientes/${hotel}`, 'dueno'))).toEqual(dado);

    env.clock.advance(60_000);
    const baja = await ok<WhatsappCliente>(guardar(hotel, { numero: '+5491123456789', optIn: false }));
    expect(baja.optIn).toBeNull();
    expect(baja.optOut).toEqual({ fecha: env.clock.now().getTime(), origen: 'empresa' });
    // Again: no consent in force, so no new opt-out.
    env.clock.advance(60_000);
    expect(await ok(guardar(hotel, { numero: '+5491123456789', optIn: false }))).toEqual(baja);

    const nuevo = await ok<WhatsappCliente>(
      guardar(hotel, { numero: '+5491123456789', optIn: true, origen: 'verbal' }, 'dueno'),
    );
    expect(nuevo.optIn).toEqual({ fecha: env.clock.now().getTime(), origen: 'verbal', registradoPor: 'Laura' });
  });
});

describe('plantillas', () => {
  it('cualquier usuario ve las seis plantillas, a quién va cada una y el modo de prueba', async () => {
    const p = await ok<PlantillasWhatsapp>(pedir('GET', '/api/v4/whatsapp/plantillas', 'operario'));
    expect(p.modo).toBe('prueba');
    expect(p.plantillas.map((x) => [x.evento, x.nombre, x.destinatarios])).toEqual([
      ['ORDEN_CREADA', 'delego_orden_creada', 'clientes'],
      ['ORDEN_ESTADO', 'delego_orden_estado', 'ambos'],
      ['ORDEN_ASIGNADA', 'delego_orden_asignada', 'usuarios'],
      ['ENCUESTA', 'delego_encuesta', 'clientes'],
      ['SLA_POR_VENCER', 'delego_sla_por_vencer', 'usuarios'],
      ['SOLICITUD_RECIBIDA', 'delego_solicitud_recibida', 'usuarios'],
    ]);
    expect(p.plantillas[0]).toMatchObject({ idioma: 'es_AR', texto: PLANTILLAS_WHATSAPP.ORDEN_CREADA.texto });
  });
});

describe('modo de prueba y los mensajes de una orden', () => {
  const mensaje = (clave: string, ordenId = orden): MensajeNuevo => ({
    entidadId: demo,
    clave,
    evento: 'ORDEN_CREADA',
    destinatario: { tipo: 'cliente', clienteId: hotel },
    ordenId,
    parametros: ['Hotel Sol', '12', 'Caldera', 'https://delego.example.com/ordersummary/abc'],
    correoRespaldo: null,
  });

  it('cada mensaje queda en un archivo JSON con el texto en español y el enlace; el registro dice whatsapp.prueba con el número oculto', async () => {
    await env.database.db.transaction((tx) => env.app.puertos.whatsapp.encolar(tx, [mensaje('orden:1:creada')]));
    expect(await env.app.puertos.whatsapp.deliverPending()).toBe(1);
    const carpeta = path.join(dataDir, 'whatsapp');
    const archivos = fs.readdirSync(carpeta);
    expect(archivos).toHaveLength(1);
    expect(archivos[0]).toMatch(/^delego_orden_creada-[0-9a-f]{16}\.json$/);
    const contenido = JSON.parse(
      fs.readFileSync(path.join(carpeta, archivos[0] as string), 'utf8'),
    ) as ArchivoMensajePrueba;
    expect(contenido).toMatchObject({
      numero: '+5491123456789',
      plantilla: 'delego_orden_creada',
      idioma: 'es_AR',
      parametros: ['Hotel Sol', '12', 'Caldera', 'https://delego.example.com/ordersummary/abc'],
      texto:
        'Hola Hotel Sol, registramos su orden #12: Caldera. Puede seguirla aquí: https://delego.example.com/ordersummary/abc',
    });
    expect(contenido.wamid).toMatch(/^prueba\.[0-9a-f-]{36}$/);
    const linea = lineas.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'whatsapp.prueba');
    expect(linea).toMatchObject({ plantilla: 'delego_orden_creada', numero: '+5491 ••• 6789', wamid: contenido.wamid });
    expect(typeof linea?.mensajeId).toBe('number');
    expect(lineas.join('')).not.toContain('5491123456789');
  });

  it('quien ve la orden ve sus mensajes con el número oculto y sus estados; otra empresa: 404', async () => {
    const vistos = await ok<MensajeWhatsapp[]>(pedir('GET', `/api/v4/whatsapp/orden/${orden}`, 'operario'));
    expect(vistos).toEqual([
      {
        id: expect.any(Number) as number,
        ordenId: orden,
        evento: 'ORDEN_CREADA',
        destinatario: { tipo: 'cliente', nombre: 'Hotel Sol' },
        numero: '+5491 ••• 6789',
        texto:
          'Hola Hotel Sol, registramos su orden #12: Caldera. Puede seguirla aquí: https://delego.example.com/ordersummary/abc',
        creado: env.clock.now().getTime(),
        estado: 'enviado',
        estados: [{ estado: 'enviado', fecha: env.clock.now().getTime() }],
      },
    ]);
    expect((await pedir('GET', `/api/v4/whatsapp/orden/${orden}`, 'ajeno')).statusCode).toBe(404);
    expect((await pedir('GET', '/api/v4/whatsapp/orden/999999', 'admin')).statusCode).toBe(404);
    expect(await ok(pedir('GET', `/api/v4/whatsapp/orden/${ordenAjena}`, 'ajeno'))).toEqual([]);
  });

  it('sin WHATSAPP_APP_SECRET el webhook rechaza todo (401) y sin token de verificación la verificación es 403', async () => {
    const cuerpo = cuerpoWebhook(estadoWebhook('prueba.x', 'read', 1));
    const r = await postWebhook(env.app, cuerpo, firmar(cuerpo, ''));
    expect(r.statusCode).toBe(401);
    const v = await env.app.inject({
      method: 'GET',
      url: '/api/v4/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=&hub.challenge=1',
    });
    expect(v.statusCode).toBe(403);
  });

  it('un cliente sin consentimiento no recibe nada aunque haya una orden suya', async () => {
    const otraOrden = await crearOrden('admin', banco);
    const n = await env.database.db.transaction((tx) =>
      env.app.puertos.whatsapp.encolar(tx, [
        { ...mensaje('orden:banco', otraOrden), destinatario: { tipo: 'cliente', clienteId: banco } },
      ]),
    );
    expect(n).toBe(0);
    expect(await ok(pedir('GET', `/api/v4/whatsapp/orden/${otraOrden}`, 'admin'))).toEqual([]);
  });
});
