import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENSAJES_SOLICITUD,
  type EnlaceSolicitudes,
  type FormularioSolicitud,
  type OrdenDetalle,
  type ResumenPublico,
  type SeguimientoSolicitud,
  type Solicitud,
  type SolicitudEnviada,
} from '@delego/contract';
import {
  activarEnlace,
  campos,
  envio,
  fixtureSolicitudes,
  foto,
  imagen,
  llamar,
  nuevaIp,
  PUBLIC_URL,
  tokenDeEnlace,
  tokenDeSeguimiento,
  tokensVistos,
  type FixtureSolicitudes,
} from './solicitudes-fixture.js';

/**
 * Requests from outside the company (issue 33, part 1; docs/SOLICITUDES.md), through the API on a
 * real database: a client's link (admins), the public form by the link and by a QR, the send with
 * its photos, once per device send, its limits and its honeypot; the notifications, the inbox, the
 * decisions and the tracking page.
 */
let f: FixtureSolicitudes;
let call: ReturnType<typeof llamar>;

beforeAll(async () => {
  f = await fixtureSolicitudes();
  call = llamar(f);
}, 60_000);

afterAll(async () => {
  await f?.close();
});

const filas = async <T>(q: ReturnType<typeof sql>) => (await f.env.database.db.execute(q)).rows as T[];
const cuantas = async (entidadId: number) =>
  Number(
    (await filas<{ n: number }>(sql`select count(*)::int as n from solicitudes where entidad_id = ${entidadId}`))[0]?.n,
  );
const publico = (url: string) => f.env.app.inject({ method: 'GET', url, remoteAddress: nuevaIp() });
const seguimiento = (t: string) => publico(`/api/v4/publico/solicitud/seguimiento?t=${t}`);

/** A request sent by the link, accepted as sent: its answer. */
async function enviada(k: string, datos = campos(), fotos: Parameters<typeof envio>[3] = []) {
  const r = await envio(f, { k }, datos, fotos);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as SolicitudEnviada;
}

/** The id of the request a tracking link belongs to. */
async function idDe(respuesta: SolicitudEnviada): Promise<number> {
  const t = tokenDeSeguimiento(respuesta.seguimiento);
  const { hashDeToken } = await import('../src/lib/tokens.js');
  const [fila] = await filas<{ id: number }>(
    sql`select id from solicitudes where seguimiento_hash = ${hashDeToken(t)}`,
  );
  if (!fila) throw new Error('sin solicitud');
  return Number(fila.id);
}

describe('el enlace de pedidos de un cliente', () => {
  it('another company’s client is a 404 for every link call; a non-admin is refused; nothing changes', async () => {
    const [clinica] = f.cli;
    for (const m of ['GET', 'POST', 'DELETE'] as const) {
      const r = await call(m, `/api/v4/solicitudes/enlace/${clinica}`, 'otra');
      expect(r.statusCode, `${m} ${r.body}`).toBe(404);
      const s = await call(m, `/api/v4/solicitudes/enlace/${clinica}`, 'supervisor');
      expect(s.statusCode, `${m} ${s.body}`).toBe(403);
      expect((s.json() as { message: string }).message).toMatch(/administrador/);
    }
    const r = await call('GET', `/api/v4/solicitudes/enlace/${f.cliOtra}`, 'admin');
    expect(r.statusCode).toBe(404);
    expect(await filas(sql`select id from solicitud_enlaces`)).toEqual([]);
  });

  it('activates, shows the same URL again, rotates (old → 410) and deactivates (→ 410); the token is stored hashed and encrypted', async () => {
    const banco = f.cli[3];
    const url = `/api/v4/solicitudes/enlace/${banco}`;
    expect((await call('GET', url, 'admin')).json()).toEqual({
      clienteId: banco,
      activo: false,
      url: null,
      creado: null,
    });

    const creado = await call('POST', url, 'duenia');
    expect(creado.statusCode, creado.body).toBe(200);
    const e1 = creado.json() as EnlaceSolicitudes;
    expect(e1).toMatchObject({ clienteId: banco, activo: true });
    const k1 = tokenDeEnlace(e1.url);
    expect((await call('GET', url, 'admin')).json()).toEqual(e1);
    const guardado = await filas<{ hash: string; cifrado: string }>(
      sql`select hash, cifrado from solicitud_enlaces where cliente_id = ${banco}`,
    );
    expect(guardado).toHaveLength(1);
    expect(JSON.stringify(guardado)).not.toContain(k1);

    const form = await publico(`/api/v4/publico/solicitud?k=${k1}`);
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toEqual({ empresa: 'Demo <b>Servicios</b>', cliente: 'Banco Sur', lugar: null });
    expect(form.headers['cache-control']).toBe('no-store');

    const renovado = (await call('POST', url, 'admin')).json() as EnlaceSolicitudes;
    const k2 = tokenDeEnlace(renovado.url);
    expect(k2).not.toBe(k1);
    const viejo = await publico(`/api/v4/publico/solicitud?k=${k1}`);
    expect(viejo.statusCode).toBe(410);
    expect((viejo.json() as { message: string }).message).toBe(MENSAJES_SOLICITUD.enlaceDesactivado);
    // A send by the old link is refused the same way, and stores nothing.
    const antes = await cuantas(f.demo);
    expect((await envio(f, { k: k1 }, campos())).statusCode).toBe(410);
    expect(await cuantas(f.demo)).toBe(antes);
    expect((await publico(`/api/v4/publico/solicitud?k=${k2}`)).statusCode).toBe(200);

    const quitado = await call('DELETE', url, 'admin');
    expect(quitado.json()).toEqual({ clienteId: banco, activo: false, url: null, creado: null });
    expect((await publico(`/api/v4/publico/solicitud?k=${k2}`)).statusCode).toBe(410);
    expect((await envio(f, { k: k2 }, campos())).statusCode).toBe(410);

    const inventado = await publico(`/api/v4/publico/solicitud?k=${randomBytes(32).toString('base64url')}`);
    expect(inventado.statusCode).toBe(404);
    expect((inventado.json() as { message: string }).message).toBe(MENSAJES_SOLICITUD.enlaceNoDisponible);
    // Turned on again: a new token; the two before stay off.
    const k3 = await activarEnlace(f, banco);
    expect([k1, k2]).not.toContain(k3);
    expect((await publico(`/api/v4/publico/solicitud?k=${k3}`)).statusCode).toBe(200);
    expect((await publico(`/api/v4/publico/solicitud?k=${k2}`)).statusCode).toBe(410);
  });
});

describe('el formulario por un QR', () => {
  let codigoEquipo: string;
  let equipoId: number;
  let kMuseo: string;

  beforeAll(async () => {
    const museo = f.cli[4];
    kMuseo = await activarEnlace(f, museo);
    const ub = await call('POST', '/api/v4/ubicaciones', 'admin', { cliente: museo, nombre: 'Sala Norte' });
    expect(ub.statusCode, ub.body).toBe(200);
    const eq = await call('POST', '/api/v4/equipos', 'admin', {
      cliente: museo,
      ubicacion: (ub.json() as { id: number }).id,
      nombre: 'Climatizador <i>central</i>',
    });
    expect(eq.statusCode, eq.body).toBe(200);
    ({ id: equipoId, codigoQr: codigoEquipo } = eq.json() as { id: number; codigoQr: string });
  });

  it('shows the company, the client and the place; an unknown code and a client without a link answer the same 404', async () => {
    const r = await publico(`/api/v4/publico/q/${codigoEquipo}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json() as FormularioSolicitud).toEqual({
      empresa: 'Demo <b>Servicios</b>',
      cliente: 'Museo Azul',
      lugar: { tipo: 'equipo', nombre: 'Climatizador <i>central</i>' },
    });

    const desconocido = await publico(`/api/v4/publico/q/${randomBytes(16).toString('base64url')}`);
    // A site of Colegio, whose link was never turned on.
    const ub = await call('POST', '/api/v4/ubicaciones', 'admin', { cliente: f.cli[2], nombre: 'Patio' });
    const sinEnlace = await publico(`/api/v4/publico/q/${(ub.json() as { codigoQr: string }).codigoQr}`);
    const malformado = await publico('/api/v4/publico/q/no-es-un-codigo');
    for (const x of [desconocido, sinEnlace, malformado]) {
      expect(x.statusCode).toBe(404);
      expect({ ...(x.json() as object), requestId: '' }).toEqual({
        ...(desconocido.json() as object),
        requestId: '',
      });
    }
  });

  it('sends a request with the place set; once the client’s link is off, the QR answers the same 404', async () => {
    const r = await envio(
      f,
      { qr: codigoEquipo },
      campos({ que: 'No enfría', email: '', telefono: '+54 11 5555-0000' }),
    );
    expect(r.statusCode, r.body).toBe(200);
    const enviada = r.json() as SolicitudEnviada;
    expect(enviada.mensaje).toBe(MENSAJES_SOLICITUD.enviadaSinCorreo);
    const id = await idDe(enviada);
    const s = (await call('GET', `/api/v4/solicitudes/${id}`, 'admin')).json() as Solicitud;
    expect(s).toMatchObject({
      clienteNombre: 'Museo Azul',
      lugar: { tipo: 'equipo', id: equipoId, nombre: 'Climatizador <i>central</i>' },
      contacto: { nombre: 'Rosa Díaz', email: null, telefono: '+54 11 5555-0000' },
    });

    await call('DELETE', `/api/v4/solicitudes/enlace/${f.cli[4]}`, 'admin');
    const desconocido = await publico(`/api/v4/publico/q/${randomBytes(16).toString('base64url')}`);
    const apagado = await publico(`/api/v4/publico/q/${codigoEquipo}`);
    expect(apagado.statusCode).toBe(404);
    expect((apagado.json() as { message: string }).message).toBe((desconocido.json() as { message: string }).message);
    expect((await envio(f, { qr: codigoEquipo }, campos())).statusCode).toBe(404);
    expect((await publico(`/api/v4/publico/solicitud?k=${kMuseo}`)).statusCode).toBe(410);
  });
});

describe('enviar un pedido', () => {
  let k: string;
  beforeAll(async () => {
    k = await activarEnlace(f, f.cli[0]);
  });

  it('takes real photos (JPEG, PNG), decoded and stored as JPEG; the inbox streams them to who may see them', async () => {
    const antes = f.guardados().length;
    const png = await imagen('png', 300);
    const r = await enviada(k, campos(), [foto(await imagen('jpeg')), foto(png, 'captura.png', 'image/png')]);
    expect(r.mensaje).toBe(MENSAJES_SOLICITUD.enviada);
    tokenDeSeguimiento(r.seguimiento);
    expect(f.guardados().length).toBe(antes + 2);
    const id = await idDe(r);
    const s = (await call('GET', `/api/v4/solicitudes/${id}`, 'supervisor')).json() as Solicitud;
    expect(s.fotos.map((x) => x.nombre)).toEqual(['foto-1.jpg', 'foto-2.jpg']);
    const bytes = await call('GET', `/api/v4/solicitudes/${id}/fotos/${s.fotos[1]?.id}`, 'supervisor');
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/jpeg');
    expect(bytes.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(bytes.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 300 });
    expect(bytes.rawPayload.length).toBe(s.fotos[1]?.tamano);
    for (const who of ['lector', 'operario', 'otra']) {
      expect((await call('GET', `/api/v4/solicitudes/${id}/fotos/${s.fotos[1]?.id}`, who)).statusCode).toBe(404);
    }
  });

  it('refuses what is not an image, a photo over 8 MB, six photos and a request without contact, storing nothing', async () => {
    const antes = { n: await cuantas(f.demo), archivos: f.guardados() };
    const jpeg = await imagen('jpeg');
    const casos: [number, string, string, Parameters<typeof envio>[2], Parameters<typeof envio>[3]][] = [
      [
        400,
        'fotos',
        MENSAJES_SOLICITUD.fotoNoImagen,
        campos(),
        [foto(jpeg), foto(Buffer.from('hola, no soy una foto'))],
      ],
      [
        400,
        'fotos',
        MENSAJES_SOLICITUD.fotoNoImagen,
        campos(),
        [foto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg', 'image/svg+xml')],
      ],
      [413, 'fotos', MENSAJES_SOLICITUD.fotoGrande, campos(), [foto(jpeg), foto(Buffer.alloc(9 * 1024 * 1024, 0xff))]],
      [413, 'fotos', MENSAJES_SOLICITUD.demasiadasFotos, campos(), Array.from({ length: 6 }, () => foto(jpeg))],
      [400, 'email', MENSAJES_SOLICITUD.sinContacto, campos({ email: '' }), [foto(jpeg)]],
      [400, 'que', 'Qué necesita es obligatorio.', campos({ que: '   ' }), []],
      [400, 'clave', 'Falta el identificador del envío.', campos({ clave: 'no-uuid' }), []],
    ];
    for (const [estado, campo, mensaje, datos, fotos] of casos) {
      const r = await envio(f, { k }, datos, fotos);
      expect(r.statusCode, `${campo} ${r.body}`).toBe(estado);
      expect(r.json()).toMatchObject({ message: mensaje });
    }
    // No link at all: the field k.
    const sinK = await envio(f, { k: '' }, campos());
    expect(sinK.statusCode).toBe(400);
    // JSON is not the form.
    const json = await f.env.app.inject({
      method: 'POST',
      url: '/api/v4/publico/solicitud',
      payload: { k, ...campos() },
    });
    expect(json.statusCode).toBe(400);
    expect(await cuantas(f.demo)).toBe(antes.n);
    expect(f.guardados()).toEqual(antes.archivos);
  });

  it('keeps text as text', async () => {
    const que = '<img src=x onerror=alert(1)> & «comillas» \u202Eal revés';
    const r = await enviada(k, campos({ que, nombre: '<b>Rosa</b>' }));
    const s = (await call('GET', `/api/v4/solicitudes/${await idDe(r)}`, 'admin')).json() as Solicitud;
    expect(s.que).toBe(que);
    expect(s.contacto.nombre).toBe('<b>Rosa</b>');
  });

  it('the honeypot answers like a success, with a tracking link that leads nowhere, and stores nothing', async () => {
    const antes = { n: await cuantas(f.demo), archivos: f.guardados(), correos: await correos() };
    const r = await envio(f, { k }, campos({ sitio: 'https://spam.example.com' }), [foto(await imagen('jpeg'))]);
    expect(r.statusCode).toBe(200);
    const res = r.json() as SolicitudEnviada;
    expect(res.mensaje).toBe(MENSAJES_SOLICITUD.enviada);
    expect((await seguimiento(tokenDeSeguimiento(res.seguimiento))).statusCode).toBe(404);
    expect(await cuantas(f.demo)).toBe(antes.n);
    expect(f.guardados()).toEqual(antes.archivos);
    expect(await correos()).toEqual(antes.correos);
  });

  it('the same send twice, one after the other and at once, is one request with one tracking link', async () => {
    const antes = { n: await cuantas(f.demo), archivos: f.guardados().length };
    const jpeg = await imagen('jpeg');
    const datos = campos();
    const a = await enviada(k, datos, [foto(jpeg)]);
    const b = await enviada(k, datos, [foto(jpeg)]);
    expect(b).toEqual(a);
    expect(await cuantas(f.demo)).toBe(antes.n + 1);
    expect(f.guardados().length).toBe(antes.archivos + 1);

    const otra = campos();
    const juntas = await Promise.all([0, 1, 2].map(() => envio(f, { k }, otra, [foto(jpeg)])));
    for (const r of juntas) expect(r.statusCode, r.body).toBe(200);
    const [primera, ...resto] = juntas.map((r) => r.json() as SolicitudEnviada);
    for (const r of resto) expect(r).toEqual(primera);
    expect(await cuantas(f.demo)).toBe(antes.n + 2);
    expect(f.guardados().length).toBe(antes.archivos + 2);
    const enBase = await filas<{ n: number }>(
      sql`select count(*)::int as n from solicitud_fotos where entidad_id = ${f.demo}
          and solicitud_id = ${await idDe(primera as SolicitudEnviada)}`,
    );
    expect(Number(enBase[0]?.n)).toBe(1);
  });
});

describe('límites', () => {
  it('per address (10 an hour) and per link (20 an hour): 429 with Retry-After, nothing stored', async () => {
    const k = await activarEnlace(f, f.cli[2]);
    const ip = nuevaIp();
    const primera = campos();
    const respuesta = await envio(f, { k }, primera, [], ip);
    expect(respuesta.statusCode).toBe(200);
    for (let i = 1; i < 10; i++) expect((await envio(f, { k }, campos(), [], ip)).statusCode).toBe(200);
    const n = await cuantas(f.demo);
    const r = await envio(f, { k }, campos(), [], ip);
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect((r.json() as { code: string }).code).toBe('DEMASIADOS_INTENTOS');
    expect(await cuantas(f.demo)).toBe(n);
    // A retry of a send already stored is answered even past the limit: it creates nothing.
    const otraVez = await envio(f, { k }, primera, [], ip);
    expect(otraVez.statusCode).toBe(200);
    expect(otraVez.json()).toEqual(respuesta.json());
    // Ten more from other addresses fill the link's 20; the next one is refused, whoever sends it.
    for (let i = 0; i < 10; i++) expect((await envio(f, { k }, campos())).statusCode).toBe(200);
    const porEnlace = await envio(f, { k }, campos());
    expect(porEnlace.statusCode).toBe(429);
    expect(Number(porEnlace.headers['retry-after'])).toBeGreaterThan(0);
    expect(await cuantas(f.demo)).toBe(n + 10);
    // Another client's link is counted apart.
    const kHotel = await activarEnlace(f, f.cli[1]);
    expect((await envio(f, { k: kHotel }, campos())).statusCode).toBe(200);
    // An hour later the windows are new.
    f.env.clock.advance(60 * 60_000 + 1000);
    expect((await envio(f, { k }, campos(), [], ip)).statusCode).toBe(200);
  });
});

async function correos(): Promise<{ para: string; asunto: string; texto: string }[]> {
  return filas(sql`select para, asunto, texto from correo_salida where tipo = 'solicitud' order by id`);
}

/** Who got a SOLICITUD_RECIBIDA with that title after notification `desde`. */
async function notificados(desde: number, titulo: string): Promise<number[]> {
  const r = await filas<{ u: number }>(
    sql`select usuario_id as u from notificaciones where id > ${desde} and tipo = 'SOLICITUD_RECIBIDA' and titulo = ${titulo} order by usuario_id`,
  );
  return r.map((x) => Number(x.u));
}

const ultimaNotificacion = async () =>
  Number((await filas<{ n: number }>(sql`select coalesce(max(id), 0)::int as n from notificaciones`))[0]?.n);

const orden = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('al llegar', () => {
  it('notifies exactly who may delegate for the client and mails the sender the tracking link', async () => {
    const k = await activarEnlace(f, f.cli[0]);
    const desde = await ultimaNotificacion();
    const que = `${'á'.repeat(118)}😀 y más texto`;
    const r = await enviada(k, campos({ que, email: 'llegada@cliente.example.com' }));
    await f.env.puertos().notifications.idle();
    // Not `operario` (no delegarOrden), not `baja` (inactive), not `lector` (another client), not Otra's owner.
    expect(await notificados(desde, 'Nueva solicitud de Clínica San Martín')).toEqual(
      orden([f.u.duenia, f.u.admin, f.u.supervisor]),
    );
    const [aviso] = await filas<{ mensaje: string; orden_id: number | null }>(
      sql`select mensaje, orden_id from notificaciones where usuario_id = ${f.u.supervisor} order by id desc limit 1`,
    );
    expect(aviso).toEqual({ mensaje: `${'á'.repeat(118)}😀…`, orden_id: null });
    // It is what the user's list shows (and what went live on the user's channel).
    const lista = await call('GET', '/api/v2/notificaciones/all', 'supervisor');
    expect(lista.body).toContain('Nueva solicitud de Clínica San Martín');
    const mail = (await correos()).filter((c) => c.para === 'llegada@cliente.example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.asunto).toBe('Recibimos su pedido a Demo <b>Servicios</b>');
    expect(mail[0]?.texto).toContain(r.seguimiento);
    expect(mail[0]?.texto).not.toContain(que.slice(0, 20));

    const kHotel = await activarEnlace(f, f.cli[1]);
    const desdeHotel = await ultimaNotificacion();
    await enviada(kHotel, campos({ que: 'Se cortó la luz' }));
    await f.env.puertos().notifications.idle();
    expect(await notificados(desdeHotel, 'Nueva solicitud de Hotel Los Andes')).toEqual(
      orden([f.u.duenia, f.u.admin, f.u.lector]),
    );
  });
});

describe('la bandeja, aceptar y rechazar', () => {
  let k: string;
  let kHotel: string;
  beforeAll(async () => {
    k = await activarEnlace(f, f.cli[0]);
    kHotel = await activarEnlace(f, f.cli[1]);
  });

  it('lists newest first by state, counts the pending ones, and shows each request only to who may delegate for its client', async () => {
    const a = await idDe(await enviada(k, campos({ que: 'Primero' })));
    const b = await idDe(await enviada(kHotel, campos({ que: 'Del hotel' })));
    const c = await idDe(await enviada(k, campos({ que: 'Segundo' })));
    const ids = (who: string, q = '') =>
      call('GET', `/api/v4/solicitudes${q}`, who).then((r) => (r.json() as Solicitud[]).map((s) => s.id));
    const deAdmin = await ids('admin', '?estado=pendiente');
    expect(deAdmin.indexOf(c)).toBeLessThan(deAdmin.indexOf(b));
    expect(deAdmin.indexOf(b)).toBeLessThan(deAdmin.indexOf(a));
    const deSupervisor = await ids('supervisor');
    expect(deSupervisor).toEqual(expect.arrayContaining([a, c]));
    expect(deSupervisor).not.toContain(b);
    expect(await ids('lector')).toContain(b);
    expect(await ids('lector')).not.toContain(a);
    expect(await ids('operario')).toEqual([]);
    expect(await ids('otra')).toEqual([]);
    expect(await ids('admin', '?estado=rechazada')).not.toContain(a);

    const badge = async (who: string) =>
      ((await call('GET', '/api/v4/solicitudes/pendientes', who)).json() as { pendientes: number }).pendientes;
    const [todas, clinica, hotel] = await Promise.all([
      filas<{ n: number }>(
        sql`select count(*)::int as n from solicitudes where entidad_id = ${f.demo} and estado = 'pendiente'`,
      ),
      filas<{ n: number }>(
        sql`select count(*)::int as n from solicitudes where entidad_id = ${f.demo} and estado = 'pendiente' and cliente_id = ${f.cli[0]}`,
      ),
      filas<{ n: number }>(
        sql`select count(*)::int as n from solicitudes where entidad_id = ${f.demo} and estado = 'pendiente' and cliente_id = ${f.cli[1]}`,
      ),
    ]);
    expect(await badge('admin')).toBe(Number(todas[0]?.n));
    expect(await badge('supervisor')).toBe(Number(clinica[0]?.n));
    expect(await badge('lector')).toBe(Number(hotel[0]?.n));
    expect(await badge('operario')).toBe(0);
    expect(await badge('otra')).toBe(0);

    for (const [who, id] of [
      ['supervisor', b],
      ['lector', a],
      ['operario', a],
      ['otra', a],
    ] as const) {
      for (const [m, url, body] of [
        ['GET', `/api/v4/solicitudes/${id}`, undefined],
        ['POST', `/api/v4/solicitudes/${id}/aceptar`, {}],
        ['POST', `/api/v4/solicitudes/${id}/rechazar`, { motivo: 'No' }],
      ] as const) {
        const r = await call(m, url, who, body);
        expect(r.statusCode, `${who} ${m} ${url}`).toBe(404);
      }
    }
    const sigue = (await call('GET', `/api/v4/solicitudes/${a}`, 'admin')).json() as Solicitud;
    expect(sigue.estado).toBe('pendiente');
  });

  it('accepts into an order with the text, client, place and photos, uses the quota then, mails the summary; a second accept is 409', async () => {
    const museo = f.cli[4];
    await activarEnlace(f, museo);
    const ub = (await call('POST', '/api/v4/ubicaciones', 'admin', { cliente: museo, nombre: 'Depósito' })).json() as {
      id: number;
      codigoQr: string;
    };
    const quota = async () =>
      Number(
        (
          await filas<{ q: number }>(sql`select quota_disponible as q from suscripciones where entidad_id = ${f.demo}`)
        )[0]?.q,
      );
    const jpeg = await imagen('jpeg', 120);
    const r = await envio(
      f,
      { qr: ub.codigoQr },
      campos({
        que: 'Humedad en la pared\nSe ve una mancha grande.',
        donde: 'Al fondo',
        email: 'museo@cliente.example.com',
      }),
      [foto(jpeg), foto(await imagen('png'), 'b.png', 'image/png')],
    );
    expect(r.statusCode, r.body).toBe(200);
    const enviada = r.json() as SolicitudEnviada;
    const id = await idDe(enviada);
    const q0 = await quota();
    // The supervisor may not delegate for Museo: 404; the admin accepts.
    expect((await call('POST', `/api/v4/solicitudes/${id}/aceptar`, 'supervisor', {})).statusCode).toBe(404);
    const acc = await call('POST', `/api/v4/solicitudes/${id}/aceptar`, 'admin', { responsable: [f.u.supervisor] });
    expect(acc.statusCode, acc.body).toBe(200);
    const s = acc.json() as Solicitud;
    expect(s).toMatchObject({ estado: 'aceptada', resueltaPor: 'Martín Gómez', motivo: null });
    expect(s.orden).not.toBeNull();
    expect(await quota()).toBe(q0 - 1);

    const o = (await call('GET', `/api/v3/ordenDTO/${s.orden?.id}`, 'admin')).json() as OrdenDetalle;
    expect(o.numero).toBe(s.orden?.numero);
    expect(o.titulo).toBe('Humedad en la pared');
    expect(o.detalle).toContain('Humedad en la pared\nSe ve una mancha grande.');
    expect(o.detalle).toContain('Dónde: Al fondo');
    expect(o.detalle).toContain('Contacto: Rosa Díaz · museo@cliente.example.com');
    expect(o.cliente).toMatchObject({ id: museo });
    expect(o.ubicacion).toMatchObject({ id: ub.id, nombre: 'Depósito' });
    expect(o.responsables.map((x) => x.id)).toEqual([f.u.supervisor]);
    const archivos = (await call('GET', `/api/v2/archivos/${o.id}`, 'admin')).json() as {
      nombre: string;
      tipo: string;
      miniatura: string | null;
    }[];
    expect(archivos.map((a) => [a.nombre, a.tipo, Boolean(a.miniatura)])).toEqual([
      ['foto-1.jpg', 'image/jpeg', true],
      ['foto-2.jpg', 'image/jpeg', true],
    ]);

    const otra = await call('POST', `/api/v4/solicitudes/${id}/aceptar`, 'admin', {});
    expect(otra.statusCode).toBe(409);
    expect((otra.json() as { message: string }).message).toBe(MENSAJES_SOLICITUD.yaResuelta);
    expect((await call('POST', `/api/v4/solicitudes/${id}/rechazar`, 'admin', { motivo: 'x' })).statusCode).toBe(409);
    expect(await quota()).toBe(q0 - 1);

    // The tracking page: accepted, with the order's public summary, which opens without a session.
    const t = (await seguimiento(tokenDeSeguimiento(enviada.seguimiento))).json() as SeguimientoSolicitud;
    expect(t).toMatchObject({ empresa: 'Demo <b>Servicios</b>', estado: 'aceptada', motivo: null });
    const resumenK = /\/ordersummary\/([\w-]{43})$/.exec(t.resumen ?? '')?.[1];
    expect(t.resumen?.startsWith(`${PUBLIC_URL}/ordersummary/`)).toBe(true);
    const resumen = await publico(`/api/v2/ordersummary?k=${resumenK}`);
    expect(resumen.statusCode, resumen.body).toBe(200);
    expect((resumen.json() as ResumenPublico).orden.numero).toBe(o.numero);
    const historial = (await call('GET', `/api/v2/historial/detalle/${o.id}`, 'admin')).json() as {
      descripcion: string;
    }[];
    expect(historial.map((e) => e.descripcion)).toContain(
      'Creó un enlace público de la orden para el seguimiento de quien hizo el pedido',
    );
    const mail = (await correos()).filter((c) => c.para === 'museo@cliente.example.com');
    expect(mail.map((m) => m.asunto)).toEqual([
      'Recibimos su pedido a Demo <b>Servicios</b>',
      `Demo <b>Servicios</b> aceptó su pedido (orden #${o.numero})`,
    ]);
    expect(mail[1]?.texto).toContain(t.resumen ?? '-');
  });

  it('two accepts at once: one order, the other 409', async () => {
    const id = await idDe(await enviada(k, campos({ que: 'Dos a la vez' })));
    const ordenes = async () =>
      Number(
        (await filas<{ n: number }>(sql`select count(*)::int as n from ordenes where entidad_id = ${f.demo}`))[0]?.n,
      );
    const antes = await ordenes();
    const rs = await Promise.all([
      call('POST', `/api/v4/solicitudes/${id}/aceptar`, 'admin', {}),
      call('POST', `/api/v4/solicitudes/${id}/aceptar`, 'supervisor', {}),
    ]);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ordenes()).toBe(antes + 1);
  });

  it('without quota the order module refuses and the request stays pending, with nothing left behind', async () => {
    const jpeg = await imagen('jpeg');
    const id = await idDe(await enviada(k, campos({ que: 'Sin cupo' }), [foto(jpeg)]));
    const db = f.env.database.db;
    const [antes] = await filas<{ q: number }>(
      sql`select quota_disponible as q from suscripciones where entidad_id = ${f.demo}`,
    );
    await db.execute(sql`update suscripciones set quota_disponible = 0 where entidad_id = ${f.demo}`);
    try {
      const archivos = f.guardados();
      const r = await call('POST', `/api/v4/solicitudes/${id}/aceptar`, 'supervisor', {});
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ code: 'QUOTA_AGOTADA' });
      expect((r.json() as { message: string }).message).toMatch(/Se agotaron las órdenes/);
      expect(((await call('GET', `/api/v4/solicitudes/${id}`, 'admin')).json() as Solicitud).estado).toBe('pendiente');
      expect(f.guardados()).toEqual(archivos);
      // A responsable who does not exist: the order module's 400, nothing changes either.
      await db.execute(
        sql`update suscripciones set quota_disponible = ${antes?.q ?? null} where entidad_id = ${f.demo}`,
      );
      const mal = await call('POST', `/api/v4/solicitudes/${id}/aceptar`, 'supervisor', { responsable: [999_999] });
      expect(mal.statusCode).toBe(400);
      expect(mal.json()).toMatchObject({ field: 'responsable' });
      expect(f.guardados()).toEqual(archivos);
      expect(((await call('GET', `/api/v4/solicitudes/${id}`, 'admin')).json() as Solicitud).estado).toBe('pendiente');
    } finally {
      await db.execute(
        sql`update suscripciones set quota_disponible = ${antes?.q ?? null} where entidad_id = ${f.demo}`,
      );
    }
  });

  it('rejects with a reason: the tracking page says «Rechazada: motivo» and the sender is mailed', async () => {
    const r = await enviada(k, campos({ que: 'Pintar la fachada', email: 'rechazo@cliente.example.com' }));
    const id = await idDe(r);
    const sinMotivo = await call('POST', `/api/v4/solicitudes/${id}/rechazar`, 'supervisor', { motivo: '  ' });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json()).toMatchObject({ field: 'motivo' });
    const motivo = 'No hacemos pintura; le recomendamos <a href="x">otro</a>.';
    const rech = await call('POST', `/api/v4/solicitudes/${id}/rechazar`, 'supervisor', { motivo });
    expect(rech.statusCode, rech.body).toBe(200);
    expect(rech.json()).toMatchObject({ estado: 'rechazada', motivo, resueltaPor: 'Carla Ruiz', orden: null });
    const t = (await seguimiento(tokenDeSeguimiento(r.seguimiento))).json() as SeguimientoSolicitud;
    expect(t).toMatchObject({ estado: 'rechazada', motivo, resumen: null, que: 'Pintar la fachada' });
    const mail = (await correos()).filter((c) => c.para === 'rechazo@cliente.example.com');
    expect(mail[1]?.asunto).toBe('Demo <b>Servicios</b> no aceptó su pedido');
    expect(mail[1]?.texto).toContain('Motivo: No hacemos pintura');
    expect(mail[1]?.texto).toContain(r.seguimiento);
    expect((await call('POST', `/api/v4/solicitudes/${id}/aceptar`, 'admin', {})).statusCode).toBe(409);
  });

  it('tracking: pending with its date; an unknown link is a 404', async () => {
    const antes = f.env.clock.now().getTime();
    const r = await enviada(k, campos({ que: 'Revisar el portón' }));
    const t = (await seguimiento(tokenDeSeguimiento(r.seguimiento))).json() as SeguimientoSolicitud;
    expect(t).toEqual({
      empresa: 'Demo <b>Servicios</b>',
      que: 'Revisar el portón',
      creada: antes,
      estado: 'pendiente',
      motivo: null,
      resumen: null,
    });
    expect((await seguimiento(randomBytes(32).toString('base64url'))).statusCode).toBe(404);
  });
});

describe('registros', () => {
  it('no token (link, tracking, summary) is ever in the log', async () => {
    const tokens = new Set(tokensVistos);
    for (const c of (await correos()).map((m) => m.texto)) {
      for (const m of c.matchAll(/\/(?:solicitud\/seguimiento|ordersummary)\/([\w-]{43})/g)) if (m[1]) tokens.add(m[1]);
    }
    expect(tokens.size).toBeGreaterThan(10);
    const log = f.lineas.join('\n');
    expect(log).toContain('solicitud.recibida');
    expect(log).toContain('/api/v4/publico/solicitud');
    for (const t of tokens) expect(log).not.toContain(t);
  });
});
