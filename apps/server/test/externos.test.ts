import { randomUUID } from 'node:crypto';
import {
  MENSAJES_EXTERNO,
  type EnlaceExterno,
  type EnlacesExternosOrden,
  type EventoOrden,
  type OrdenDetalle,
  type RegistroOrden,
  type VistaExterno,
} from '@delego/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { multipart } from './multipart.js';
import { PUBLIC_URL, fixtureSolicitudes, imagen, llamar, type FixtureSolicitudes } from './solicitudes-fixture.js';

/**
 * Contractor links (issue 33 part 2, docs/EXTERNOS.md), on both engines: handing an order over
 * (who may, bad input, one open link per order, the mail), the outsider's acts under «Externo:
 * nombre» (accept, state, hours, a photo, replays), rejecting, revoking (also as seen by a second
 * instance on the same database), expiring 30 days after the order is finished and renewing, and
 * the hidden user staying out of every list of users and out of the login.
 */
let f: FixtureSolicitudes;
let api: ReturnType<typeof llamar>;
const DIA = 86_400_000;

beforeAll(async () => {
  f = await fixtureSolicitudes();
  api = llamar(f);
}, 60_000);
afterAll(async () => {
  await f?.close();
});

/** A call with a contractor link as credential. */
function comoExterno(k: string, app: FastifyInstance = f.env.app) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Externo ${k}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

const tokenDe = (url: string | null) => {
  const m = new RegExp(`^${PUBLIC_URL}/externo/([A-Za-z0-9_-]{43})$`).exec(url ?? '');
  if (!m?.[1]) throw new Error(`sin token en ${String(url)}`);
  return m[1];
};

async function nuevaOrden(titulo: string, quien = 'supervisor', cliente = f.cli[0]): Promise<number> {
  const r = await api('POST', '/api/v2/ordenes/save', quien, { titulo, cliente });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { id: number }).id;
}

async function entregar(ordenId: number, body: object, quien = 'supervisor'): Promise<EnlaceExterno> {
  const r = await api('POST', `/api/v4/externos/orden/${ordenId}`, quien, body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as EnlaceExterno;
}

const historial = async (ordenId: number) =>
  (await api('GET', `/api/v2/historial/detalle/${ordenId}`, 'admin')).json() as EventoOrden[];

const responsables = async (ordenId: number) =>
  (
    await f.env.database.db.execute<{ usuario_id: number }>(
      sql`select usuario_id from orden_responsables where orden_id = ${ordenId} order by usuario_id`,
    )
  ).rows.map((r) => r.usuario_id);

describe('handing an order over', () => {
  it('creates the link, mails it, makes the outsider a responsable and writes it in the history', async () => {
    const id = await nuevaOrden('Cambiar tablero <b>eléctrico</b>');
    const e = await entregar(id, {
      nombre: 'Juan <i>Contratista</i>',
      email: 'juan@contratistas.example.com',
      whatsapp: '011 15 2345-6789',
      mensaje: 'Llevar escalera',
    });
    expect(e).toMatchObject({
      ordenId: id,
      nombre: 'Juan <i>Contratista</i>',
      email: 'juan@contratistas.example.com',
      whatsapp: '+5491123456789',
      respuesta: 'pendiente',
      activo: true,
      vence: null,
      revocado: null,
      creadoPor: 'Carla Ruiz',
      correoEnviado: true,
    });
    const k = tokenDe(e.url);
    expect(e.compartirWhatsapp).toMatch(/^https:\/\/wa\.me\/5491123456789\?text=/);
    expect(decodeURIComponent(e.compartirWhatsapp ?? '')).toContain(e.url);
    // The mail: to the outsider, with the link; the company's name as the sender.
    const correos = (
      await f.env.database.db.execute<{ para: string; asunto: string; texto: string }>(
        sql`select para, asunto, texto from correo_salida where tipo = 'externo'`,
      )
    ).rows;
    expect(correos).toHaveLength(1);
    expect(correos[0]!.para).toBe('juan@contratistas.example.com');
    expect(correos[0]!.texto).toContain(`${PUBLIC_URL}/externo/${k}`);
    expect(correos[0]!.texto).toContain('Llevar escalera');
    // One more responsable (the creator is none): the hidden user named «Externo: …».
    const rs = await responsables(id);
    expect(rs).toHaveLength(1);
    const oculto = (
      await f.env.database.db.execute<{
        nombre: string;
        externo: boolean;
        email: string | null;
        password_hash: string | null;
      }>(sql`select nombre, externo, email, password_hash from usuarios where id = ${rs[0]!} and externo`)
    ).rows;
    expect(oculto).toEqual([
      { nombre: 'Externo: Juan <i>Contratista</i>', externo: true, email: null, password_hash: null },
    ]);
    const h = await historial(id);
    expect(h.map((x) => x.descripcion)).toContain('Entregó la orden a Externo: Juan <i>Contratista</i> por un enlace');
    // The list of the order: the link, and no second hand-over while it is open.
    const lista = (await api('GET', `/api/v4/externos/orden/${id}`, 'supervisor')).json() as EnlacesExternosOrden;
    expect(lista.enlaces.map((x) => x.id)).toEqual([e.id]);
    expect(lista.puedeEntregar).toBe(false);
    const otra = await api('POST', `/api/v4/externos/orden/${id}`, 'admin', {
      nombre: 'Otro',
      email: 'o@x.example.com',
    });
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toMatchObject({ message: MENSAJES_EXTERNO.yaEntregada });
  });

  it('refuses bad input with the field and a Spanish reason, and changes nothing', async () => {
    const id = await nuevaOrden('Entrada inválida');
    const casos: [object, string, RegExp][] = [
      [{ nombre: '', email: 'a@b.example.com' }, 'nombre', /obligatorio/],
      [{ nombre: 'Ana' }, 'email', /email o un número de WhatsApp/],
      [{ nombre: 'Ana', email: 'no-es-un-email' }, 'email', /no es una dirección válida/],
      [{ nombre: 'Ana', whatsapp: '12' }, 'whatsapp', /.+/],
      [{ nombre: 'x'.repeat(121), email: 'a@b.example.com' }, 'nombre', /hasta 120/],
    ];
    for (const [body, campo, motivo] of casos) {
      const r = await api('POST', `/api/v4/externos/orden/${id}`, 'supervisor', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      const j = r.json() as { field: string; message: string };
      expect(j.field).toBe(campo);
      expect(j.message).toMatch(motivo);
    }
    expect((await api('GET', `/api/v4/externos/orden/${id}`, 'supervisor')).json()).toMatchObject({
      enlaces: [],
      puedeEntregar: true,
    });
    expect(await responsables(id)).toHaveLength(0);
  });

  it('only who may delegate for the client hands over; another company does not see the order', async () => {
    const id = await nuevaOrden('Permisos', 'admin');
    const body = { nombre: 'Ana', email: 'ana@x.example.com' };
    // The operario may edit Clínica's orders but not delegate them.
    const op = await api('POST', `/api/v4/externos/orden/${id}`, 'operario', body);
    expect(op.statusCode).toBe(403);
    expect(op.json()).toMatchObject({ message: MENSAJES_EXTERNO.sinDelegar });
    expect((await api('GET', `/api/v4/externos/orden/${id}`, 'operario')).json()).toMatchObject({
      puedeEntregar: false,
    });
    for (const u of ['otra']) {
      expect((await api('POST', `/api/v4/externos/orden/${id}`, u, body)).statusCode).toBe(404);
      expect((await api('GET', `/api/v4/externos/orden/${id}`, u)).statusCode).toBe(404);
    }
    const e = await entregar(id, body, 'admin');
    expect((await api('POST', `/api/v4/externos/${e.id}/revocar`, 'otra')).statusCode).toBe(404);
    expect((await api('POST', `/api/v4/externos/${e.id}/renovar`, 'otra')).statusCode).toBe(404);
    expect((await api('POST', `/api/v4/externos/${e.id}/revocar`, 'operario')).statusCode).toBe(403);
    // A finished order cannot be handed over.
    const fin = await nuevaOrden('Terminada', 'admin');
    await api('PUT', `/api/v2/estado/${fin}`, 'admin', { estado: 4, comentarios: 'Listo' });
    const r = await api('POST', `/api/v4/externos/orden/${fin}`, 'admin', body);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ message: MENSAJES_EXTERNO.ordenCerrada });
  });

  it('two hand-overs of one order at the same time: one link', async () => {
    const id = await nuevaOrden('A la vez', 'admin');
    const rs = await Promise.all(
      ['a', 'b', 'c'].map((x) =>
        api('POST', `/api/v4/externos/orden/${id}`, 'admin', { nombre: x, email: `${x}@x.example.com` }),
      ),
    );
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(
      ((await api('GET', `/api/v4/externos/orden/${id}`, 'admin')).json() as EnlacesExternosOrden).enlaces,
    ).toHaveLength(1);
  });
});

describe('the outsider', () => {
  let id: number;
  let k: string;
  let x: ReturnType<typeof comoExterno>;

  beforeAll(async () => {
    id = await nuevaOrden('Pintar fachada');
    k = tokenDe((await entregar(id, { nombre: 'Pintores Sur', email: 'pintores@sur.example.com' })).url);
    x = comoExterno(k);
  });

  it('sees the order, must accept before working, and works it as «Externo: nombre»', async () => {
    const v = (await x('GET', '/api/v4/externo')).json() as VistaExterno;
    expect(v.orden).toMatchObject({ id, titulo: 'Pintar fachada', cliente: 'Clínica San Martín', estadoId: 1 });
    expect(v.empresa.nombre).toBe('Demo <b>Servicios</b>');
    expect(v.externo).toMatchObject({ nombre: 'Pintores Sur', respuesta: 'pendiente', vence: null });
    expect(v.estadosSiguientes).toEqual([]);
    const antes = await x('PUT', `/api/v2/estado/${id}`, { estado: 2, comentarios: 'Listo' });
    expect(antes.statusCode).toBe(409);
    expect(antes.json()).toMatchObject({ message: MENSAJES_EXTERNO.sinAceptar });

    const a = (await x('POST', '/api/v4/externo/aceptar')).json() as VistaExterno;
    expect(a.externo.respuesta).toBe('aceptada');
    // Who handed it over hears of it.
    const avisos = (await api('GET', '/api/v2/notificaciones/all', 'supervisor')).json() as {
      tipo: string;
      titulo: string;
    }[];
    expect(avisos.filter((n) => n.tipo === 'EXTERNO_RESPONDIO').map((n) => n.titulo)).toEqual([
      'Externo: Pintores Sur aceptó la orden #' + String(v.orden.numero),
    ]);
    expect(a.estadosSiguientes).toEqual([2, 3, 4, 5]);
    expect((await x('POST', '/api/v4/externo/aceptar')).statusCode).toBe(409);

    // A state change with a comment, sent twice with the same key (a retry): applied once.
    const clave = randomUUID();
    const cabeceras = { 'idempotency-key': clave };
    const c1 = await x('PUT', `/api/v2/estado/${id}`, { estado: 2, comentarios: 'Arranco <mañana>' }, cabeceras);
    const c2 = await x('PUT', `/api/v2/estado/${id}`, { estado: 2, comentarios: 'Arranco <mañana>' }, cabeceras);
    expect(c1.statusCode, c1.body).toBe(200);
    expect(c2.statusCode).toBe(200);
    expect(c2.headers['idempotency-replayed']).toBe('true');
    // Hours of their own.
    const horas = await x('PUT', `/api/v2/registro-gastos/${id}`, {
      horas: [{ fecha: f.env.clock.now().getTime(), horas: 2, minutos: 30, descripcion: 'Primera mano' }],
    });
    expect(horas.statusCode, horas.body).toBe(200);
    // And an expense.
    const gasto = await x('PUT', `/api/v2/registro-gastos/${id}`, {
      gastos: [{ fecha: f.env.clock.now().getTime(), concepto: 'Pintura látex 20 l', monto: 45999.5 }],
    });
    expect(gasto.statusCode, gasto.body).toBe(200);
    // Not for someone else.
    const ajenas = await x('PUT', `/api/v2/registro-gastos/${id}`, {
      horas: [{ fecha: f.env.clock.now().getTime(), horas: 1, minutos: 0, usuarioId: f.u.supervisor }],
    });
    expect(ajenas.statusCode).toBeGreaterThanOrEqual(400);
    // A photo.
    const m = multipart([
      { name: 'archivos', filename: 'fachada.jpg', content: await imagen('jpeg'), type: 'image/jpeg' },
    ]);
    const up = await x('POST', `/api/v2/archivos/${id}/add`, undefined, { ...m.headers });
    // inject() needs the payload as a Buffer: call it directly.
    expect(up.statusCode).toBeGreaterThanOrEqual(400);
    const subida = await f.env.app.inject({
      method: 'POST',
      url: `/api/v2/archivos/${id}/add`,
      headers: { authorization: `Externo ${k}`, ...m.headers },
      payload: m.payload,
    });
    expect(subida.statusCode, subida.body).toBe(200);
    const lista = await x('GET', `/api/v2/archivos/${id}`);
    expect(lista.statusCode).toBe(200);
    expect(JSON.stringify(lista.json())).toContain('fachada.jpg');
    // Removing files is not what the link is for: the list says so, and neither body removes one.
    const subido = (lista.json() as { id: number; nombre: string; puedeEliminar: boolean }[]).find(
      (a) => a.nombre === 'fachada.jpg',
    )!;
    expect(subido.puedeEliminar).toBe(false);
    const quitar = await x('POST', `/api/v2/archivos/${id}/add`, { archivosBorrados: [subido.id] });
    expect(quitar.statusCode).toBe(403);
    const conFoto = multipart([
      { name: 'archivosBorrados', value: String(subido.id) },
      { name: 'archivos', filename: 'otra.jpg', content: await imagen('jpeg'), type: 'image/jpeg' },
    ]);
    const quitarEnMultipart = await f.env.app.inject({
      method: 'POST',
      url: `/api/v2/archivos/${id}/add`,
      headers: { authorization: `Externo ${k}`, ...conFoto.headers },
      payload: conFoto.payload,
    });
    expect(quitarEnMultipart.statusCode, quitarEnMultipart.body).toBe(403);
    expect(quitarEnMultipart.json()).toMatchObject({
      message: 'Con este enlace se pueden agregar archivos, no quitarlos.',
    });
    const despues = (await x('GET', `/api/v2/archivos/${id}`)).json() as { nombre: string }[];
    expect(despues.map((a) => a.nombre).sort()).toEqual(['fachada.jpg']);

    // The company sees all of it under «Externo: Pintores Sur», once.
    const h = await historial(id);
    const suyos = h.filter((e) => e.usuario.nombre === 'Externo: Pintores Sur');
    expect(suyos.map((e) => e.tipo).sort()).toEqual(['ARCHIVO_AGREGADO', 'ESTADO', 'EXTERNO', 'GASTO', 'HORAS']);
    expect(suyos.find((e) => e.tipo === 'ESTADO')?.comentario).toBe('Arranco <mañana>');
    const v2 = (await x('GET', '/api/v4/externo')).json() as VistaExterno;
    expect(v2.orden.estadoId).toBe(2);
    expect(v2.horas).toEqual([expect.objectContaining({ horas: 2, minutos: 30, descripcion: 'Primera mano' })]);
    expect(v2.gastos).toEqual([
      expect.objectContaining({ concepto: 'Pintura látex 20 l', monto: 45999.5, moneda: 'ARS' }),
    ]);
    expect(v2.historial[0]).toMatchObject({ quien: 'Externo: Pintores Sur', comentario: 'Arranco <mañana>' });
  });

  it('answers the order checklist; a required item left open keeps the order from being finished', async () => {
    const item = await api('POST', `/api/v2/checklist/orden/${id}/item`, 'admin', {
      etiqueta: 'Superficie lijada',
      tipo: 'tick',
      requerido: true,
    });
    expect(item.statusCode, item.body).toBe(200);
    const v = (await x('GET', '/api/v4/externo')).json() as VistaExterno;
    expect(v.tieneChecklist).toBe(true);
    const ck = await x('GET', `/api/v2/checklist/orden/${id}`);
    expect(ck.statusCode, ck.body).toBe(200);
    const { items } = ck.json() as { items: { id: number; etiqueta: string }[] };
    const itemId = items.find((i) => i.etiqueta === 'Superficie lijada')!.id;
    const bloqueada = await x('PUT', `/api/v2/estado/${id}`, { estado: 4, comentarios: 'Listo' });
    expect(bloqueada.statusCode).toBe(409);
    expect(bloqueada.json()).toMatchObject({ code: 'TRANSICION_BLOQUEADA' });
    const r = await x('PUT', `/api/v2/checklist/orden/${id}/item/${itemId}`, { tipo: 'tick', marcado: true });
    expect(r.statusCode, r.body).toBe(200);
    const despues = (await api('GET', `/api/v2/checklist/orden/${id}`, 'admin')).json() as {
      items: { id: number; respuesta: { marcado: boolean; por: { nombre: string } } | null }[];
    };
    expect(despues.items.find((i) => i.id === itemId)?.respuesta).toMatchObject({
      marcado: true,
      por: { nombre: 'Externo: Pintores Sur' },
    });
    // Adding items to the checklist is the company's.
    const agregar = await x('POST', `/api/v2/checklist/orden/${id}/item`, { etiqueta: 'Otro', tipo: 'tick' });
    expect(agregar.statusCode).toBe(404);
  });

  it('what a change answers shows no more than the link: not the others’ hours, logins nor billing data', async () => {
    const orden = await nuevaOrden('Revisar bomba');
    const ahora = f.env.clock.now().getTime();
    const propio = await api('PUT', `/api/v2/registro-gastos/${orden}`, 'admin', {
      horas: [{ fecha: ahora, horas: 3, minutos: 0, descripcion: 'HORAS-DEL-PERSONAL' }],
      gastos: [{ fecha: ahora, concepto: 'GASTO-DEL-PERSONAL', monto: 777 }],
    });
    expect(propio.statusCode, propio.body).toBe(200);
    const fact = await api('POST', `/api/v2/datosFacturacion/${orden}`, 'admin', {
      datosFacturacion: {
        razonSocial: 'RAZON-SOCIAL-DEL-CLIENTE',
        cuit: '20-12345678-6',
        condicionIva: 'Consumidor Final',
        domicilioFiscal: 'Calle Falsa 123',
        email: 'facturas@cliente.example.com',
      },
    });
    expect(fact.statusCode, fact.body).toBe(200);
    const y = comoExterno(
      tokenDe((await entregar(orden, { nombre: 'Bombas Norte', email: 'b@norte.example.com' })).url),
    );
    expect((await y('POST', '/api/v4/externo/aceptar')).statusCode).toBe(200);
    const ajeno = [
      'HORAS-DEL-PERSONAL',
      'GASTO-DEL-PERSONAL',
      'RAZON-SOCIAL-DEL-CLIENTE',
      '20-12345678-6',
      'facturas@',
    ];

    const estado = await y('PUT', `/api/v2/estado/${orden}`, { estado: 2, comentarios: 'Voy' });
    expect(estado.statusCode, estado.body).toBe(200);
    const d = estado.json() as OrdenDetalle;
    expect(d.estado.id).toBe(2);
    expect(d.datosFacturacion ?? null).toBeNull();
    expect(d.registroResponsable.usuario).toBe('');
    expect(d.responsables.map((p) => p.usuario)).not.toContain('supervisor');
    for (const x of [...ajeno, '"supervisor"', '"admin"', 'externo.']) expect(estado.body, x).not.toContain(x);

    const horas = await y('PUT', `/api/v2/registro-gastos/${orden}`, {
      horas: [{ fecha: ahora, horas: 1, minutos: 15, descripcion: 'Diagnóstico' }],
    });
    expect(horas.statusCode, horas.body).toBe(200);
    const r = horas.json() as RegistroOrden;
    expect(r.horas.map((h) => h.descripcion)).toEqual(['Diagnóstico']);
    expect(r.gastos).toEqual([]);
    expect(r.totales).toEqual({ minutos: 75, horas: '1:15', gastos: [] });
    for (const x of [...ajeno, '"admin"']) expect(horas.body, x).not.toContain(x);
    // The company still sees all of it.
    const todo = (await api('GET', `/api/v2/registro-gastos/${orden}`, 'admin')).json() as RegistroOrden;
    expect(todo.horas.map((h) => h.descripcion).sort()).toEqual(['Diagnóstico', 'HORAS-DEL-PERSONAL']);
    expect(todo.gastos.map((g) => g.concepto)).toEqual(['GASTO-DEL-PERSONAL']);
  });

  it('reaches only its order: another order of the company is 404 on every allowed route', async () => {
    const otra = await nuevaOrden('Otra orden de la empresa');
    for (const [m, url] of [
      ['PUT', `/api/v2/estado/${otra}`],
      ['GET', `/api/v2/archivos/${otra}`],
      ['PUT', `/api/v2/registro-gastos/${otra}`],
      ['GET', `/api/v2/checklist/orden/${otra}`],
      ['GET', `/api/v2/orden/${id}`],
      ['GET', `/api/v2/registro-gastos/${id}`],
      ['GET', '/api/v2/usuarios'],
    ] as const) {
      const r = await x(m, url, m === 'GET' ? undefined : { estado: 3, comentarios: 'Listo' });
      expect(r.statusCode, `${m} ${url}`).toBe(404);
    }
    expect((await historial(otra)).some((e) => e.usuario.nombre.startsWith('Externo'))).toBe(false);
  });

  it('the hidden user is in no list of users, no picker and cannot log in', async () => {
    const ocultos = (
      await f.env.database.db.execute<{ id: number; usuario: string }>(
        sql`select id, usuario from usuarios where externo`,
      )
    ).rows;
    expect(ocultos.length).toBeGreaterThan(0);
    const usuarios = JSON.stringify((await api('GET', '/api/v2/usuarios', 'admin')).json());
    const disponibles = JSON.stringify((await api('GET', `/api/v2/responsables/disponibles/${id}`, 'admin')).json());
    for (const o of ocultos) {
      expect(usuarios).not.toContain(o.usuario);
      expect(disponibles).not.toContain('Externo');
      expect((await api('GET', `/api/v4/usuario/${o.id}`, 'admin')).statusCode).toBe(404);
      const login = await f.env.app.inject({
        method: 'GET',
        url: '/api/v4/login',
        headers: { authorization: `${o.usuario}#x` },
      });
      expect(login.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(usuarios).not.toContain('Externo');
  });

  it('counts in the scorecard as «Externo: nombre» once the order is finished', async () => {
    const fin = await x('PUT', `/api/v2/estado/${id}`, { estado: 4, comentarios: 'Terminado' });
    expect(fin.statusCode, fin.body).toBe(200);
    const ahora = f.env.clock.now().getTime();
    const r = await api('POST', '/api/v2/estadisticas/responsables/desempeno', 'admin', {
      fechaDesde: ahora - DIA,
      fechaHasta: ahora + DIA,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(JSON.stringify(r.json())).toContain('Externo: Pintores Sur');
  });
});

describe('rejecting, revoking, expiring', () => {
  it('a rejection takes the outsider off the order; the link then only shows it', async () => {
    const id = await nuevaOrden('Cambiar cerradura');
    const k = tokenDe((await entregar(id, { nombre: 'Cerrajero', whatsapp: '+54 9 351 555-1234' })).url);
    const x = comoExterno(k);
    expect(await responsables(id)).toHaveLength(1);
    const sinMotivo = await x('POST', '/api/v4/externo/rechazar', { motivo: ' ' });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json()).toMatchObject({ field: 'motivo' });
    const r = await x('POST', '/api/v4/externo/rechazar', { motivo: 'No llego esta semana' });
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as VistaExterno).externo).toMatchObject({
      respuesta: 'rechazada',
      motivo: 'No llego esta semana',
    });
    expect(await responsables(id)).toHaveLength(0);
    const cambio = await x('PUT', `/api/v2/estado/${id}`, { estado: 2, comentarios: 'Listo' });
    expect(cambio.statusCode).toBe(409);
    expect(cambio.json()).toMatchObject({ message: MENSAJES_EXTERNO.rechazada });
    expect((await x('GET', `/api/v2/archivos/${id}`)).statusCode).toBe(409);
    expect((await x('GET', '/api/v4/externo')).statusCode).toBe(200);
    const lista = (await api('GET', `/api/v4/externos/orden/${id}`, 'supervisor')).json() as EnlacesExternosOrden;
    expect(lista.enlaces[0]).toMatchObject({
      respuesta: 'rechazada',
      motivo: 'No llego esta semana',
      activo: false,
      url: null,
    });
    // It can be handed to someone else now.
    expect(lista.puedeEntregar).toBe(true);
    const h = await historial(id);
    expect(h.find((e) => e.descripcion === 'Rechazó la orden')).toMatchObject({
      usuario: expect.objectContaining({ nombre: 'Externo: Cerrajero' }),
      comentario: 'No llego esta semana',
    });
  });

  it('the company’s changes notify the order’s people but store nothing for the hidden user, who has no inbox', async () => {
    const id = await nuevaOrden('Revisar tablero');
    const x = comoExterno(tokenDe((await entregar(id, { nombre: 'Tableros SA', email: 'tab@x.example.com' })).url));
    expect((await x('POST', '/api/v4/externo/aceptar')).statusCode).toBe(200);
    const [oculto] = await responsables(id);
    const con = await api('PUT', `/api/v3/responsable/${id}`, 'admin', { responsable: [oculto, f.u.operario] });
    expect(con.statusCode, con.body).toBe(200);
    const estado = await api('PUT', `/api/v2/estado/${id}`, 'admin', { estado: 2, comentarios: 'Arrancamos' });
    expect(estado.statusCode, estado.body).toBe(200);
    await f.env.app.puertos.notifications.idle();
    const avisos = async (usuarioId: number | undefined) =>
      (
        await f.env.database.db.execute<{ tipo: string }>(
          sql`select tipo from notificaciones where orden_id = ${id} and usuario_id = ${usuarioId} order by id`,
        )
      ).rows.map((r) => r.tipo);
    // The two changes' notifications are written by reactions that may finish in either order.
    expect((await avisos(f.u.operario)).sort()).toEqual(['ORDEN_ASIGNADA', 'ORDEN_ESTADO']);
    expect(await avisos(oculto)).toEqual([]);

    // Every other sender (a survey answered, a non-conformity, billing data received, SLA) goes
    // through the same port: the hidden user is left out there, whatever the kind or the batch.
    const notifications = f.env.app.puertos.notifications;
    const aviso = { tipo: 'ORDEN_NO_CONFORME', titulo: 'No conforme', mensaje: '', ordenId: id };
    expect(await notifications.create(f.demo, oculto ?? 0, aviso)).toBeNull();
    const { db } = f.env.database;
    const lote = await db.transaction((tx) =>
      notifications.crearVariasEnTransaccion(tx, [
        { ...aviso, tipo: 'SLA_POR_VENCER', entidadId: f.demo, usuarioId: oculto ?? 0 },
        { ...aviso, tipo: 'SLA_POR_VENCER', entidadId: f.demo, usuarioId: f.u.operario },
      ]),
    );
    await lote.anunciar();
    expect(await avisos(f.u.operario)).toEqual(['ORDEN_ASIGNADA', 'ORDEN_ESTADO', 'SLA_POR_VENCER']);
    expect(await avisos(oculto)).toEqual([]);
  });

  it('a revoked link is refused at once, also by a second instance on the same database', async () => {
    const id = await nuevaOrden('Revisar bomba');
    const e = await entregar(id, { nombre: 'Bombas SRL', email: 'bombas@x.example.com' });
    const k = tokenDe(e.url);
    const otra = await buildApp({
      config: testConfig({ publicUrl: PUBLIC_URL, dataDir: f.dir }),
      database: f.env.database,
      clock: f.env.clock,
      push: null,
    });
    try {
      await otra.ready();
      const enOtra = comoExterno(k, otra);
      expect((await enOtra('POST', '/api/v4/externo/aceptar')).statusCode).toBe(200);
      expect((await enOtra('PUT', `/api/v2/estado/${id}`, { estado: 2, comentarios: 'Listo' })).statusCode).toBe(200);
      const rev = await api('POST', `/api/v4/externos/${e.id}/revocar`, 'supervisor');
      expect(rev.statusCode, rev.body).toBe(200);
      expect(rev.json()).toMatchObject({ activo: false, url: null, revocadoPor: 'Carla Ruiz' });
      for (const app of [f.env.app, otra]) {
        const r = await comoExterno(k, app)('PUT', `/api/v2/estado/${id}`, { estado: 3, comentarios: 'Listo' });
        expect(r.statusCode).toBe(410);
        expect(r.json()).toMatchObject({ message: MENSAJES_EXTERNO.revocado });
        expect((await comoExterno(k, app)('GET', '/api/v4/externo')).statusCode).toBe(410);
      }
      expect((await api('POST', `/api/v4/externos/${e.id}/revocar`, 'supervisor')).statusCode).toBe(409);
      expect((await api('POST', `/api/v4/externos/${e.id}/renovar`, 'supervisor')).statusCode).toBe(409);
      expect((await historial(id)).map((h) => h.descripcion)).toContain('Revocó el enlace de Externo: Bombas SRL');
    } finally {
      await otra.close();
    }
  });

  it('expires 30 days after the order is finished; a renewal opens it 30 more days', async () => {
    const id = await nuevaOrden('Mantenimiento de caldera');
    const e = await entregar(id, { nombre: 'Calderas', email: 'calderas@x.example.com' });
    const x = comoExterno(tokenDe(e.url));
    await x('POST', '/api/v4/externo/aceptar');
    expect((await x('PUT', `/api/v2/estado/${id}`, { estado: 4, comentarios: 'Listo' })).statusCode).toBe(200);
    const finalizada = f.env.clock.now().getTime();
    const lista = (await api('GET', `/api/v4/externos/orden/${id}`, 'supervisor')).json() as EnlacesExternosOrden;
    expect(lista.enlaces[0]!.vence).toBe(finalizada + 30 * DIA);
    f.env.clock.advance(29 * DIA);
    expect((await x('GET', '/api/v4/externo')).statusCode).toBe(200);
    f.env.clock.advance(2 * DIA);
    const vencido = await x('GET', '/api/v4/externo');
    expect(vencido.statusCode).toBe(410);
    expect(vencido.json()).toMatchObject({ message: MENSAJES_EXTERNO.vencido });
    const ren = await api('POST', `/api/v4/externos/${e.id}/renovar`, 'supervisor');
    expect(ren.statusCode, ren.body).toBe(200);
    expect(ren.json()).toMatchObject({ activo: true, vence: f.env.clock.now().getTime() + 30 * DIA });
    expect(tokenDe((ren.json() as EnlaceExterno).url)).toBe(tokenDe(e.url));
    expect((await x('GET', '/api/v4/externo')).statusCode).toBe(200);
    f.env.clock.advance(31 * DIA);
    expect((await x('GET', '/api/v4/externo')).statusCode).toBe(410);
  });

  it('an unknown token is 401; the token never reaches the log', async () => {
    const r = await comoExterno('A'.repeat(43))('GET', '/api/v4/externo');
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ message: MENSAJES_EXTERNO.noExiste });
    const log = f.lineas.join('\n');
    const tokens = (await f.env.database.db.execute<{ id: number }>(sql`select id from orden_externos`)).rows.length;
    expect(tokens).toBeGreaterThan(3);
    expect(log).not.toMatch(/Externo [A-Za-z0-9_-]{43}/);
    expect(log).not.toMatch(/\/externo\/[A-Za-z0-9_-]{43}/);
  });
});
