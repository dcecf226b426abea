import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ESTADO,
  PERMISOS_GLOBALES,
  type EncuestaPublica,
  type EncuestasDeOrden,
  type EnvioHecho,
  type Notificacion,
  type OrdenDetalle,
  type ResultadosEncuestas,
} from '@delego/contract';
import { PUBLIC_URL, SIN_LIMITES_CORREO, SmtpCapture, cuentasEnv, type Capturado } from './mail-helpers.js';
import { auth, makeCatalogo, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * Surveys (issue 13): sending (limit, default address, history, the mail through a real SMTP
 * capture), the public answer by token (once, 24 h to change, 30 days to answer), the live
 * notification, results for verEstadisticas, the automatic send on finish, and another company.
 */

const LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#1f5fa8"/></svg>',
).toString('base64')}`;

let smtp: SmtpCapture;
let env: TestEnv & { dataDir: string };
let demo: number;
let cli: number[];
let tipos: number[];
const u: Record<string, number> = {};

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string | null, payload?: unknown) =>
  env.app.inject({
    method,
    url: who ? `${url}${url.includes('?') ? '&' : '?'}tsp=${Date.now()}` : url,
    headers: who ? auth(who) : {},
    ...(payload !== undefined ? { payload: payload as Json } : {}),
  });

async function crearOrden(extra: Json = {}): Promise<OrdenDetalle> {
  const r = await call('POST', '/api/v2/ordenes/save', 'admin', {
    titulo: 'Cambio de luminarias <b>del hall</b>',
    detalle: 'Reemplazar los tubos por LED.',
    cliente: cli[0],
    responsable: [u.operario],
    tipoOrden: tipos[0],
    ...extra,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

async function finalizar(ordenId: number, who = 'admin'): Promise<void> {
  const r = await call('PUT', `/api/v2/estado/${ordenId}`, who, { estado: ESTADO.FINALIZADA, comentarios: 'Listo.' });
  expect(r.statusCode, r.body).toBe(200);
}

/** Sends and delivers; gives the answer and the captured mail. */
async function enviar(ordenId: number, email?: string): Promise<{ envio: EnvioHecho; mail: Capturado }> {
  const antes = smtp.mails.length;
  const r = await call('POST', '/api/v2/encuesta/enviar', 'admin', { ordenId, ...(email ? { email } : {}) });
  expect(r.statusCode, r.body).toBe(200);
  await env.puertos().mail.deliverPending();
  expect(smtp.mails.length).toBe(antes + 1);
  return { envio: r.json(), mail: smtp.mails[smtp.mails.length - 1] as Capturado };
}

function tokenDeEncuesta(m: { text?: string }): string {
  const k = /\/encuestas\/([A-Za-z0-9_-]+)\?puntaje=1/.exec(m.text ?? '')?.[1];
  if (!k) throw new Error('no hay enlace de encuesta en el correo');
  return k;
}

const responder = (body: Json) => call('POST', '/api/v2/encuesta/responder', null, body);
const publica = (k: string) => call('GET', `/api/v2/encuesta/publica?k=${encodeURIComponent(k)}`, null);

async function filasEncuesta(): Promise<number> {
  const r = await env.database.db.execute(sql`select count(*)::int as n from encuesta`);
  return (r.rows[0] as { n: number }).n;
}

async function notificacionesDe(who: string): Promise<Notificacion[]> {
  await env.puertos().notifications.idle();
  const r = await call('GET', '/api/v2/notificaciones/all', who);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

beforeAll(async () => {
  smtp = await new SmtpCapture().start();
  // These tests mail one client's address many times a day: the mail caps are mail-limites.test.ts's.
  env = await cuentasEnv(smtp, { limitesCorreo: SIN_LIMITES_CORREO });
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo & Hijos <S.A.>', plan: 'Pyme', now, logo: LOGO });
  const otra = await makeEntidad(db, { nombre: 'Otra Empresa S.R.L.', plan: 'Ilimitado', now });
  cli = await makeClientes(db, demo, [
    { nombre: 'Clínica San Martín', email: 'compras@clinica.example.com' },
    { nombre: 'Hotel Los Andes' },
  ]);
  ({ tipos } = await makeCatalogo(db, demo, { areas: ['Electricidad'], tipos: ['Correctivo', 'Preventivo'] }));
  await makeCatalogo(db, otra, { areas: ['Obras'], tipos: ['Correctivo'] });
  u.admin = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'admin',
    nombre: 'Martín',
    apellido: 'Gómez',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  u.operario = await makeUsuario(db, { entidadId: demo, usuario: 'operario', nombre: 'Diego', apellido: 'Sosa' });
  u.ayudante = await makeUsuario(db, { entidadId: demo, usuario: 'ayudante', nombre: 'Lucía', apellido: 'Benítez' });
  u.analista = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'analista',
    nombre: 'Inés',
    apellido: 'Vera',
    permisos: ['verEstadisticas'],
  });
  u.otra = await makeUsuario(db, {
    entidadId: otra,
    usuario: 'otra',
    nombre: 'Roberto',
    apellido: 'Paz',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
});
afterAll(async () => {
  await env?.close();
  await smtp?.stop();
});

describe('otra empresa', () => {
  it('no puede enviar ni ver las encuestas de una orden ajena (404), y no se registra nada', async () => {
    const o = await crearOrden();
    const antes = await filasEncuesta();
    const r = await call('POST', '/api/v2/encuesta/enviar', 'otra', { ordenId: o.id, email: 'x@example.com' });
    expect(r.statusCode, r.body).toBe(404);
    expect(r.json().code).toBe('NO_ENCONTRADO');
    expect((await call('GET', `/api/v2/encuesta/orden/${o.id}`, 'otra')).statusCode).toBe(404);
    // Unknown order: the same 404.
    const d = await call('POST', '/api/v2/encuesta/enviar', 'admin', { ordenId: 999_999, email: 'x@example.com' });
    expect(d.statusCode).toBe(404);
    expect(await filasEncuesta()).toBe(antes);
  });

  it('los resultados de otra empresa no incluyen los de esta', async () => {
    const o = await crearOrden();
    const { mail } = await enviar(o.id);
    expect((await responder({ k: tokenDeEncuesta(mail), puntaje: 5 })).statusCode).toBe(200);
    const r = await call('GET', '/api/v2/encuestas', 'otra');
    expect(r.statusCode, r.body).toBe(200);
    const res: ResultadosEncuestas = r.json();
    expect(res).toMatchObject({ enviadas: 0, respondidas: 0, promedio: null, respuestas: [] });
  });
});

describe('envío', () => {
  it('va al email del cliente por defecto, con la orden, la empresa, el logo y cinco enlaces; queda en el historial', async () => {
    const o = await crearOrden();
    const { envio, mail } = await enviar(o.id);
    expect(envio.encuesta).toMatchObject({ email: 'compras@clinica.example.com', estado: 'pendiente', puntaje: null });
    expect(envio.enviosRestantes).toBe(2);
    expect(envio.encuesta.vence - envio.encuesta.enviadaEn).toBe(30 * 24 * 3_600_000);
    expect(mail.destinatarios).toEqual(['compras@clinica.example.com']);
    expect(mail.subject).toBe(`¿Cómo fue el trabajo de Demo & Hijos <S.A.>? Orden #${o.numero}`);
    const html = String(mail.html);
    // Whatever a person wrote arrives as text, never as markup.
    expect(html).toContain('Demo &amp; Hijos &lt;S.A.&gt;');
    expect(html).toContain('Cambio de luminarias &lt;b&gt;del hall&lt;/b&gt;');
    expect(html).not.toContain('<b>del hall</b>');
    expect(html).toContain('src="cid:logo@delego"');
    expect(mail.attachments.some((a) => a.cid === 'logo@delego')).toBe(true);
    const k = tokenDeEncuesta(mail);
    expect(k).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (let p = 1; p <= 5; p++) {
      expect(mail.text).toContain(`${PUBLIC_URL}/encuestas/${k}?puntaje=${p}`);
      expect(html).toContain(`href="${PUBLIC_URL}/encuestas/${k}?puntaje=${p}"`);
    }
    expect(mail.text).toContain(`#${o.numero}`);
    // Only the hash is stored.
    const filas = await env.database.db.execute(sql`select token_hash from encuesta where id = ${envio.encuesta.id}`);
    expect((filas.rows[0] as { token_hash: string }).token_hash).not.toBe(k);
    const h = await call('GET', `/api/v2/historial/detalle/${o.id}`, 'admin');
    const ev = (h.json() as { tipo: string; descripcion: string }[]).find((e) => e.tipo === 'ENCUESTA_ENVIADA');
    expect(ev?.descripcion).toBe('Envió la encuesta de satisfacción a compras@clinica.example.com');
  });

  it('de una orden abierta no dice que se terminó; de una finalizada, sí', async () => {
    const o = await crearOrden();
    const abierta = (await enviar(o.id)).mail;
    const empresa = 'Demo & Hijos <S.A.>';
    expect(abierta.text).toContain(`${empresa} le pide su opinión sobre la orden #${o.numero}:`);
    expect(String(abierta.html)).toContain(`le pide su opinión sobre la orden <strong>#${o.numero}</strong>`);
    expect(`${abierta.text}${String(abierta.html)}`).not.toContain('terminó');
    await finalizar(o.id);
    const terminada = (await enviar(o.id)).mail;
    expect(terminada.text).toContain(`${empresa} terminó la orden #${o.numero}:`);
    expect(String(terminada.html)).toContain(`terminó la orden <strong>#${o.numero}</strong>`);
  });

  it('se puede elegir otro email; la pantalla ve las enviadas y cuántas quedan', async () => {
    const o = await crearOrden();
    const { mail } = await enviar(o.id, 'gerencia@clinica.example.com');
    expect(mail.destinatarios).toEqual(['gerencia@clinica.example.com']);
    const r = await call('GET', `/api/v2/encuesta/orden/${o.id}`, 'admin');
    expect(r.statusCode, r.body).toBe(200);
    const d: EncuestasDeOrden = r.json();
    expect(d).toMatchObject({
      numero: o.numero,
      clienteNombre: 'Clínica San Martín',
      emailSugerido: 'compras@clinica.example.com',
      enviosRestantes: 2,
      puedeEnviar: true,
    });
    expect(d.encuestas).toHaveLength(1);
    expect(d.encuestas[0]).toMatchObject({ email: 'gerencia@clinica.example.com', enviadaPor: 'Martín Gómez' });
  });

  it('cada orden admite 3 envíos: el cuarto es 409 y no se envía nada', async () => {
    const o = await crearOrden();
    for (let i = 0; i < 3; i++) await enviar(o.id);
    const antes = await filasEncuesta();
    const correos = smtp.mails.length;
    const r = await call('POST', '/api/v2/encuesta/enviar', 'admin', { ordenId: o.id });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().message).toBe('Esta orden ya tiene 3 encuestas enviadas: no se pueden enviar más.');
    await env.puertos().mail.deliverPending();
    expect(smtp.mails.length).toBe(correos);
    expect(await filasEncuesta()).toBe(antes);
    const d: EncuestasDeOrden = (await call('GET', `/api/v2/encuesta/orden/${o.id}`, 'admin')).json();
    expect(d).toMatchObject({ enviosRestantes: 0, puedeEnviar: false });
  });

  it('datos malos: 400 en español con el campo, nada registrado', async () => {
    const o = await crearOrden();
    const sinEmail = await crearOrden({ cliente: cli[1] });
    const antes = await filasEncuesta();
    const casos: [Json, string, RegExp][] = [
      [{ ordenId: o.id, email: 'no-es-un-email' }, 'email', /no es una dirección válida/],
      [{ ordenId: o.id, email: `${'a'.repeat(300)}@x.com` }, 'email', /admite hasta/],
      [{ ordenId: 'abc', email: 'a@b.com' }, 'ordenId', /ordenId/],
      [{ email: 'a@b.com' }, 'ordenId', /ordenId/],
      [{ ordenId: sinEmail.id }, 'email', /no tiene email/],
    ];
    for (const [body, campo, mensaje] of casos) {
      const r = await call('POST', '/api/v2/encuesta/enviar', 'admin', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().field, JSON.stringify(body)).toBe(campo);
      expect(r.json().message).toMatch(mensaje);
    }
    expect(await filasEncuesta()).toBe(antes);
  });

  it('quien no puede modificar la orden no la envía (403); quien no la ve, 404', async () => {
    const o = await crearOrden();
    // ayudante is not a responsable and has no permission: the order does not exist for them.
    expect((await call('POST', '/api/v2/encuesta/enviar', 'ayudante', { ordenId: o.id })).statusCode).toBe(404);
    // The responsable may.
    const r = await call('POST', '/api/v2/encuesta/enviar', 'operario', { ordenId: o.id });
    expect(r.statusCode, r.body).toBe(200);
    await env.puertos().mail.deliverPending();
  });
});

describe('respuesta pública', () => {
  it('un clic registra al instante, avisa a los responsables y al creador, y se puede cambiar y comentar', async () => {
    const o = await crearOrden();
    const { mail, envio } = await enviar(o.id);
    const k = tokenDeEncuesta(mail);
    const p0: EncuestaPublica = (await publica(k)).json();
    expect(p0).toMatchObject({
      estado: 'pendiente',
      editable: true,
      entidadNombre: 'Demo & Hijos <S.A.>',
      logo: LOGO,
      orden: { numero: o.numero, titulo: o.titulo },
      puntaje: null,
    });
    const antesOperario = (await notificacionesDe('operario')).length;
    const r1 = await responder({ k, puntaje: 4 });
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json()).toMatchObject({ estado: 'respondida', editable: true, puntaje: 4 });
    const nOperario = await notificacionesDe('operario');
    expect(nOperario.length).toBe(antesOperario + 1);
    expect(nOperario[0]).toMatchObject({
      tipo: 'ENCUESTA_RESPONDIDA',
      titulo: `Encuesta respondida: orden #${o.numero}`,
      ordenId: o.id,
      leida: false,
    });
    expect(nOperario[0]?.mensaje).toContain('4 de 5 (Bueno)');
    // The creator (admin) too.
    expect((await notificacionesDe('admin')).some((n) => n.tipo === 'ENCUESTA_RESPONDIDA' && n.ordenId === o.id)).toBe(
      true,
    );
    // Change the rating and add a comment with HTML: stored as text; final closes it.
    const comentario = '<script>alert(1)</script> Muy prolijos, ¡gracias!';
    const r2 = await responder({ k, puntaje: 5, comentario, final: true });
    expect(r2.statusCode, r2.body).toBe(200);
    expect(r2.json()).toMatchObject({ estado: 'cerrada', editable: false, puntaje: 5, comentario });
    // Answered once: the link now only says so.
    const r3 = await responder({ k, puntaje: 1 });
    expect(r3.statusCode).toBe(410);
    expect(r3.json()).toMatchObject({ code: 'ENLACE_USADO', message: 'Esta encuesta ya fue respondida. ¡Gracias!' });
    expect((await publica(k)).json()).toMatchObject({ estado: 'cerrada', puntaje: 5 });
    const d: EncuestasDeOrden = (await call('GET', `/api/v2/encuesta/orden/${o.id}`, 'admin')).json();
    expect(d.encuestas.find((e) => e.id === envio.encuesta.id)).toMatchObject({ estado: 'respondida', puntaje: 5 });
  });

  it('pasadas 24 horas de la primera respuesta queda cerrada', async () => {
    const o = await crearOrden();
    const k = tokenDeEncuesta((await enviar(o.id)).mail);
    expect((await responder({ k, puntaje: 3 })).statusCode).toBe(200);
    env.clock.advance(24 * 3_600_000 + 1000);
    expect((await publica(k)).json()).toMatchObject({ estado: 'cerrada', puntaje: 3 });
    expect((await responder({ k, puntaje: 5 })).statusCode).toBe(410);
  });

  it('el enlace vence a los 30 días sin respuesta', async () => {
    const o = await crearOrden();
    const k = tokenDeEncuesta((await enviar(o.id)).mail);
    env.clock.advance(30 * 24 * 3_600_000 + 1000);
    expect((await publica(k)).json()).toMatchObject({ estado: 'vencida', editable: false });
    const r = await responder({ k, puntaje: 5 });
    expect(r.statusCode).toBe(410);
    expect(r.json()).toMatchObject({ code: 'ENLACE_VENCIDO' });
    expect(r.json().message).toMatch(/venció/);
  });

  it('tokens malos: 404 o 400, nunca 5xx', async () => {
    const malos = ['x', 'a'.repeat(43), 'A'.repeat(5000), '../../etc', '%00'];
    for (const k of malos) {
      const r = await responder({ k, puntaje: 5 });
      expect(r.statusCode, k.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, k.slice(0, 20)).toBeLessThan(500);
      const g = await publica(k);
      expect(g.statusCode).toBeGreaterThanOrEqual(400);
      expect(g.statusCode).toBeLessThan(500);
    }
    const r = await responder({ k: 'b'.repeat(43), puntaje: 5 });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 'ENLACE_INVALIDO' });
    expect((await responder({ puntaje: 5 })).statusCode).toBe(400);
  });

  it('puntaje fuera de 1-5 o comentario de 10 KB con HTML: 400 con el campo, nada registrado', async () => {
    const o = await crearOrden();
    const k = tokenDeEncuesta((await enviar(o.id)).mail);
    const casos: [Json, string][] = [
      [{ k, puntaje: 0 }, 'puntaje'],
      [{ k, puntaje: 6 }, 'puntaje'],
      [{ k, puntaje: 3.5 }, 'puntaje'],
      [{ k, puntaje: '5' }, 'puntaje'],
      [{ k }, 'puntaje'],
      [{ k, puntaje: 5, comentario: `<img src=x onerror=alert(1)>${'x'.repeat(10 * 1024)}` }, 'comentario'],
    ];
    for (const [body, campo] of casos) {
      const r = await responder(body);
      expect(r.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json().field).toBe(campo);
    }
    expect((await publica(k)).json()).toMatchObject({ estado: 'pendiente', puntaje: null, comentario: null });
  });

  it('responde sin autenticación y no acepta más de 20 intentos por enlace cada 15 minutos (429)', async () => {
    const o = await crearOrden();
    const k = tokenDeEncuesta((await enviar(o.id)).mail);
    let ultimo = 0;
    for (let i = 0; i < 21; i++) ultimo = (await responder({ k, puntaje: (i % 5) + 1 })).statusCode;
    expect(ultimo).toBe(429);
    env.clock.advance(15 * 60_000 + 1000);
    expect((await responder({ k, puntaje: 2 })).statusCode).toBe(200);
  });
});

describe('para el resumen público de la orden (issue 16)', () => {
  const ordenDe =
    (ordenId: number, entidadId = demo) =>
    () =>
      Promise.resolve({ entidadId, ordenId });

  it('findPendiente y responderPorOrden aplican las mismas reglas', async () => {
    const s = env.puertos().surveys;
    const o = await crearOrden();
    expect(await s.findPendiente(demo, o.id)).toBeUndefined();
    expect(await s.hayPendiente(demo, o.id)).toBe(false);
    await expect(s.responderPorOrden(ordenDe(o.id), { puntaje: 5 }, '198.51.100.1')).rejects.toMatchObject({
      code: 'NO_ENCONTRADO',
    });
    const { envio } = await enviar(o.id);
    expect(await s.findPendiente(demo, o.id)).toMatchObject({ id: envio.encuesta.id, ordenId: o.id });
    expect(await s.hayPendiente(demo, o.id)).toBe(true);
    // Another company's id finds nothing, and answers nothing.
    expect(await s.findPendiente(demo + 1, o.id)).toBeUndefined();
    expect(await s.hayPendiente(demo + 1, o.id)).toBe(false);
    await expect(s.responderPorOrden(ordenDe(o.id, demo + 1), { puntaje: 1 }, '198.51.100.1')).rejects.toMatchObject({
      code: 'NO_ENCONTRADO',
    });
    const r = await s.responderPorOrden(ordenDe(o.id), { puntaje: 4, comentario: 'Bien' }, '198.51.100.1');
    expect(r).toMatchObject({ estado: 'cerrada', puntaje: 4, comentario: 'Bien' });
    expect(await s.findPendiente(demo, o.id)).toBeUndefined();
    await expect(s.responderPorOrden(ordenDe(o.id), { puntaje: 4 }, '198.51.100.1')).rejects.toMatchObject({
      code: 'NO_ENCONTRADO',
    });
  });

  it('una ráfaga desde una dirección recibe 429 antes de que se busque el enlace', async () => {
    const s = env.puertos().surveys;
    let buscadas = 0;
    const nunca = () => {
      buscadas++;
      return Promise.reject(new Error('sin enlace'));
    };
    for (let i = 0; i < 60; i++) {
      await expect(s.responderPorOrden(nunca, { puntaje: 5 }, '198.51.100.4')).rejects.toThrow('sin enlace');
    }
    await expect(s.responderPorOrden(nunca, { puntaje: 5 }, '198.51.100.4')).rejects.toMatchObject({
      code: 'DEMASIADOS_INTENTOS',
    });
    expect(buscadas).toBe(60);
  });
});

describe('resultados', () => {
  it('solo con verEstadisticas', async () => {
    const r = await call('GET', '/api/v2/encuestas', 'operario');
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toMatch(/«Estadísticas»/);
    expect((await call('GET', '/api/v2/encuestas', 'analista')).statusCode).toBe(200);
  });

  it('agregados y filtros por fechas, cliente, responsable y tipo de orden', async () => {
    env.clock.advance(1000);
    const inicio = env.clock.now().getTime();
    const a = await crearOrden({ tipoOrden: tipos[1] });
    const b = await crearOrden({ cliente: cli[1], responsable: [u.ayudante] });
    const c = await crearOrden({ tipoOrden: tipos[1] });
    const ka = tokenDeEncuesta((await enviar(a.id)).mail);
    const kb = tokenDeEncuesta((await enviar(b.id, 'hotel@example.com')).mail);
    await enviar(c.id);
    expect((await responder({ k: ka, puntaje: 5, comentario: 'Excelente atención', final: true })).statusCode).toBe(
      200,
    );
    expect((await responder({ k: kb, puntaje: 2, final: true })).statusCode).toBe(200);
    const q = `fechaDesde=${inicio}&fechaHasta=${env.clock.now().getTime()}`;
    const r = await call('GET', `/api/v2/encuestas?${q}`, 'analista');
    expect(r.statusCode, r.body).toBe(200);
    const res: ResultadosEncuestas = r.json();
    expect(res).toMatchObject({ enviadas: 3, respondidas: 2, promedio: 3.5, tasaRespuesta: 0.67 });
    expect(res.distribucion).toEqual([0, 1, 0, 0, 1]);
    expect(res.porResponsable).toEqual([
      { id: u.operario, nombre: 'Diego Sosa', cantidad: 1, promedio: 5 },
      { id: u.ayudante, nombre: 'Lucía Benítez', cantidad: 1, promedio: 2 },
    ]);
    expect(res.porCliente.map((x) => x.nombre)).toEqual(['Clínica San Martín', 'Hotel Los Andes']);
    expect(res.porMes.reduce((s, m) => s + m.cantidad, 0)).toBe(2);
    expect(res.respuestas.find((x) => x.ordenId === a.id)).toMatchObject({
      puntaje: 5,
      comentario: 'Excelente atención',
      cliente: 'Clínica San Martín',
      responsables: ['Diego Sosa'],
    });
    const filtro = async (extra: string) => {
      const x = await call('GET', `/api/v2/encuestas?${q}&${extra}`, 'analista');
      expect(x.statusCode, x.body).toBe(200);
      return x.json() as ResultadosEncuestas;
    };
    expect(await filtro(`cliente=${cli[1]}`)).toMatchObject({ enviadas: 1, respondidas: 1, promedio: 2 });
    expect(await filtro(`responsable=${u.operario}`)).toMatchObject({ enviadas: 2, respondidas: 1, promedio: 5 });
    expect(await filtro(`tipoOrden=${tipos[1]}`)).toMatchObject({ enviadas: 2, respondidas: 1 });
    const despues = await call('GET', `/api/v2/encuestas?fechaDesde=${env.clock.now().getTime() + 1}`, 'analista');
    expect(despues.json()).toMatchObject({ enviadas: 0, respondidas: 0 });
    const malo = await call('GET', `/api/v2/encuestas?fechaDesde=10&fechaHasta=5`, 'analista');
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toMatch(/posterior/);
    expect((await call('GET', `/api/v2/encuestas?cliente=abc`, 'analista')).statusCode).toBe(400);
  });
});

describe('envío automático al finalizar', () => {
  it('apagado por defecto; solo un administrador lo cambia', async () => {
    expect((await call('GET', '/api/v2/encuesta/configuracion', 'operario')).json()).toEqual({
      envioAutomatico: false,
    });
    const r = await call('PUT', '/api/v2/encuesta/configuracion', 'operario', { envioAutomatico: true });
    expect(r.statusCode).toBe(403);
    const o = await crearOrden();
    await finalizar(o.id);
    await env.puertos().surveys.idle();
    expect(await env.puertos().surveys.findPendiente(demo, o.id)).toBeUndefined();
    expect((await call('PUT', '/api/v2/encuesta/configuracion', 'admin', { envioAutomatico: 'si' })).statusCode).toBe(
      400,
    );
  });

  it('encendido: al finalizar se envía una, una sola vez, al email del cliente', async () => {
    const r = await call('PUT', '/api/v2/encuesta/configuracion', 'admin', { envioAutomatico: true });
    expect(r.statusCode, r.body).toBe(200);
    expect((await call('GET', '/api/v2/encuesta/configuracion', 'operario')).json()).toEqual({ envioAutomatico: true });
    const o = await crearOrden();
    const correos = smtp.mails.length;
    await finalizar(o.id);
    await env.puertos().surveys.idle();
    await env.puertos().mail.deliverPending();
    expect(smtp.mails.length).toBe(correos + 1);
    const m = smtp.mails[smtp.mails.length - 1] as Capturado;
    expect(m.destinatarios).toEqual(['compras@clinica.example.com']);
    expect(m.subject).toContain(`Orden #${o.numero}`);
    expect(m.text).toContain(`terminó la orden #${o.numero}:`);
    const d: EncuestasDeOrden = (await call('GET', `/api/v2/encuesta/orden/${o.id}`, 'admin')).json();
    expect(d.encuestas).toHaveLength(1);
    expect(d.encuestas[0]).toMatchObject({ automatica: true, enviadaPor: 'Martín Gómez' });
    // Reopened and finished again: no second automatic survey.
    expect(
      (await call('PUT', `/api/v2/estado/${o.id}`, 'admin', { estado: ESTADO.EN_PROCESO, comentarios: 'Falta algo' }))
        .statusCode,
    ).toBe(200);
    await finalizar(o.id);
    await env.puertos().surveys.idle();
    expect(
      ((await call('GET', `/api/v2/encuesta/orden/${o.id}`, 'admin')).json() as EncuestasDeOrden).encuestas,
    ).toHaveLength(1);
    // A client without email: nothing is sent.
    const sin = await crearOrden({ cliente: cli[1] });
    await finalizar(sin.id);
    await env.puertos().surveys.idle();
    expect(await env.puertos().surveys.findPendiente(demo, sin.id)).toBeUndefined();
    await call('PUT', '/api/v2/encuesta/configuracion', 'admin', { envioAutomatico: false });
  });
});
