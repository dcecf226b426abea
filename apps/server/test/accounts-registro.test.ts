/**
 * Sign-up and confirmation (issue 12): POST /api/v2/registrar/usuario, GET /api/v2/confirmar,
 * POST /api/v2/registrar/reenviar, and the login of an unconfirmed account. The mails go through
 * a real SMTP server on 127.0.0.1 (SmtpCapture) by SMTP_URL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_CUENTAS, PERMISOS_GLOBALES, TERMINOS_VERSION } from '@delego/contract';
import { cuentaTokens, entidades, prioridades, suscripciones, usuarios } from '../src/db/schema.js';
import { hashDeToken } from '../src/lib/tokens.js';
import { PUBLIC_URL, SmtpCapture, cuentasEnv, registro, tokenDe } from './mail-helpers.js';
import { auth, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

let smtp: SmtpCapture;
let env: TestEnv;
let ip = 0;
/** Each test from its own address, so that the per-address limits are the test's own. */
const nuevaDireccion = () => `10.1.0.${++ip}`;

beforeAll(async () => {
  smtp = await new SmtpCapture().start();
  env = await cuentasEnv(smtp);
});
afterAll(async () => {
  await env?.close();
  await smtp?.stop();
});

type Json = Record<string, unknown>;
const registrar = (body: Json | string, remoteAddress = nuevaDireccion()) =>
  env.app.inject({
    method: 'POST',
    url: '/api/v2/registrar/usuario',
    remoteAddress,
    ...(typeof body === 'string'
      ? { payload: body, headers: { 'content-type': 'application/json' } }
      : { payload: body }),
  });
const get = (url: string, remoteAddress = nuevaDireccion()) => env.app.inject({ method: 'GET', url, remoteAddress });
const confirmar = (k: string) => get(`/api/v2/confirmar?k=${encodeURIComponent(k)}`);
const reenviar = (body: Json, remoteAddress = nuevaDireccion()) =>
  env.app.inject({ method: 'POST', url: '/api/v2/registrar/reenviar', payload: body, remoteAddress });
const login = (usuario: string, password = 'Clave1234!') =>
  env.app.inject({ method: 'GET', url: '/api/v4/login', headers: auth(usuario, password) });

const contar = async () => {
  const r = await env.database.db.execute<{ e: number; u: number }>(
    sql`select (select count(*)::int from entidades) as e, (select count(*)::int from usuarios) as u`,
  );
  return r.rows[0];
};

/** Delivers the outbox (the worker is not running in these tests) and gives the new mails to `email`. */
async function entregar(email: unknown) {
  const antes = smtp.mails.length;
  await env.puertos().accounts.idle();
  await env.puertos().mail.deliverPending();
  return smtp.mails.slice(antes).filter((m) => m.destinatarios.includes(email as string));
}

describe('entre empresas', () => {
  it('la empresa registrada no ve nada de otra, y otra no ve a la nueva', async () => {
    const db = env.database.db;
    const vieja = await makeEntidad(db, { nombre: 'Vieja S.A.', plan: 'Pyme', now: env.clock.now() });
    await makeUsuario(db, {
      entidadId: vieja,
      usuario: 'duenio-vieja',
      nombre: 'Raúl',
      roles: ['PROPIETARIO'],
      permisos: PERMISOS_GLOBALES,
    });
    const body = registro();
    expect((await registrar(body)).statusCode).toBe(201);
    const [mail] = await entregar(body.email);
    expect((await confirmar(tokenDe(mail!, 'confirmacion'))).statusCode).toBe(200);
    const nueva = await env.app.inject({
      method: 'GET',
      url: '/api/v2/usuarios',
      headers: auth(body.usuario as string, 'Clave1234!'),
    });
    expect(nueva.statusCode).toBe(200);
    expect((nueva.json() as { usuario: string }[]).map((u) => u.usuario)).toEqual([body.usuario]);
    const vistos = await env.app.inject({ method: 'GET', url: '/api/v2/usuarios', headers: auth('duenio-vieja') });
    expect((vistos.json() as { usuario: string }[]).map((u) => u.usuario)).toEqual(['duenio-vieja']);
    const id = (nueva.json() as { id: number }[])[0]!.id;
    const ajeno = await env.app.inject({ method: 'GET', url: `/api/v4/usuario/${id}`, headers: auth('duenio-vieja') });
    expect(ajeno.statusCode).toBe(404);
  });
});

describe('registro', () => {
  it('crea en una transacción la empresa, su propietario, el plan gratuito, las prioridades y el enlace', async () => {
    const body = registro({ cuit: '30712345671', telefono: ' 0341 555-1234 ' });
    const antes = await contar();
    const r = await registrar(body);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toEqual({
      ok: true,
      usuario: body.usuario,
      email: body.email,
      mensaje: MENSAJES_CUENTAS.registroHecho(body.email as string),
    });
    expect(await contar()).toEqual({ e: antes!.e + 1, u: antes!.u + 1 });

    const db = env.database.db;
    const [u] = await db
      .select()
      .from(usuarios)
      .where(eq(usuarios.usuario, body.usuario as string));
    expect(u).toMatchObject({
      nombre: 'Ana',
      apellido: 'Pereyra',
      email: body.email,
      activo: true,
      confirmado: false,
      terminosVersion: TERMINOS_VERSION,
    });
    expect(u!.terminosAceptados?.getTime()).toBe(env.clock.now().getTime());
    expect(u!.passwordHash).toMatch(/^\$argon2id\$/);
    const [e] = await db.select().from(entidades).where(eq(entidades.id, u!.entidadId));
    expect(e).toMatchObject({ nombre: body.entidadNombre, cuit: '30-71234567-1', telefono: '0341 555-1234' });
    const [s] = await db.select().from(suscripciones).where(eq(suscripciones.entidadId, e!.id));
    expect(s).toMatchObject({ quota: 20, quotaDisponible: 20 });
    expect(await db.select().from(prioridades).where(eq(prioridades.entidadId, e!.id))).toHaveLength(4);

    // Only the token's hash is stored.
    const [mail] = await entregar(body.email);
    const k = tokenDe(mail!, 'confirmacion');
    expect(k).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const tokens = await db.select().from(cuentaTokens).where(eq(cuentaTokens.usuarioId, u!.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ tipo: 'confirmacion', hash: hashDeToken(k), usado: null });
    expect(tokens[0]!.vence.getTime() - env.clock.now().getTime()).toBe(48 * 3_600_000);
    expect(JSON.stringify(tokens)).not.toContain(k);
    expect(mail!.text).toContain(`${PUBLIC_URL}/confirmacion/${k}`);
  });

  it('sin confirmar no entra: con la clave correcta dice que falta confirmar; con otra, datos inválidos', async () => {
    const body = registro();
    expect((await registrar(body)).statusCode).toBe(201);
    const r = await login(body.usuario as string);
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ code: 'CUENTA_NO_CONFIRMADA', message: MENSAJES_CUENTAS.cuentaNoConfirmada });
    const mala = await login(body.usuario as string, 'otra-clave');
    expect(mala.statusCode).toBe(403);
    expect(mala.json().code).toBe('LOGIN_INVALIDO');
  });

  it('confirma, un segundo clic dice ya confirmada, y el propietario crea su primer cliente y su primera orden', async () => {
    const body = registro();
    expect((await registrar(body)).statusCode).toBe(201);
    const [mail] = await entregar(body.email);
    const k = tokenDe(mail!, 'confirmacion');

    const c1 = await confirmar(k);
    expect(c1.statusCode, c1.body).toBe(200);
    expect(c1.json()).toEqual({
      estado: 'confirmada',
      usuario: body.usuario,
      mensaje: MENSAJES_CUENTAS.cuentaConfirmada,
    });
    const c2 = await confirmar(k);
    expect(c2.statusCode).toBe(200);
    expect(c2.json()).toMatchObject({ estado: 'yaConfirmada', usuario: body.usuario });

    const l = await login(body.usuario as string);
    expect(l.statusCode, l.body).toBe(200);
    expect(l.json()).toMatchObject({
      usuario: body.usuario,
      entidadNombre: body.entidadNombre,
      plan: { nombre: 'Inicial', quota: 20, quotaDisponible: 20 },
      roles: [{ nombre: 'PROPIETARIO' }],
    });
    expect((l.json() as { permisosResumen: { nombre: string }[] }).permisosResumen.map((p) => p.nombre).sort()).toEqual(
      [...PERMISOS_GLOBALES].sort(),
    );
    const headers = auth(body.usuario as string, 'Clave1234!');
    const cliente = await env.app.inject({
      method: 'POST',
      url: '/api/v2/cliente',
      headers,
      payload: { nombre: 'Mi primer cliente' },
    });
    expect(cliente.statusCode, cliente.body).toBe(200);
    const prios = await env.app.inject({ method: 'GET', url: '/api/v2/prioridades', headers });
    expect(prios.json()).toHaveLength(4);
    const orden = await env.app.inject({
      method: 'POST',
      url: '/api/v2/ordenes/save',
      headers,
      payload: { titulo: 'Primera orden', cliente: cliente.json().id, responsable: [l.json().id] },
    });
    expect(orden.statusCode, orden.body).toBe(200);
  });

  it('un enlace vencido lo dice, se pide otro con el mismo enlace y el nuevo confirma', async () => {
    const body = registro();
    expect((await registrar(body)).statusCode).toBe(201);
    const [mail] = await entregar(body.email);
    const viejo = tokenDe(mail!, 'confirmacion');
    env.clock.advance(48 * 3_600_000 + 1000);
    const r = await confirmar(viejo);
    expect(r.statusCode).toBe(410);
    expect(r.json()).toMatchObject({ code: 'ENLACE_VENCIDO', message: MENSAJES_CUENTAS.enlaceVencido });

    const re = await reenviar({ k: viejo });
    expect(re.statusCode).toBe(200);
    expect(re.json()).toEqual({ ok: true, mensaje: MENSAJES_CUENTAS.reenvioHecho });
    const [nuevo] = await entregar(body.email);
    expect(nuevo!.destinatarios).toEqual([body.email]);
    const k = tokenDe(nuevo!, 'confirmacion');
    expect(k).not.toBe(viejo);
    expect((await confirmar(k)).json()).toMatchObject({ estado: 'confirmada' });
    // The old link of a confirmed account no longer says "expired".
    expect((await confirmar(viejo)).json()).toMatchObject({ estado: 'yaConfirmada' });
  });

  it('reenviar responde igual exista o no la cuenta, y solo manda a cuentas sin confirmar, con un tope por cuenta', async () => {
    const body = registro();
    expect((await registrar(body)).statusCode).toBe(201);
    await entregar(body.email);
    const respuestas = [
      await reenviar({ usuario: body.usuario as string }),
      await reenviar({ usuario: (body.email as string).toUpperCase() }),
      await reenviar({ usuario: 'nadie-se-llama-asi' }),
      await reenviar({ usuario: 'nadie@ninguna.com' }),
      await reenviar({ k: 'x'.repeat(43) }),
    ];
    for (const r of respuestas) {
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe(respuestas[0]!.body);
    }
    const mails = await entregar(body.email);
    // The sign-up's mail and these two: the cap of 3 per hour is reached, no more.
    expect(mails.map((m) => m.destinatarios[0])).toEqual([body.email, body.email]);
    expect((await reenviar({ usuario: body.usuario as string })).statusCode).toBe(200);
    expect(await entregar(body.email)).toHaveLength(0);

    // A confirmed account gets nothing.
    expect((await confirmar(tokenDe(mails[0]!, 'confirmacion'))).statusCode).toBe(200);
    env.clock.advance(3_600_000 + 1);
    expect((await reenviar({ usuario: body.usuario as string })).statusCode).toBe(200);
    expect(await entregar(body.email)).toHaveLength(0);
  });

  it('usuario o email ya usados (con cualquier mayúscula): la misma respuesta que un alta nueva, no crea nada y el buzón recibe un aviso', async () => {
    const body = registro();
    expect((await registrar(body)).statusCode).toBe(201);
    await entregar(body.email);
    const antes = await contar();
    // Issue 28: status and body as for a new account; only the mailbox named learns why.
    const igual = (r: Awaited<ReturnType<typeof registrar>>, b: Json) => {
      expect(r.statusCode).toBe(201);
      expect(r.json()).toEqual({
        ok: true,
        usuario: b.usuario,
        email: b.email,
        mensaje: MENSAJES_CUENTAS.registroHecho(b.email as string),
      });
    };
    const porLogin = registro({ usuario: (body.usuario as string).toUpperCase() });
    igual(await registrar(porLogin), porLogin);
    // Only the notice: the company written to take the same time was rolled back with its mail.
    const [avisoLogin, ...mas] = await entregar(porLogin.email);
    expect(mas).toEqual([]);
    expect(avisoLogin?.subject).toBe('No pudimos crear su cuenta de Delego');
    expect(avisoLogin?.text).toContain('ese nombre de usuario no está disponible');
    // Its button opens the sign-up form again, where another login name can be chosen.
    expect(avisoLogin?.text).toContain(`Registrarse de nuevo: ${PUBLIC_URL}/registro-usuario`);
    const porEmail = registro({ email: (body.email as string).toUpperCase() });
    igual(await registrar(porEmail), porEmail);
    // To the address as typed (the SMTP server lower-cases its domain).
    await entregar(null);
    const avisoEmail = smtp.mails.at(-1);
    expect(avisoEmail?.destinatarios.map((d) => d.toLowerCase())).toEqual([(body.email as string).toLowerCase()]);
    expect(avisoEmail?.subject).toBe('Alguien intentó registrar una cuenta de Delego con su correo');
    expect(avisoEmail?.text).toContain(`${PUBLIC_URL}/login`);
    expect(avisoEmail?.text).not.toMatch(/confirmacion\/|password-reset\//);
    // Two sign-ups with one login at once: one creates, both answer the same, nothing half-made.
    const dos = registro();
    const otro = { ...registro(), usuario: dos.usuario };
    const [a, b] = await Promise.all([registrar(dos), registrar(otro)]);
    igual(a, dos);
    igual(b, otro);
    expect(await contar()).toEqual({ e: antes!.e + 1, u: antes!.u + 1 });
  });

  it('datos inválidos: 4xx en español con el campo, nunca 5xx, y no crea nada', async () => {
    const antes = await contar();
    const casos: [Json | string, number, string, RegExp][] = [
      [registro({ email: 'no-es-un-email' }), 400, 'email', /email/i],
      [registro({ email: '' }), 400, 'email', /obligatorio/],
      [registro({ usuario: 'con espacios' }), 400, 'usuario', /usuario/i],
      [registro({ usuario: 'añoño' }), 400, 'usuario', /sin acentos/],
      [registro({ usuario: 'ab' }), 400, 'usuario', /3 a 60/],
      [registro({ password: 'Clave1234!' }), 400, 'password', /MD5/],
      [registro({ password: 'g'.repeat(32) }), 400, 'password', /MD5/],
      [registro({ aceptaTerminos: undefined }), 400, 'aceptaTerminos', /términos/],
      [registro({ aceptaTerminos: false }), 400, 'aceptaTerminos', /términos/],
      [registro({ nombre: '   ' }), 400, 'nombre', /nombre es obligatorio/],
      [registro({ apellido: undefined }), 400, 'apellido', /apellido es obligatorio/],
      [registro({ entidadNombre: 'x'.repeat(151) }), 400, 'entidadNombre', /150 caracteres/],
      [registro({ nombre: 'a\u0000b' }), 400, 'nombre', /carácter no permitido/],
      [registro({ cuit: '123' }), 400, 'cuit', /CUIT/],
      [registro({ telefono: '1'.repeat(51) }), 400, 'telefono', /50 caracteres/],
      ['{"usuario":', 400, '', /JSON/],
      [JSON.stringify({ ...registro(), relleno: 'x'.repeat(1024 * 1024) }), 413, '', /tamaño/],
    ];
    for (const [body, status, campo, mensaje] of casos) {
      const r = await registrar(body);
      const show = `${typeof body === 'string' ? body.slice(0, 40) : JSON.stringify(body).slice(0, 120)} -> ${r.body.slice(0, 200)}`;
      expect(r.statusCode, show).toBe(status);
      const err = r.json() as { code: string; message: string; field?: string };
      expect(err.message, show).toMatch(mensaje);
      if (campo) expect(err.field, show).toBe(campo);
    }
    expect(await contar()).toEqual(antes);
  });

  it('HTML en los nombres se guarda como texto y viaja escapado en el correo', async () => {
    const body = registro({ nombre: '<b>Ana</b>', entidadNombre: '<script>alert(1)</script> & Cía' });
    expect((await registrar(body)).statusCode).toBe(201);
    const [u] = await env.database.db
      .select()
      .from(usuarios)
      .where(eq(usuarios.usuario, body.usuario as string));
    expect(u!.nombre).toBe('<b>Ana</b>');
    const [mail] = await entregar(body.email);
    expect(mail!.text).toContain('Hola, <b>Ana</b>:');
    expect(mail!.html).toContain('Hola, &lt;b&gt;Ana&lt;/b&gt;:');
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Cía');
    expect(mail!.html).not.toMatch(/<script|<b>Ana/);
  });

  it('enlaces desconocidos, incompletos o demasiado largos: 4xx en español', async () => {
    const desconocido = await confirmar('A'.repeat(43));
    expect(desconocido.statusCode).toBe(404);
    expect(desconocido.json()).toMatchObject({ code: 'ENLACE_INVALIDO', message: MENSAJES_CUENTAS.enlaceInvalido });
    const falta = await get('/api/v2/confirmar');
    expect(falta.statusCode).toBe(400);
    expect(falta.json()).toMatchObject({ field: 'k' });
    const largo = await confirmar('k'.repeat(500));
    expect(largo.statusCode).toBe(400);
    expect(largo.json().message).toMatch(/enlace no es válido/);
    const reenvioVacio = await reenviar({});
    expect(reenvioVacio.statusCode).toBe(400);
    expect(reenvioVacio.json()).toMatchObject({ field: 'usuario' });
  });

  it('una ráfaga de 1.000 registros desde una dirección se frena: crea solo hasta el límite, 429 con Retry-After', async () => {
    const antes = await contar();
    const desde = '10.9.9.9';
    const estados = new Map<number, number>();
    let ultimo: { headers: Record<string, unknown>; body: string } | undefined;
    for (let i = 0; i < 1000; i++) {
      const r = await registrar(registro(), desde);
      estados.set(r.statusCode, (estados.get(r.statusCode) ?? 0) + 1);
      if (r.statusCode === 429) ultimo = r;
    }
    expect(Object.fromEntries(estados)).toEqual({ 201: 10, 429: 990 });
    expect(Number(ultimo!.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(ultimo!.body)).toMatchObject({ code: 'DEMASIADOS_INTENTOS' });
    expect(JSON.parse(ultimo!.body).message).toMatch(/^Demasiados pedidos seguidos\. Espere \d+ minutos?/);
    expect(await contar()).toEqual({ e: antes!.e + 10, u: antes!.u + 10 });
    // Another address is not held back by it.
    expect((await registrar(registro())).statusCode).toBe(201);
    await entregar(undefined);
  });
});
