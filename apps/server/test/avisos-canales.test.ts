import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CANALES_POR_OMISION,
  ESTADO,
  PERMISOS_GLOBALES,
  type Canales,
  type EventoUsuario,
  type Notificacion,
  type OrdenDetalle,
} from '@delego/contract';
import { testConfig } from '../src/config.js';
import { LocalBus, type DomainEvent, type EventOf } from '../src/kernel/bus.js';
import type { NativePushSender } from '../src/modules/notifications/push.js';
import { auth, createTestEnv, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * Issue 35, each user's channels per kind of event, end to end: the defaults, a choice saved and
 * read, the app off (stored, never listed, counted nor announced), push off, mail on (one mail in
 * the outbox with the order's number, title and link, within its caps), the service levels' «also
 * by mail» as the same cell both ways with one mail per warning, `aviso.creado` exactly when
 * WhatsApp is chosen, the repair scan's read, and another company, which sees none of it.
 */
let env: TestEnv;
const eventos: DomainEvent[] = [];
const pushes: { token: string; payload: Record<string, unknown> }[] = [];
/** Monday 7 December 2026, 09:00 in Buenos Aires: a working instant (the SLA clock). */
const LUNES_9 = new Date('2026-12-07T12:00:00Z');
const H = 3_600_000;
let demo = 0;
let otra = 0;
let cliente = 0;
let clienteSla = 0;
let clienteAjeno = 0;
let admin = 0;
let operario = 0;
let ayudante = 0;
let ajeno = 0;

/** A recording stand-in for the native push (tests only). */
const nativo: NativePushSender = {
  tipos: ['fcm'],
  async send(dispositivo, payload) {
    pushes.push({ token: dispositivo.token, payload });
    return true;
  },
};
const TOKEN_OPERARIO = 'eXamPle_Fcm-Token:APA91bHPRgkF3Xk-ejemplo.token_del_operario_de_avisos';

const pedir = (method: 'GET' | 'PUT' | 'POST', url: string, usuario = 'admin', payload?: object) =>
  env.app.inject({ method, url, headers: auth(usuario), ...(payload ? { payload } : {}) });

async function ok<T>(p: ReturnType<typeof pedir>): Promise<T> {
  const r = await p;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}

/** Waits for the reactions the last requests started (the bus, then the notifications). */
async function quieto(): Promise<void> {
  await env.app.puertos.sla.idle();
  await env.app.puertos.notifications.idle();
}

async function crearOrden(titulo: string, responsable: number[], c = cliente, usuario = 'admin'): Promise<number> {
  const d = await ok<OrdenDetalle>(pedir('POST', '/api/v2/ordenes/save', usuario, { titulo, cliente: c, responsable }));
  await quieto();
  return d.id;
}

async function cambiarEstado(id: number, estado: number): Promise<void> {
  await ok(pedir('PUT', `/api/v2/estado/${id}`, 'admin', { estado, comentarios: 'Revisado' }));
  await quieto();
}

const lista = (usuario: string) => ok<Notificacion[]>(pedir('GET', '/api/v2/notificaciones/all', usuario));

const canales = (usuarioId: number, entidadId = demo) =>
  env.app.puertos.notifications.canales(env.database.db, entidadId, usuarioId);

async function elegir(usuarioId: number, cambios: Partial<Record<EventoUsuario, Partial<Canales>>>, entidadId = demo) {
  const actual = await canales(usuarioId, entidadId);
  const eventosNuevos = { ...actual };
  for (const [e, c] of Object.entries(cambios) as [EventoUsuario, Partial<Canales>][]) {
    eventosNuevos[e] = { ...actual[e], ...c };
  }
  await env.database.db.transaction((tx) =>
    env.app.puertos.notifications.guardarCanales(tx, entidadId, usuarioId, eventosNuevos),
  );
}

/** The stored rows of an order's notifications for a user, hidden ones included. */
async function filas(ordenId: number, usuarioId: number) {
  const r = await env.database.db.execute<{ id: number; tipo: string; oculta: boolean; whatsapp: boolean }>(
    sql`select id::int as id, tipo, oculta, whatsapp from notificaciones where orden_id = ${ordenId} and usuario_id = ${usuarioId} order by id`,
  );
  return r.rows;
}

async function correos(para: string) {
  const r = await env.database.db.execute<{ tipo: string; asunto: string; texto: string; html: string }>(
    sql`select tipo, asunto, texto, html from correo_salida where para = ${para} order by id`,
  );
  return r.rows;
}

const creadas = (usuarioId: number) =>
  eventos.filter(
    (e): e is EventOf<'notificacion.creada'> => e.type === 'notificacion.creada' && e.usuarioId === usuarioId,
  );
const avisosCreados = () => eventos.filter((e): e is EventOf<'aviso.creado'> => e.type === 'aviso.creado');

beforeAll(async () => {
  const bus = new LocalBus({ error: () => undefined, warn: () => undefined });
  bus.subscribe((e) => {
    eventos.push(e);
  });
  env = await createTestEnv({ bus, pushNativo: nativo, ejecutorSla: null });
  env.clock.t = LUNES_9;
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo Servicios', plan: 'Ilimitado', now });
  otra = await makeEntidad(db, { nombre: 'Otra', plan: 'Ilimitado', now });
  [cliente, clienteSla] = (await makeClientes(db, demo, [{ nombre: 'Hotel' }, { nombre: 'Banco' }])) as [
    number,
    number,
  ];
  [clienteAjeno] = (await makeClientes(db, otra, [{ nombre: 'Ajeno' }])) as [number];
  admin = await makeUsuario(db, {
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
    email: 'diego@demo.example.com',
    permisos: PERMISOS_GLOBALES,
  });
  ayudante = await makeUsuario(db, { entidadId: demo, usuario: 'ayudante', nombre: 'Lucía' });
  ajeno = await makeUsuario(db, {
    entidadId: otra,
    usuario: 'ajeno',
    nombre: 'Otro',
    email: 'otro@otra.example.com',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  const r = await pedir(
    'GET',
    `/api/v2/notificaciones/registrar/true/${encodeURIComponent(`fcm:${TOKEN_OPERARIO}`)}`,
    'operario',
  );
  expect(r.statusCode, r.body).toBe(200);
});
afterAll(() => env?.close());

beforeEach(() => {
  eventos.length = 0;
  pushes.length = 0;
});

describe('los canales de cada usuario', () => {
  // Each case starts from everyone's defaults, whatever the one before chose.
  beforeEach(async () => {
    for (const [u, e] of [
      [operario, demo],
      [ayudante, demo],
      [ajeno, otra],
    ] as const) {
      await env.database.db.transaction((tx) =>
        env.app.puertos.notifications.guardarCanales(tx, e, u, CANALES_POR_OMISION),
      );
    }
  });

  it('sin elegir: la app y push para todo, sin correo ni WhatsApp', async () => {
    expect(await canales(operario)).toEqual(CANALES_POR_OMISION);
    expect(await ok(pedir('GET', '/api/v4/sla/avisos', 'operario'))).toEqual({ correo: false });
    const id = await crearOrden('Caldera', [operario]);
    expect((await lista('operario')).filter((n) => n.ordenId === id).map((n) => n.tipo)).toEqual(['ORDEN_ASIGNADA']);
    expect(creadas(operario)).toHaveLength(1);
    expect(pushes.map((p) => p.token)).toEqual([TOKEN_OPERARIO]);
    expect(avisosCreados()).toEqual([]);
    expect(await correos('diego@demo.example.com')).toEqual([]);
  });

  it('guarda la elección entera y la lee igual; otra empresa no la lee ni la escribe', async () => {
    const eleccion = {
      ORDEN_ASIGNADA: { app: true, push: false, correo: true, whatsapp: false },
      ORDEN_ESTADO: { app: false, push: true, correo: false, whatsapp: true },
      SLA_POR_VENCER: { app: true, push: true, correo: true, whatsapp: true },
      SOLICITUD_RECIBIDA: { app: false, push: false, correo: false, whatsapp: false },
    };
    await env.database.db.transaction((tx) =>
      env.app.puertos.notifications.guardarCanales(tx, demo, ayudante, eleccion),
    );
    expect(await canales(ayudante)).toEqual(eleccion);
    // Everyone else keeps the defaults.
    expect(await canales(admin)).toEqual(CANALES_POR_OMISION);
    // Read as another company's: nothing of it; written as another company's: 404, nothing changes.
    expect(await canales(ayudante, otra)).toEqual(CANALES_POR_OMISION);
    await expect(
      env.database.db.transaction((tx) =>
        env.app.puertos.notifications.guardarCanales(tx, otra, ayudante, CANALES_POR_OMISION),
      ),
    ).rejects.toMatchObject({ code: 'NO_ENCONTRADO' });
    expect(await canales(ayudante)).toEqual(eleccion);
    // Saved again: the new choice replaces the old one entirely.
    await env.database.db.transaction((tx) =>
      env.app.puertos.notifications.guardarCanales(tx, demo, ayudante, CANALES_POR_OMISION),
    );
    expect(await canales(ayudante)).toEqual(CANALES_POR_OMISION);
  });

  it('con la app apagada se guarda, pero no se lista, no cuenta como no leída, no se marca ni se anuncia', async () => {
    await elegir(operario, { ORDEN_ASIGNADA: { app: false } });
    const id = await crearOrden('Tablero', [operario]);
    const guardadas = await filas(id, operario);
    expect(guardadas).toEqual([expect.objectContaining({ tipo: 'ORDEN_ASIGNADA', oculta: true, whatsapp: false })]);
    const propias = await lista('operario');
    expect(propias.map((n) => n.id)).not.toContain(guardadas[0]!.id);
    expect(propias.filter((n) => !n.leida).map((n) => n.id)).not.toContain(guardadas[0]!.id);
    expect(creadas(operario)).toEqual([]);
    expect((await pedir('PUT', `/api/v2/notificaciones/leida/${guardadas[0]!.id}`, 'operario')).statusCode).toBe(404);
    // Push is still on: it goes (the open socket shows nothing of it).
    expect(pushes.map((p) => p.payload.id)).toEqual([guardadas[0]!.id]);
    // Another kind still shows in the app.
    await cambiarEstado(id, ESTADO.EN_PROCESO);
    expect((await lista('operario')).filter((n) => n.ordenId === id).map((n) => n.tipo)).toEqual(['ORDEN_ESTADO']);
    expect(creadas(operario)).toHaveLength(1);
  });

  it('con push apagado no hay push; la app sigue', async () => {
    await elegir(operario, { ORDEN_ESTADO: { push: false } });
    const id = await crearOrden('Bomba', [operario]);
    expect(pushes).toHaveLength(1); // the assignment, still with push
    pushes.length = 0;
    await cambiarEstado(id, ESTADO.EN_PROCESO);
    expect((await lista('operario')).filter((n) => n.ordenId === id).map((n) => n.tipo)).toEqual([
      'ORDEN_ESTADO',
      'ORDEN_ASIGNADA',
    ]);
    expect(creadas(operario).map((e) => e.notificacion.tipo)).toEqual(['ORDEN_ASIGNADA', 'ORDEN_ESTADO']);
    expect(pushes).toEqual([]);
  });

  it('con correo en «asignada a usted»: un correo en la bandeja con el número, el título y el enlace; nunca sin dirección', async () => {
    await elegir(operario, { ORDEN_ASIGNADA: { correo: true } });
    await elegir(ayudante, { ORDEN_ASIGNADA: { correo: true } }); // Lucía has no email
    const id = await crearOrden('Portón <b>trabado</b>', [operario, ayudante]);
    const numero = (await ok<OrdenDetalle>(pedir('GET', `/api/v3/ordenDTO/${id}`))).numero;
    const recibidos = await correos('diego@demo.example.com');
    expect(recibidos).toHaveLength(1);
    const c = recibidos[0]!;
    expect(c.tipo).toBe('aviso');
    expect(c.asunto).toBe(`Nueva orden asignada: #${numero}`);
    expect(c.texto).toContain('Hola, Diego:');
    expect(c.texto).toContain(`Orden #${numero}: «Portón <b>trabado</b>».`);
    expect(c.texto).toContain(`Ver la orden: ${testConfig().publicUrl}/orden/${id}\n`);
    expect(c.html).toContain('Portón &lt;b&gt;trabado&lt;/b&gt;');
    expect(c.html).not.toContain('<b>trabado</b>');
    expect(c.texto).toContain('eligió recibir por correo los avisos de órdenes asignadas a usted');
    const sinDireccion = await env.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from correo_salida where tipo = 'aviso' and para not in ('diego@demo.example.com')`,
    );
    expect(sinDireccion.rows[0]?.n).toBe(0);
    // The state change is not chosen for mail: nothing more.
    await cambiarEstado(id, ESTADO.EN_PROCESO);
    expect(await correos('diego@demo.example.com')).toHaveLength(1);
  });

  it('los correos de avisos tienen su tope por dirección en 24 h: pasado, solo la notificación', async () => {
    await env.database.db.execute(sql`delete from correo_salida where para = 'diego@demo.example.com'`);
    await elegir(operario, { ORDEN_ASIGNADA: { correo: true } });
    // 29 of the kind within the day: the 30th goes, the 31st does not.
    await env.database.db.execute(sql`
      insert into correo_salida (entidad_id, tipo, para, asunto, html, texto, message_id, proximo_intento, creado)
      select ${demo}, 'aviso', 'diego@demo.example.com', 'Aviso', '<p>Aviso</p>', 'Aviso', 'tope-' || g || '@prueba',
             ${LUNES_9.toISOString()}::timestamptz, ${LUNES_9.toISOString()}::timestamptz
        from generate_series(1, 29) g`);
    await crearOrden('Trigésima', [operario]);
    expect(await correos('diego@demo.example.com')).toHaveLength(30);
    const id = await crearOrden('Trigésima primera', [operario]);
    expect(await correos('diego@demo.example.com')).toHaveLength(30);
    expect((await lista('operario')).filter((n) => n.ordenId === id).map((n) => n.tipo)).toEqual(['ORDEN_ASIGNADA']);
    await env.database.db.execute(sql`delete from correo_salida where para = 'diego@demo.example.com'`);
  });

  it('aviso.creado sale exactamente cuando se eligió WhatsApp, una vez por notificación', async () => {
    await elegir(operario, { ORDEN_ASIGNADA: { whatsapp: true } });
    const id = await crearOrden('Filtración', [operario, ayudante]);
    const [guardada] = await filas(id, operario);
    expect(avisosCreados()).toEqual([
      {
        type: 'aviso.creado',
        entidadId: demo,
        usuarioId: operario,
        notificacionId: guardada!.id,
        tipo: 'ORDEN_ASIGNADA',
        ordenId: id,
        titulo: expect.stringMatching(/^Nueva orden asignada: #\d+$/),
        mensaje: 'Filtración',
      },
    ]);
    expect(guardada?.whatsapp).toBe(true);
    expect((await filas(id, ayudante))[0]?.whatsapp).toBe(false);
    // A kind without WhatsApp: nothing.
    await cambiarEstado(id, ESTADO.EN_PROCESO);
    expect(avisosCreados()).toHaveLength(1);
    await elegir(operario, { ORDEN_ASIGNADA: { whatsapp: false } });
    await crearOrden('Sin WhatsApp', [operario]);
    expect(avisosCreados()).toHaveLength(1);
  });

  it('avisosWhatsappDesde: las elegidas para WhatsApp desde un instante, de toda empresa, la más vieja primero', async () => {
    const desde = new Date(LUNES_9.getTime() + 5 * 60_000);
    env.clock.t = desde;
    await elegir(operario, { ORDEN_ASIGNADA: { whatsapp: true } });
    await elegir(ajeno, { ORDEN_ASIGNADA: { whatsapp: true } }, otra);
    const primera = await crearOrden('Primera', [operario]);
    env.clock.advance(60_000);
    // The other company's owner assigns to themself: no notification (whoever did it is not told),
    // so a colleague of theirs assigns.
    const colega = await makeUsuario(env.database.db, {
      entidadId: otra,
      usuario: 'colega',
      nombre: 'Colega',
      roles: ['ADMIN'],
      permisos: PERMISOS_GLOBALES,
    });
    expect(colega).toBeGreaterThan(0);
    const ajena = await crearOrden('De la otra', [ajeno], clienteAjeno, 'colega');
    env.clock.advance(60_000);
    const tercera = await crearOrden('Tercera', [operario]);
    const todas = await env.app.puertos.notifications.avisosWhatsappDesde(env.database.db, desde, 10);
    expect(todas.map((a) => [a.entidadId, a.usuarioId, a.ordenId, a.tipo])).toEqual([
      [demo, operario, primera, 'ORDEN_ASIGNADA'],
      [otra, ajeno, ajena, 'ORDEN_ASIGNADA'],
      [demo, operario, tercera, 'ORDEN_ASIGNADA'],
    ]);
    expect(todas[0]).toMatchObject({ titulo: expect.stringContaining('Nueva orden asignada'), mensaje: 'Primera' });
    // Each of them was announced too.
    expect(avisosCreados().map((a) => a.notificacionId)).toEqual(todas.map((a) => a.notificacionId));
    const dos = await env.app.puertos.notifications.avisosWhatsappDesde(env.database.db, desde, 2);
    expect(dos.map((a) => a.ordenId)).toEqual([primera, ajena]);
    const despues = await env.app.puertos.notifications.avisosWhatsappDesde(
      env.database.db,
      new Date(desde.getTime() + 90_000),
      10,
    );
    expect(despues.map((a) => a.ordenId)).toEqual([tercera]);
    env.clock.t = LUNES_9;
  });

  it('otra empresa no ve nada: ni las notificaciones, ni las elecciones, ni las puede marcar', async () => {
    await elegir(operario, { ORDEN_ESTADO: { correo: true } });
    const id = await crearOrden('Privada', [operario]);
    const deDemo = (await lista('operario')).filter((n) => n.ordenId === id);
    expect(deDemo).toHaveLength(1);
    const suyas = await lista('ajeno');
    expect(suyas.map((n) => n.id)).not.toContain(deDemo[0]!.id);
    expect(suyas.every((n) => n.ordenId !== id)).toBe(true);
    expect((await pedir('PUT', `/api/v2/notificaciones/leida/${deDemo[0]!.id}`, 'ajeno')).statusCode).toBe(404);
    expect(await canales(operario, otra)).toEqual(CANALES_POR_OMISION);
    expect(await ok(pedir('GET', '/api/v4/sla/avisos', 'ajeno'))).toEqual({ correo: false });
    expect(await correos('otro@otra.example.com')).toEqual([]);
  });
});

describe('el correo de los avisos de nivel de servicio', () => {
  let orden = 0;

  beforeAll(async () => {
    env.clock.t = LUNES_9;
    await ok(
      pedir('POST', '/api/v4/sla/politicas', 'admin', {
        nombre: 'Banco: respuesta en una hora',
        clienteId: clienteSla,
        respuesta: { cantidad: 1, unidad: 'horas' },
      }),
    );
  });

  it('es una sola celda: la ruta vieja y el puerto leen y escriben SLA_POR_VENCER.correo', async () => {
    await elegir(operario, { ORDEN_ASIGNADA: { app: false, whatsapp: true } });
    expect(await ok(pedir('PUT', '/api/v4/sla/avisos', 'operario', { correo: true }))).toEqual({ correo: true });
    const c = await canales(operario);
    expect(c.SLA_POR_VENCER).toEqual({ ...CANALES_POR_OMISION.SLA_POR_VENCER, correo: true });
    // The rest of the user's choice is as it was.
    expect(c.ORDEN_ASIGNADA).toEqual({ app: false, push: true, correo: false, whatsapp: true });
    await elegir(operario, { SLA_POR_VENCER: { correo: false } });
    expect(await ok(pedir('GET', '/api/v4/sla/avisos', 'operario'))).toEqual({ correo: false });
    expect((await pedir('PUT', '/api/v4/sla/avisos', 'operario', { correo: 'sí' })).statusCode).toBe(400);
    expect((await canales(operario)).SLA_POR_VENCER.correo).toBe(false);
  });

  it('un aviso al 80 % manda un correo, no dos, y sale por WhatsApp', async () => {
    await env.database.db.transaction((tx) =>
      env.app.puertos.notifications.guardarCanales(tx, demo, operario, CANALES_POR_OMISION),
    );
    await ok(pedir('PUT', '/api/v4/sla/avisos', 'operario', { correo: true }));
    await elegir(operario, { SLA_POR_VENCER: { whatsapp: true } });
    orden = await crearOrden('Cajero sin luz', [operario], clienteSla);
    eventos.length = 0;
    const antes = await correos('diego@demo.example.com');
    env.clock.t = new Date(LUNES_9.getTime() + 0.85 * H);
    expect((await env.app.puertos.sla.escanear()).avisos).toBe(1);
    await quieto();
    const recibidos = (await correos('diego@demo.example.com')).filter((c) => c.tipo === 'aviso_sla');
    expect(antes.filter((c) => c.tipo === 'aviso_sla')).toEqual([]);
    expect(recibidos).toHaveLength(1);
    expect(recibidos[0]?.asunto).toContain('80 %');
    expect(recibidos[0]?.texto).toContain(`Ver la orden: ${testConfig().publicUrl}/orden/${orden}\n`);
    expect(recibidos[0]?.texto).toContain('los avisos de nivel de servicio');
    // The order's own mails (none chosen) are as they were: only the warning's.
    expect(await correos('diego@demo.example.com')).toHaveLength(antes.length + 1);
    expect(avisosCreados().map((a) => [a.usuarioId, a.tipo, a.ordenId])).toEqual([[operario, 'SLA_POR_VENCER', orden]]);
  });

  it('el incumplimiento sigue al correo del «SLA por vencer», pero nunca sale por WhatsApp', async () => {
    env.clock.t = new Date(LUNES_9.getTime() + 1.5 * H);
    expect((await env.app.puertos.sla.escanear()).incumplidas).toBe(1);
    await quieto();
    const recibidos = (await correos('diego@demo.example.com')).filter((c) => c.tipo === 'aviso_sla');
    expect(recibidos.map((c) => c.asunto)).toEqual([
      expect.stringContaining('80 %'),
      expect.stringContaining('no cumplió'),
    ]);
    expect((await filas(orden, operario)).filter((f) => f.tipo === 'SLA_INCUMPLIDO')).toEqual([
      expect.objectContaining({ oculta: false, whatsapp: false }),
    ]);
    expect(avisosCreados()).toEqual([]);
    expect((await lista('operario')).filter((n) => n.ordenId === orden).map((n) => n.tipo)).toEqual([
      'SLA_INCUMPLIDO',
      'SLA_POR_VENCER',
      'ORDEN_ASIGNADA',
    ]);
    env.clock.t = LUNES_9;
  });
});
