import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CANALES_POR_OMISION,
  MENSAJE_WHATSAPP_SIN_NUMERO,
  type Canales,
  type CanalesUsuario,
  type Cliente,
  type EventoUsuario,
  type MensajeWhatsapp,
} from '@delego/contract';
import { LocalBus, type DomainEvent } from '../../src/kernel/bus.js';
import { CacheRegistry } from '../../src/kernel/cache-registry.js';
import type { Nucleo } from '../../src/kernel/modulo.js';
import type { AvisoWhatsapp, PuertoNotificaciones } from '../../src/modules/notifications/index.js';
import { ordenEventos } from '../../src/modules/orders/orders.tables.js';
import {
  moduloWhatsapp,
  type PlantillaAEnviar,
  type PreferenciasDeAvisos,
  type ProveedorWhatsapp,
} from '../../src/modules/whatsapp/index.js';
import { makeClientes } from '../../src/seed/factories.js';
import { bancoDeModulo, type Banco } from './banco.js';
import { insertOrden, ordenesFalsas } from './orden-falsa.js';

/**
 * The WhatsApp module alone: the kernel's database, bus and clock; fakes of the company, the mail
 * outbox, the clients, one order, a provider that records each send, and the notifications' store
 * of each user's channels (the real one is the notifications module's: test/whatsapp-canales.test.ts).
 */
let b: Banco;
let usuario = 0;
let otroUsuario = 0;
let cliente = 0;
let ordenId = 0;
const enviados: PlantillaAEnviar[] = [];
const guardadas = new Map<string, Record<EventoUsuario, Canales>>();
let fallaAlGuardar = false;

const proveedor: ProveedorWhatsapp = {
  modo: 'prueba',
  enviarPlantilla: async (m) => {
    enviados.push(m);
    return { wamid: `wamid.modulo.${enviados.length}` };
  },
};

/** The notifications whose user chose WhatsApp, as the notifications module would give them to the scan. */
const avisos: AvisoWhatsapp[] = [];

const preferencias: PreferenciasDeAvisos & Pick<PuertoNotificaciones, 'avisosWhatsappDesde'> = {
  avisosWhatsappDesde: async () => avisos,
  canales: async (_db, entidadId, usuarioId) => guardadas.get(`${entidadId}:${usuarioId}`) ?? CANALES_POR_OMISION,
  guardarCanales: async (_tx, entidadId, usuarioId, eventos) => {
    if (fallaAlGuardar) throw new Error('la tabla de canales no responde');
    guardadas.set(`${entidadId}:${usuarioId}`, eventos);
  },
};

const conWhatsapp = (e: EventoUsuario): Record<EventoUsuario, Canales> => ({
  ...CANALES_POR_OMISION,
  [e]: { app: true, push: false, correo: false, whatsapp: true },
});

/** The module on the bench's kernel, or on `n` (a bus of its own). */
function modulo(n: Nucleo = b.nucleo) {
  return moduloWhatsapp(n, {
    entidades: { find: async (id: number) => ({ id, nombre: 'Módulo SA', logo: null }) },
    mail: {
      enqueue: () => Promise.reject(new Error('sin correo en esta prueba')),
      kick: () => undefined,
    },
    clients: {
      find: async (entidadId: number, id: number) =>
        entidadId === b.entidadId && id === cliente ? ({ id, nombre: 'Hotel' } as Cliente) : undefined,
    },
    orders: ordenesFalsas(b.entidadId, ordenId),
    proveedor,
    preferencias,
    enlaces: { enlacePublico: async (_tx, _e, id) => `https://delego.test/ordersummary/enlace-${id}` },
    ejecutor: null,
    registro: new CacheRegistry(n.bus, { error: () => undefined, warn: () => undefined }),
  });
}

beforeAll(async () => {
  b = await bancoDeModulo();
  usuario = await b.usuario(b.entidadId, 'Ana');
  otroUsuario = await b.usuario(b.otraEntidadId, 'Otra');
  [cliente] = (await makeClientes(b.database.db, b.entidadId, [{ nombre: 'Hotel' }])) as [number];
  ordenId = await insertOrden(b.database.db, b.entidadId, usuario);
});
afterAll(() => b?.close());

it('los canales de cada usuario: WhatsApp solo con número y consentimiento (400 en «numero», nada guardado), la fecha se conserva, un número nuevo la renueva', async () => {
  const m = modulo();
  const app = await b.servir(m, b.actor({ id: usuario }));
  const h = { authorization: 'prueba' };
  const ver = async () => {
    const r = await app.inject({ method: 'GET', url: '/api/v4/whatsapp/canales', headers: h });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as CanalesUsuario;
  };
  const guardar = (body: object) =>
    app.inject({ method: 'PUT', url: '/api/v4/whatsapp/canales', headers: h, payload: body });

  expect(await ver()).toEqual({ numero: null, optIn: null, eventos: CANALES_POR_OMISION, modo: 'prueba' });

  for (const body of [
    { numero: null, acepta: true, eventos: conWhatsapp('ORDEN_ASIGNADA') },
    { numero: '+54 9 11 2345-6789', acepta: false, eventos: conWhatsapp('SLA_POR_VENCER') },
  ]) {
    const r = await guardar(body);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'DATOS_INVALIDOS', field: 'numero', message: MENSAJE_WHATSAPP_SIN_NUMERO });
  }
  const mal = await guardar({ numero: '12', acepta: true, eventos: CANALES_POR_OMISION });
  expect(mal.statusCode).toBe(400);
  expect(mal.json()).toMatchObject({ field: 'numero' });
  expect(await ver()).toEqual({ numero: null, optIn: null, eventos: CANALES_POR_OMISION, modo: 'prueba' });

  const r = await guardar({ numero: '0351 15 123-4567', acepta: true, eventos: conWhatsapp('ORDEN_ASIGNADA') });
  expect(r.statusCode, r.body).toBe(200);
  const dado = r.json() as CanalesUsuario;
  expect(dado).toEqual({
    numero: '+5493511234567',
    optIn: b.clock.now().getTime(),
    eventos: conWhatsapp('ORDEN_ASIGNADA'),
    modo: 'prueba',
  });

  b.clock.advance(60_000);
  const otra = await guardar({ numero: '+5493511234567', acepta: true, eventos: conWhatsapp('ORDEN_ESTADO') });
  expect((otra.json() as CanalesUsuario).optIn).toBe(dado.optIn);

  // A failing store of the channels leaves the number as it was: one transaction.
  fallaAlGuardar = true;
  const rota = await guardar({ numero: '+5491199998888', acepta: true, eventos: conWhatsapp('ORDEN_ESTADO') });
  expect(rota.statusCode).toBe(500);
  fallaAlGuardar = false;
  expect((await ver()).numero).toBe('+5493511234567');

  const nuevo = await guardar({ numero: '+5491199998888', acepta: true, eventos: conWhatsapp('ORDEN_ESTADO') });
  expect((nuevo.json() as CanalesUsuario).optIn).toBe(b.clock.now().getTime());
  const sinAceptar = await guardar({ numero: '+5491199998888', acepta: false, eventos: CANALES_POR_OMISION });
  expect(sinAceptar.json()).toMatchObject({ numero: '+5491199998888', optIn: null });

  // Another company's user sees only their own.
  const ajena = await b.servir(m, b.actor({ id: otroUsuario, entidadId: b.otraEntidadId }));
  const suya = await ajena.inject({ method: 'GET', url: '/api/v4/whatsapp/canales', headers: h });
  expect(suya.json()).toMatchObject({ numero: null, optIn: null });
});

it('el puerto: encola para el usuario con consentimiento, el trabajador envía por el proveedor y avisa a la orden; otra empresa no ve sus mensajes', async () => {
  const m = modulo();
  const app = await b.servir(m, b.actor({ id: usuario }));
  await b.database.db.execute(sql`
    update whatsapp_usuarios set opt_in_fecha = ${b.clock.now().toISOString()}::timestamptz where usuario_id = ${usuario}`);
  const agregados = await b.database.db.transaction((tx) =>
    m.puerto.encolar(tx, [
      {
        entidadId: b.entidadId,
        clave: 'modulo:1',
        evento: 'ORDEN_ASIGNADA',
        destinatario: { tipo: 'usuario', usuarioId: usuario },
        ordenId,
        parametros: ['Ana', '1', 'Cambiar la bomba', 'https://delego.example.com/orden/1'],
        correoRespaldo: null,
      },
      {
        entidadId: b.otraEntidadId,
        clave: 'modulo:2',
        evento: 'ORDEN_ASIGNADA',
        destinatario: { tipo: 'usuario', usuarioId: usuario },
        ordenId: null,
        parametros: ['Ana', '1', 'x', 'https://x'],
        correoRespaldo: null,
      },
    ]),
  );
  expect(agregados).toBe(1);
  b.eventos.length = 0;
  expect(await m.puerto.deliverPending()).toBe(1);
  expect(enviados.at(-1)).toMatchObject({
    numero: '+5491199998888',
    plantilla: 'delego_orden_asignada',
    idioma: 'es_AR',
    texto: 'Hola Ana, se le asignó la orden #1: Cambiar la bomba. Véala aquí: https://delego.example.com/orden/1',
  });
  expect(b.eventos).toEqual([{ type: 'orden.whatsappCambiado', entidadId: b.entidadId, ordenId }]);

  const h = { authorization: 'prueba' };
  const vistos = (
    await app.inject({ method: 'GET', url: `/api/v4/whatsapp/orden/${ordenId}`, headers: h })
  ).json() as MensajeWhatsapp[];
  expect(vistos.map((x) => [x.destinatario, x.numero, x.estado])).toEqual([
    [{ tipo: 'usuario', nombre: 'Ana' }, '+5491 ••• 8888', 'enviado'],
  ]);
  const ajena = await b.servir(m, b.actor({ id: otroUsuario, entidadId: b.otraEntidadId }));
  expect((await ajena.inject({ method: 'GET', url: `/api/v4/whatsapp/orden/${ordenId}`, headers: h })).statusCode).toBe(
    404,
  );
  expect(
    (await ajena.inject({ method: 'GET', url: `/api/v4/whatsapp/clientes/${cliente}`, headers: h })).statusCode,
  ).toBe(404);
});

it('el despacho: el escaneo encola una vez el aviso que eligió WhatsApp, con la orden en la app; otra empresa no lo recibe', async () => {
  const m = modulo();
  avisos.push(
    {
      notificacionId: 901,
      entidadId: b.entidadId,
      usuarioId: usuario,
      tipo: 'ORDEN_ASIGNADA',
      ordenId,
      titulo: 'Nueva orden asignada',
      mensaje: 'Cambiar la bomba',
    },
    // The order is not of this company: nothing for it.
    {
      notificacionId: 902,
      entidadId: b.otraEntidadId,
      usuarioId: otroUsuario,
      tipo: 'ORDEN_ASIGNADA',
      ordenId,
      titulo: 'x',
      mensaje: 'x',
    },
  );
  expect(await m.puerto.escanear()).toBe(1);
  expect(await m.puerto.escanear()).toBe(0);
  avisos.length = 0;
  const filas = (
    await b.database.db.execute(sql`select clave, entidad_id as "entidadId", parametros from whatsapp_salida
                                     where clave like 'aviso:%' order by clave`)
  ).rows as { clave: string; entidadId: number; parametros: unknown }[];
  expect(filas.map((f) => [f.clave, f.entidadId])).toEqual([['aviso:901', b.entidadId]]);
  const parametros = typeof filas[0]!.parametros === 'string' ? JSON.parse(filas[0]!.parametros) : filas[0]!.parametros;
  // A user opens the order in the app; the public link is for clients.
  expect((parametros as string[]).at(-1)).toBe(`${b.nucleo.config.publicUrl}/orden/${ordenId}`);
});

it('el despacho recuerda que ningún cliente de la empresa consintió, hasta que guardar un consentimiento lo descarta; el escaneo no lo pregunta', async () => {
  // A bus of its own: the modules of the tests above do not react to these events.
  const bus = new LocalBus({ error: () => undefined, warn: () => undefined });
  const publicados: DomainEvent[] = [];
  bus.subscribe((e) => {
    publicados.push(e);
  });
  const m = modulo({ ...b.nucleo, bus });
  const app = await b.servir(m, b.actor({ id: usuario }));
  const db = b.database.db;
  await db.execute(sql`update ordenes set cliente_id = ${cliente} where id = ${ordenId}`);
  /** A state change in the order's history, a second later, and its event: gives whether its message was queued. */
  const cambio = async (): Promise<boolean> => {
    b.clock.advance(1_000);
    const [e] = await db
      .insert(ordenEventos)
      .values({
        entidadId: b.entidadId,
        ordenId,
        tipo: 'ESTADO',
        usuarioId: usuario,
        fecha: b.clock.now(),
        estadoNuevoId: 2,
      })
      .returning({ id: ordenEventos.id });
    bus.publish({ type: 'orden.estadoCambiado', entidadId: b.entidadId, ordenId, usuarioId: usuario, estadoId: 2 });
    await new Promise((r) => setTimeout(r, 0));
    await m.puerto.idle();
    const r = await db.execute(sql`select 1 from whatsapp_salida where clave = ${`evento:${e!.id}`}`);
    return r.rows.length === 1;
  };
  expect(await cambio()).toBe(false);
  // A consent written behind the module's back (no event): the remembered «none» still holds...
  await db.execute(sql`
    insert into whatsapp_clientes (entidad_id, cliente_id, numero, opt_in_fecha, opt_in_origen)
    values (${b.entidadId}, ${cliente}, '+5491122223333', ${b.clock.now()}, 'verbal')`);
  expect(await cambio()).toBe(false);
  // ...and the minute's scan, which does not ask it, queues what the reaction skipped.
  expect(await m.puerto.escanear()).toBe(1);
  // A consent saved through the module publishes its company's event after the commit: the next change goes at once.
  const r = await app.inject({
    method: 'PUT',
    url: `/api/v4/whatsapp/clientes/${cliente}`,
    headers: { authorization: 'prueba' },
    payload: { numero: '+5491122223333', optIn: true, origen: 'escrito' },
  });
  expect(r.statusCode, r.body).toBe(200);
  expect(publicados.filter((e) => e.type === 'whatsapp.consentimientosCambiados')).toEqual([
    { type: 'whatsapp.consentimientosCambiados', entidadId: b.entidadId },
  ]);
  expect(await cambio()).toBe(true);
});
