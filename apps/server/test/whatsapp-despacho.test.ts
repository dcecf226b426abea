import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANALES_POR_OMISION, ESTADO, PERMISOS_GLOBALES, type OrdenDetalle } from '@delego/contract';
import { auth, createTestEnv, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * Who gets which WhatsApp, end to end (issue 35, docs/WHATSAPP.md): a client with a consent in force
 * hears of its orders (created, each state change, a survey sent), each once, with the order's one
 * public link; nothing for a client without consent, for events before the consent or after an
 * opt-out; a user hears of what they chose WhatsApp for; what a lost reaction missed, the scan
 * queues once (two scans at once included); another company's orders never reach these numbers.
 */

let env: TestEnv;
let hotel = 0;
let banco = 0;
let ajeno = 0;
let operario = 0;

interface Fila {
  clave: string;
  evento: string;
  numero: string;
  ordenId: number | null;
  destinatarioTipo: string;
  parametros: string[];
}

const pedir = (method: 'GET' | 'PUT' | 'POST', url: string, usuario: string, payload?: object) =>
  env.app.inject({ method, url, headers: auth(usuario), ...(payload ? { payload } : {}) });

async function ok<T>(p: ReturnType<typeof pedir>): Promise<T> {
  const r = await p;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}

/** Every reaction ended: the notifications', then the dispatcher's. */
async function quietos(): Promise<void> {
  await env.app.puertos.notifications.idle();
  await env.app.puertos.whatsapp.idle();
}

async function crearOrden(cliente: number, usuario = 'admin', responsable: number[] = []): Promise<number> {
  const d = await ok<OrdenDetalle>(
    pedir('POST', '/api/v2/ordenes/save', usuario, { titulo: 'Caldera <b>fría</b>', cliente, responsable }),
  );
  await quietos();
  return d.id;
}

async function estado(id: number, nuevo: number): Promise<void> {
  await ok(pedir('PUT', `/api/v2/estado/${id}`, 'admin', { estado: nuevo, comentarios: 'listo' }));
  await quietos();
}

async function mensajes(ordenId: number): Promise<Fila[]> {
  const filas = (
    await env.database.db.execute(sql`
      select clave, evento, numero, orden_id as "ordenId", destinatario_tipo as "destinatarioTipo", parametros
        from whatsapp_salida where orden_id = ${ordenId} order by id`)
  ).rows as (Omit<Fila, 'parametros'> & { parametros: unknown })[];
  return filas.map((f) => ({
    ...f,
    parametros: (typeof f.parametros === 'string' ? JSON.parse(f.parametros) : f.parametros) as string[],
  }));
}

/** A client's consent, recorded a second before what the test does next (a message needs an event after it). */
async function consentir(cliente: number, numero: string, usuario = 'admin'): Promise<void> {
  await ok(pedir('PUT', `/api/v4/whatsapp/clientes/${cliente}`, usuario, { numero, optIn: true, origen: 'verbal' }));
  env.clock.advance(1_000);
}

beforeAll(async () => {
  env = await createTestEnv({ ejecutorWhatsapp: null });
  const db = env.database.db;
  const now = env.clock.now();
  const demo = await makeEntidad(db, { nombre: 'Demo', plan: 'Ilimitado', now });
  const otra = await makeEntidad(db, { nombre: 'Otra', plan: 'Ilimitado', now });
  [hotel, banco] = (await makeClientes(db, demo, [
    { nombre: 'Hotel Sol', email: 'hotel@example.com' },
    { nombre: 'Banco' },
  ])) as [number, number];
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
    email: 'diego@example.com',
    permisos: PERMISOS_GLOBALES,
  });
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'ajeno',
    nombre: 'Otro',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
});

afterAll(() => env?.close());

describe('a los clientes', () => {
  it('creada, cada cambio de estado y la encuesta: una vez cada uno, con el único enlace público de la orden', async () => {
    const antes = await crearOrden(hotel);
    await consentir(hotel, '011 15 2345-6789');
    const id = await crearOrden(hotel);
    await estado(id, ESTADO.EN_PROCESO);
    await estado(id, ESTADO.FINALIZADA);
    await ok(pedir('POST', '/api/v2/encuesta/enviar', 'admin', { ordenId: id }));
    await quietos();

    const filas = await mensajes(id);
    expect(filas.map((f) => [f.evento, f.numero, f.destinatarioTipo])).toEqual([
      ['ORDEN_CREADA', '+5491123456789', 'cliente'],
      ['ORDEN_ESTADO', '+5491123456789', 'cliente'],
      ['ORDEN_ESTADO', '+5491123456789', 'cliente'],
      ['ENCUESTA', '+5491123456789', 'cliente'],
    ]);
    const [creada, enProceso, finalizada, encuesta] = filas.map((f) => f.parametros) as [
      string[],
      string[],
      string[],
      string[],
    ];
    const enlace = creada[3]!;
    expect(enlace).toMatch(/\/ordersummary\/[A-Za-z0-9_-]{20,}$/);
    expect(creada.slice(0, 3)).toEqual(['Hotel Sol', expect.stringMatching(/^\d+$/), 'Caldera <b>fría</b>']);
    expect(enProceso.slice(2)).toEqual(['En proceso', enlace]);
    expect(finalizada.slice(2)).toEqual(['Finalizada', enlace]);
    expect(encuesta[3]).toBe(enlace);
    // The link the messages carry is the order's link, the one its share screen gives.
    const compartir = await ok<{ url: string | null }>(pedir('GET', `/api/v2/orden/${id}/compartir`, 'admin'));
    expect(compartir.url).toBe(enlace);
    // The history says why that link was created: once, for the messages.
    const historial = await ok<{ descripcion: string }[]>(pedir('GET', `/api/v2/historial/detalle/${id}`, 'admin'));
    expect(
      historial.filter((e) => e.descripcion.startsWith('Creó un enlace público')).map((e) => e.descripcion),
    ).toEqual(['Creó un enlace público de la orden para los avisos por WhatsApp al cliente']);

    // An order created before the consent gets nothing; a scan adds nothing to what the bus queued.
    expect(await mensajes(antes)).toEqual([]);
    expect(await env.app.puertos.whatsapp.escanear()).toBe(0);
    expect(await mensajes(id)).toHaveLength(4);
  });

  it('sin consentimiento, o después de la baja, nada; otra empresa nunca alcanza estos números', async () => {
    const sin = await crearOrden(banco);
    await estado(sin, ESTADO.EN_PROCESO);
    expect(await mensajes(sin)).toEqual([]);

    await consentir(banco, '+54 9 351 123-4567');
    await ok(pedir('PUT', `/api/v4/whatsapp/clientes/${banco}`, 'admin', { numero: '+5493511234567', optIn: false }));
    const trasBaja = await crearOrden(banco);
    expect(await mensajes(trasBaja)).toEqual([]);

    await consentir(ajeno, '+5491123456789', 'ajeno');
    const suya = await crearOrden(ajeno, 'ajeno');
    const filas = await mensajes(suya);
    expect(filas.map((f) => f.evento)).toEqual(['ORDEN_CREADA']);
    // Its own client's message; none of this company's orders is in it.
    const deOtra = (
      await env.database.db.execute(sql`
        select count(*)::int as n from whatsapp_salida s join ordenes o on o.id = s.orden_id
         where s.entidad_id <> o.entidad_id`)
    ).rows as { n: number }[];
    expect(deOtra[0]?.n).toBe(0);
  });

  it('lo que una reacción perdida dejó, el escaneo lo encola una vez, también con dos escaneos a la vez', async () => {
    const id = await crearOrden(hotel);
    await estado(id, ESTADO.EN_PROCESO);
    // A crash after the commit lost the reactions: the messages were never queued.
    await env.database.db.execute(sql`delete from whatsapp_salida where orden_id = ${id}`);
    const [a, b] = await Promise.all([env.app.puertos.whatsapp.escanear(), env.app.puertos.whatsapp.escanear()]);
    expect(a + b).toBe(2);
    const filas = await mensajes(id);
    expect(filas.map((f) => f.evento)).toEqual(['ORDEN_CREADA', 'ORDEN_ESTADO']);
    expect(new Set(filas.map((f) => f.clave)).size).toBe(2);
    expect(await env.app.puertos.whatsapp.escanear()).toBe(0);
  });
});

describe('a los usuarios', () => {
  it('quien eligió WhatsApp para «Asignada a usted» recibe la orden asignada con su enlace en la app; nadie más', async () => {
    await ok(
      pedir('PUT', '/api/v4/whatsapp/canales', 'operario', {
        numero: '+54 9 11 5555-0000',
        acepta: true,
        eventos: { ...CANALES_POR_OMISION, ORDEN_ASIGNADA: { app: true, push: false, correo: false, whatsapp: true } },
      }),
    );
    const id = await crearOrden(banco, 'admin', [operario]);
    const filas = await mensajes(id);
    expect(filas.map((f) => [f.evento, f.destinatarioTipo, f.numero])).toEqual([
      ['ORDEN_ASIGNADA', 'usuario', '+5491155550000'],
    ]);
    expect(filas[0]!.parametros.slice(0, 3)).toEqual(['Diego', expect.stringMatching(/^\d+$/), 'Caldera <b>fría</b>']);
    expect(filas[0]!.parametros[3]).toMatch(new RegExp(`/orden/${id}$`));
    // No public link was made for it: the history says nothing of one.
    const historia = await pedir('GET', `/api/v2/historial/detalle/${id}`, 'admin');
    expect(historia.body).not.toContain('enlace público');

    // A state change: the operario did not choose WhatsApp for it.
    await estado(id, ESTADO.EN_PROCESO);
    expect((await mensajes(id)).map((f) => f.evento)).toEqual(['ORDEN_ASIGNADA']);

    // The notification's message, lost and found again by the scan, once.
    await env.database.db.execute(sql`delete from whatsapp_salida where orden_id = ${id}`);
    expect(await env.app.puertos.whatsapp.escanear()).toBe(1);
    expect(await env.app.puertos.whatsapp.escanear()).toBe(0);
  });
});

describe('el primer consentimiento de una empresa', () => {
  it('vale enseguida: la orden siguiente del cliente encola su mensaje sin esperar al escaneo', async () => {
    const db = env.database.db;
    const nueva = await makeEntidad(db, { nombre: 'Nueva', plan: 'Ilimitado', now: env.clock.now() });
    const [taller] = (await makeClientes(db, nueva, [{ nombre: 'Taller Norte' }])) as [number];
    await makeUsuario(db, {
      entidadId: nueva,
      usuario: 'nueva',
      nombre: 'Nora',
      roles: ['ADMIN'],
      permisos: PERMISOS_GLOBALES,
    });
    // No client of the company consented: nothing, and the dispatcher remembers it.
    const antes = await crearOrden(taller, 'nueva');
    expect(await mensajes(antes)).toEqual([]);
    await consentir(taller, '+54 9 11 4444-5555', 'nueva');
    // The consent's event dropped that answer: the next order's message is queued by the reaction (no scan runs here).
    const despues = await crearOrden(taller, 'nueva');
    expect((await mensajes(despues)).map((f) => [f.evento, f.numero])).toEqual([['ORDEN_CREADA', '+5491144445555']]);
  });
});
