import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTADO, PERMISOS_GLOBALES, type EnlaceCompartido, type OrdenDetalle } from '@delego/contract';
import { PUBLIC_URL, SmtpCapture, cuentasEnv } from './mail-helpers.js';
import { auth, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';
import { multipart } from './multipart.js';

let env: TestEnv;
let smtp: SmtpCapture;
const lineas: string[] = [];
let demo: number;
let cliente: number;
let orden: OrdenDetalle;
let ordenOtra: OrdenDetalle;

const ip = (n: number) => `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
let siguienteIp = 0;
/** A public GET from its own address (the per-address limit is tested on its own). */
const publico = (k: string, remoteAddress = ip(siguienteIp++)) =>
  env.app.inject({ method: 'GET', url: `/api/v2/ordersummary?k=${encodeURIComponent(k)}`, remoteAddress });

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, usuario: string, payload?: object) =>
  env.app.inject({
    method,
    url,
    headers: auth(usuario),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const tokenDeUrl = (url: string | null) => {
  const m = /\/ordersummary\/([^/?#]+)$/.exec(url ?? '');
  if (!m?.[1]) throw new Error(`sin token en ${String(url)}`);
  return m[1];
};

beforeAll(async () => {
  smtp = await new SmtpCapture().start();
  const logStream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lineas.push(...chunk.toString().split('\n').filter(Boolean));
      cb();
    },
  });
  env = await cuentasEnv(smtp, { logStream, limitesClientePublico: {} }, { logLevel: 'debug' });
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo <b>Servicios</b>', plan: 'Pyme', now });
  const otra = await makeEntidad(db, { nombre: 'Otra Empresa', plan: 'Pyme', now });
  [cliente] = (await makeClientes(db, demo, [
    { nombre: 'Hotel Los Andes', contacto: 'Rosa Díaz', email: 'rosa@hotel.example.com' },
  ])) as [number];
  const [clienteOtra] = (await makeClientes(db, otra, [{ nombre: 'Panadería' }])) as [number];
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'admin',
    nombre: 'Martín',
    apellido: 'Gómez',
    email: 'martin@demo.example.com',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'operario',
    nombre: 'Diego Alberto',
    apellido: 'Sosa',
    email: 'diego@demo.example.com',
    permisos: ['finalizarOrden'],
  });
  // Sees the client's orders (delegarOrden) but may not change them: read-only.
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'miron',
    nombre: 'Mirón',
    clientes: [{ clienteId: cliente, delegarOrden: true }],
  });
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'otra',
    nombre: 'Roberto',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  const operarioId = (
    await call('GET', '/api/v2/usuarios/todos', 'admin').then((r) => r.json() as { id: number; usuario: string }[])
  ).find((p) => p.usuario === 'operario')?.id;
  const r = await call('POST', '/api/v2/ordenes/save', 'admin', {
    titulo: 'Cambiar <script>alert(1)</script> la bomba',
    detalle: 'DETALLE-SECRETO del trabajo',
    cliente,
    responsable: operarioId,
    fechaInicio: Date.UTC(2026, 10, 20, 3),
    fechaFin: Date.UTC(2026, 10, 30, 2, 59),
  });
  expect(r.statusCode).toBe(200);
  orden = r.json();
  const ro = await call('POST', '/api/v2/ordenes/save', 'otra', { titulo: 'De otra empresa', cliente: clienteOtra });
  ordenOtra = ro.json();
}, 60_000);

afterAll(async () => {
  await env?.close();
  await smtp?.stop();
});

describe('compartir con el cliente: otra empresa', () => {
  it('answers 404 to every share call on another company’s order, and changes nothing', async () => {
    for (const [m, url, body] of [
      ['GET', `/api/v2/orden/${orden.id}/compartir`, undefined],
      ['POST', `/api/v2/orden/${orden.id}/compartir`, undefined],
      ['DELETE', `/api/v2/orden/${orden.id}/compartir`, undefined],
      ['POST', `/api/v2/orden/${orden.id}/compartir/correo`, {}],
      ['PUT', `/api/v2/orden/${orden.id}/compartir/archivos`, { archivos: [] }],
    ] as const) {
      const r = await call(m, url, 'otra', body);
      expect(r.statusCode, `${m} ${url}`).toBe(404);
    }
    const propio = await call('GET', `/api/v2/orden/${orden.id}/compartir`, 'admin');
    expect((propio.json() as EnlaceCompartido).activo).toBe(false);
  });

  it('a token of another company’s order shows that order only, never one of this company', async () => {
    const r = await call('POST', `/api/v2/orden/${ordenOtra.id}/compartir`, 'otra');
    const k = tokenDeUrl((r.json() as EnlaceCompartido).url);
    const p = await publico(k);
    expect(p.statusCode).toBe(200);
    expect(p.json().entidad.nombre).toBe('Otra Empresa');
    expect(p.json().orden.titulo).toBe('De otra empresa');
  });
});

describe('el enlace público', () => {
  let k = '';

  it('is created by someone who may change the order: an unguessable token, never the order id', async () => {
    const ro = await call('POST', `/api/v2/orden/${orden.id}/compartir`, 'miron');
    expect(ro.statusCode).toBe(403);
    const r = await call('POST', `/api/v2/orden/${orden.id}/compartir`, 'admin');
    expect(r.statusCode).toBe(200);
    const e = r.json() as EnlaceCompartido;
    expect(e.activo).toBe(true);
    expect(e.url?.startsWith(`${PUBLIC_URL}/ordersummary/`)).toBe(true);
    k = tokenDeUrl(e.url);
    expect(k).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, URL-safe, no '.'
    expect(k).not.toBe(String(orden.id));
    expect(e.creadoPor).toBe('Martín Gómez');
    expect(e.emailCliente).toBe('rosa@hotel.example.com');
    // Copy it again later: the same link (kept encrypted), also for a read-only user who sees the order.
    const otraVez = await call('GET', `/api/v2/orden/${orden.id}/compartir`, 'miron');
    expect(otraVez.statusCode).toBe(200);
    expect((otraVez.json() as EnlaceCompartido).url).toBe(e.url);
  });

  it('stores only the SHA-256 and an encrypted copy of the token', async () => {
    const rows = await env.database.db.execute<{ hash: string; cifrado: string }>(
      `select hash, cifrado from orden_enlaces where orden_id = ${orden.id}` as never,
    );
    const todo = JSON.stringify(rows);
    expect(todo).not.toContain(k);
  });

  it('opens without a session and shows the whitelisted fields only, checked field by field', async () => {
    const r = await publico(k);
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const b = r.json();
    expect(Object.keys(b).sort()).toEqual([
      'archivos',
      'checklist',
      'conformidad',
      'encuestaPendiente',
      'entidad',
      'facturacionPendiente',
      'historial',
      'leido',
      'orden',
    ]);
    expect(b.checklist).toEqual([]);
    // The client's conformity (issue 31): no user name, DNI or location.
    expect(b.conformidad).toEqual({
      requerida: 'no',
      estado: 'pendiente',
      firma: null,
      remota: null,
      puedeResponder: true,
    });
    expect(Object.keys(b.entidad).sort()).toEqual(['logo', 'nombre']);
    expect(b.entidad).toEqual({ nombre: 'Demo <b>Servicios</b>', logo: null });
    expect(Object.keys(b.orden).sort()).toEqual([
      'creada',
      'estado',
      'fechaFin',
      'fechaInicio',
      'finalizada',
      'numero',
      'responsables',
      'titulo',
    ]);
    expect(b.orden.numero).toBe(orden.numero);
    expect(b.orden.titulo).toBe('Cambiar <script>alert(1)</script> la bomba');
    expect(b.orden.estado).toEqual({ id: ESTADO.PENDIENTE, nombre: 'Pendiente', color: expect.any(String) });
    expect(b.orden.fechaInicio).toBe(orden.fechaInicio);
    expect(b.orden.fechaFin).toBe(orden.fechaFin);
    // The first name only: no surname, login or email.
    expect(b.orden.responsables).toEqual(['Diego']);
    expect(b.historial).toHaveLength(1);
    expect(Object.keys(b.historial[0]).sort()).toEqual(['estado', 'fecha']);
    expect(b.archivos).toEqual([]);
    expect(b.facturacionPendiente).toBe(false);
    const texto = r.body;
    for (const privado of [
      'DETALLE-SECRETO',
      'Sosa',
      'operario',
      'admin',
      'Gómez',
      '@',
      'Hotel Los Andes',
      'comentario',
      'minutos',
      'centavos',
    ]) {
      expect(texto, privado).not.toContain(privado);
    }
  });

  it('follows a state change, with its date in the timeline and without its comment', async () => {
    const r = await call('PUT', `/api/v2/estado/${orden.id}`, 'operario', {
      estado: ESTADO.EN_PROCESO,
      comentarios: 'COMENTARIO-INTERNO: falta el repuesto',
    });
    expect(r.statusCode).toBe(200);
    const p = await publico(k);
    const b = p.json();
    expect(b.orden.estado.nombre).toBe('En proceso');
    expect(b.historial.map((h: { estado: { id: number } }) => h.estado.id)).toEqual([
      ESTADO.PENDIENTE,
      ESTADO.EN_PROCESO,
    ]);
    expect(p.body).not.toContain('COMENTARIO-INTERNO');
  });

  it('answers the same 404 to a guessed, malformed or revoked token', async () => {
    const adivinado = await publico('A'.repeat(43));
    expect(adivinado.statusCode).toBe(404);
    const idComoToken = await publico(String(orden.id));
    expect(idComoToken.statusCode).toBe(404);
    expect(idComoToken.json().message).toBe(adivinado.json().message);
    const largo = await publico('x'.repeat(5000));
    expect(largo.statusCode).toBe(400);
    // Renewing: the old link stops, the new one works.
    const renovado = await call('POST', `/api/v2/orden/${orden.id}/compartir`, 'operario');
    expect(renovado.statusCode).toBe(200);
    const nuevo = tokenDeUrl((renovado.json() as EnlaceCompartido).url);
    expect(nuevo).not.toBe(k);
    expect((await publico(k)).statusCode).toBe(404);
    expect((await publico(nuevo)).statusCode).toBe(200);
    // Revoking.
    const rev = await call('DELETE', `/api/v2/orden/${orden.id}/compartir`, 'admin');
    expect(rev.json()).toMatchObject({ activo: false, url: null });
    const r = await publico(nuevo);
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe(adivinado.json().message);
    // The history says who did what.
    const h = await call('GET', `/api/v2/historial/detalle/${orden.id}`, 'admin');
    const descripciones = (h.json() as { descripcion: string }[]).map((e) => e.descripcion);
    expect(descripciones).toContain('Creó un enlace público de la orden para el cliente');
    expect(descripciones).toContain('Renovó el enlace público de la orden (el anterior dejó de funcionar)');
    expect(descripciones).toContain('Revocó el enlace público de la orden');
    k = tokenDeUrl((await call('POST', `/api/v2/orden/${orden.id}/compartir`, 'admin')).json().url);
  });

  it('names a contractor among the responsables by his first name, never as «Externo:»', async () => {
    const r = await call('POST', '/api/v2/ordenes/save', 'admin', { titulo: 'Con un externo', cliente });
    const o = r.json() as OrdenDetalle;
    const entrega = await call('POST', `/api/v4/externos/orden/${o.id}`, 'admin', {
      nombre: 'Juan Contratista',
      whatsapp: '+5491155550000',
    });
    expect(entrega.statusCode).toBe(200);
    const t = tokenDeUrl((await call('POST', `/api/v2/orden/${o.id}/compartir`, 'admin')).json().url);
    const b = (await publico(t)).json();
    expect(b.orden.responsables).toEqual(['Juan']);
    expect(JSON.stringify(b)).not.toContain('Externo');
    expect(JSON.stringify(b)).not.toContain('Contratista');
  });

  it('a deleted order’s link answers 404', async () => {
    const r = await call('POST', '/api/v2/ordenes/save', 'admin', { titulo: 'Se borra', cliente });
    const o = r.json() as OrdenDetalle;
    const t = tokenDeUrl((await call('POST', `/api/v2/orden/${o.id}/compartir`, 'admin')).json().url);
    expect((await publico(t)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v2/orden/${o.id}`, 'admin')).statusCode).toBe(200);
    expect((await publico(t)).statusCode).toBe(404);
  });

  it('shows only the files the company marked as shared, and serves only those', async () => {
    const subir = (nombre: string, content: string) => {
      const m = multipart([{ name: 'archivos', filename: nombre, content, type: 'text/plain' }]);
      return env.app.inject({
        method: 'POST',
        url: `/api/v2/archivos/${orden.id}/add`,
        headers: { ...auth('admin'), ...m.headers },
        payload: m.payload,
      });
    };
    expect((await subir('presupuesto.txt', 'Presupuesto para el cliente')).statusCode).toBe(200);
    expect((await subir('costos-internos.txt', 'COSTO-INTERNO 1234')).statusCode).toBe(200);
    const archivos = (await call('GET', `/api/v2/archivos/${orden.id}`, 'admin')).json() as {
      id: number;
      nombre: string;
    }[];
    const publicoId = archivos.find((a) => a.nombre === 'presupuesto.txt')?.id as number;
    const privadoId = archivos.find((a) => a.nombre === 'costos-internos.txt')?.id as number;
    expect((await publico(k)).json().archivos).toEqual([]);
    const ajeno = await call('PUT', `/api/v2/orden/${orden.id}/compartir/archivos`, 'admin', { archivos: [999999] });
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().message).toMatch(/archivo/);
    const ro = await call('PUT', `/api/v2/orden/${orden.id}/compartir/archivos`, 'miron', { archivos: [publicoId] });
    expect(ro.statusCode).toBe(403);
    const ok = await call('PUT', `/api/v2/orden/${orden.id}/compartir/archivos`, 'admin', { archivos: [publicoId] });
    expect((ok.json() as EnlaceCompartido).archivosCompartidos).toEqual([publicoId]);
    const b = (await publico(k)).json();
    expect(b.archivos).toEqual([{ id: publicoId, nombre: 'presupuesto.txt', tamanio: 27, esImagen: false }]);
    const bajar = (id: number, token = k) =>
      env.app.inject({
        method: 'GET',
        url: `/api/v2/ordersummary/archivo?k=${token}&archivo=${id}`,
        remoteAddress: ip(siguienteIp++),
      });
    const d = await bajar(publicoId);
    expect(d.statusCode).toBe(200);
    expect(d.body).toBe('Presupuesto para el cliente');
    expect(d.headers['content-disposition']).toMatch(/^attachment/);
    const p = await bajar(privadoId);
    expect(p.statusCode).toBe(404);
    expect(p.body).not.toContain('COSTO-INTERNO');
    expect((await bajar(publicoId, 'A'.repeat(43))).statusCode).toBe(404);
  });

  it('mails the link to the client’s contact, with the company name escaped', async () => {
    const r = await call('POST', `/api/v2/orden/${orden.id}/compartir/correo`, 'admin', {});
    expect(r.statusCode).toBe(200);
    expect(r.json().mensaje).toBe('Le enviamos el enlace a rosa@hotel.example.com.');
    await env.puertos().mail.deliverPending();
    const m = smtp.para('rosa@hotel.example.com').at(-1);
    expect(m?.text).toContain(`${PUBLIC_URL}/ordersummary/${k}`);
    expect(m?.text).toContain('Hola, Rosa Díaz:');
    expect(m?.html).toContain('Demo &lt;b&gt;Servicios&lt;/b&gt;');
    expect(m?.html).not.toContain('<script>alert(1)</script>');
    const otro = await call('POST', `/api/v2/orden/${orden.id}/compartir/correo`, 'admin', { email: 'no es email' });
    expect(otro.statusCode).toBe(400);
    expect(otro.json().issues?.[0]?.field ?? otro.json().field).toBe('email');
    const ro = await call('POST', `/api/v2/orden/${orden.id}/compartir/correo`, 'miron', {});
    expect(ro.statusCode).toBe(403);
  });

  it('offers the survey once one was sent, and takes its rating through the summary’s token', async () => {
    const encuesta = (payload: object) =>
      env.app.inject({
        method: 'POST',
        url: '/api/v2/ordersummary/encuesta',
        payload: payload as Record<string, unknown>,
        remoteAddress: ip(siguienteIp++),
      });
    expect((await encuesta({ k, puntaje: 5 })).statusCode).toBe(404);
    expect((await publico(k)).json().encuestaPendiente).toBe(false);
    const enviada = await call('POST', '/api/v2/encuesta/enviar', 'admin', {
      email: 'rosa@hotel.example.com',
      ordenId: orden.id,
    });
    expect(enviada.statusCode, enviada.body).toBeLessThan(300);
    expect((await publico(k)).json().encuestaPendiente).toBe(true);
    // The contract's schema at the route is the one check of the rating and the comment.
    const malPuntaje = await encuesta({ k, puntaje: 9 });
    expect(malPuntaje.statusCode).toBe(400);
    expect(malPuntaje.json().field).toBe('puntaje');
    const largo = await encuesta({ k, puntaje: 4, comentario: 'x'.repeat(2001) });
    expect(largo.statusCode).toBe(400);
    expect(largo.json().field).toBe('comentario');
    expect((await encuesta({ k: 'C'.repeat(43), puntaje: 5 })).statusCode).toBe(404);
    const r = await encuesta({ k, puntaje: 4, comentario: '<b>Muy bien</b>' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ puntaje: 4, comentario: '<b>Muy bien</b>' });
  });

  it('never writes a token into the log, not even the page’s path', async () => {
    await env.app.inject({ method: 'GET', url: `/ordersummary/${k}` });
    await publico(k);
    await publico('B'.repeat(43));
    await env.app.inject({ method: 'GET', url: `/api/v2/ordersummary/archivo?k=${k}&archivo=1` });
    expect(lineas.length).toBeGreaterThan(0);
    for (const l of lineas) {
      expect(l).not.toContain(k);
      expect(l).not.toContain('B'.repeat(43));
    }
  });
});

describe('límite por dirección', () => {
  it('a burst from one address gets 429 with Retry-After and a Spanish message, never a 5xx', async () => {
    const k = tokenDeUrl((await call('GET', `/api/v2/orden/${orden.id}/compartir`, 'admin')).json().url);
    const estados: number[] = [];
    for (let i = 0; i < 320; i++) estados.push((await publico(k, '203.0.113.9')).statusCode);
    expect(estados.slice(0, 300).every((s) => s === 200)).toBe(true);
    expect(estados.slice(300).every((s) => s === 429)).toBe(true);
    const r = await publico(k, '203.0.113.9');
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(r.json().message).toMatch(/^Demasiados pedidos seguidos\. Espere \d+ minutos?/);
    // Another address is not affected.
    expect((await publico(k, '203.0.113.10')).statusCode).toBe(200);
  }, 60_000);
});
