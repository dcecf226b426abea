/**
 * Password recovery and invitations (issue 12): GET /api/v2/recuperarPassword,
 * GET /api/v2/recuperarPassword/enlace, GET /api/v2/confirmarRecuperarPassword, and the admin's
 * POST /api/v4/usuario with `invitar`. The mails go through a real SMTP server on 127.0.0.1.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MENSAJES_CUENTAS, PERMISOS_GLOBALES, type UsuarioAdmin } from '@delego/contract';
import { correoSalida, cuentaTokens, usuarios } from '../src/db/schema.js';
import type { DomainEvent } from '../src/kernel/bus.js';
import { PUBLIC_URL, SmtpCapture, cuentasEnv, tokenDe } from './mail-helpers.js';
import { auth, makeEntidad, makeUsuario, md5, type TestEnv } from './helpers.js';

/** A 1x1 PNG as the company logo. */
const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let smtp: SmtpCapture;
let env: TestEnv;
let demo: number;
let ip = 0;
const nuevaDireccion = () => `10.2.0.${++ip}`;

beforeAll(async () => {
  smtp = await new SmtpCapture().start();
  env = await cuentasEnv(smtp);
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo Servicios S.A.', plan: 'Pyme', now, logo: LOGO });
  const otra = await makeEntidad(db, { nombre: 'Otra Empresa S.R.L.', plan: 'Ilimitado', now });
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'duenia',
    nombre: 'Laura',
    apellido: 'Fernández',
    email: 'laura@demo.com.ar',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'otra',
    nombre: 'Roberto',
    email: 'roberto@otra.com.ar',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
  for (const [usuario, email] of [
    ['carla', 'carla@demo.com.ar'],
    ['diego', 'diego@demo.com.ar'],
    ['eva', 'eva@demo.com.ar'],
    ['flor', 'flor@demo.com.ar'],
    ['gus', 'gus@demo.com.ar'],
  ] as const) {
    await makeUsuario(db, { entidadId: demo, usuario, nombre: usuario, email, roles: ['OPERARIO'] });
  }
  await makeUsuario(db, { entidadId: demo, usuario: 'baja', nombre: 'Baja', email: 'baja@demo.com.ar', activo: false });
});
afterAll(async () => {
  await env?.close();
  await smtp?.stop();
});

const get = (url: string, remoteAddress = nuevaDireccion()) => env.app.inject({ method: 'GET', url, remoteAddress });
const recuperar = (username: string, remoteAddress?: string) =>
  get(`/api/v2/recuperarPassword?username=${encodeURIComponent(username)}&tsp=1`, remoteAddress);
const enlace = (k: string) => get(`/api/v2/recuperarPassword/enlace?k=${encodeURIComponent(k)}`);
const restablecer = (k: string, password: string, confirmPassword = password) =>
  get(
    `/api/v2/confirmarRecuperarPassword?k=${encodeURIComponent(k)}&password=${password}&confirmPassword=${confirmPassword}`,
  );
const login = (usuario: string, password: string) =>
  env.app.inject({ method: 'GET', url: '/api/v4/login', headers: auth(usuario, password) });
const guardarUsuario = (quien: string, body: Record<string, unknown>) =>
  env.app.inject({ method: 'POST', url: '/api/v4/usuario', headers: auth(quien), payload: body });

async function entregar(email: string) {
  const antes = smtp.mails.length;
  await env.puertos().accounts.idle();
  await env.puertos().mail.deliverPending();
  return smtp.mails.slice(antes).filter((m) => m.destinatarios.includes(email));
}

describe('entre empresas', () => {
  it('el admin de otra empresa no ve, no reinvita ni cambia a un invitado de Demo', async () => {
    const r = await guardarUsuario('duenia', {
      usuario: 'invitado-demo',
      nombre: 'Iván',
      email: 'ivan@demo.com.ar',
      invitar: true,
    });
    expect(r.statusCode, r.body).toBe(200);
    const id = (r.json() as UsuarioAdmin).id;
    await entregar('ivan@demo.com.ar');
    const otra = auth('otra');
    const lista = await env.app.inject({ method: 'GET', url: '/api/v2/usuarios', headers: otra });
    expect((lista.json() as UsuarioAdmin[]).map((u) => u.usuario)).toEqual(['otra']);
    expect((await env.app.inject({ method: 'GET', url: `/api/v4/usuario/${id}`, headers: otra })).statusCode).toBe(404);
    const reinvitar = await guardarUsuario('otra', { id, usuario: 'invitado-demo', nombre: 'Iván', invitar: true });
    expect(reinvitar.statusCode).toBe(404);
    expect(await entregar('ivan@demo.com.ar')).toHaveLength(0);
    const [fila] = await env.database.db.select().from(usuarios).where(eq(usuarios.id, id));
    expect(fila).toMatchObject({ entidadId: demo, nombre: 'Iván', passwordHash: null });
  });
});

describe('recuperar la contraseña', () => {
  it('responde lo mismo para un usuario, un email, una cuenta inexistente y una dada de baja', async () => {
    const respuestas = [
      await recuperar('carla'),
      await recuperar('CARLA@demo.com.ar'),
      await recuperar('nadie'),
      await recuperar('nadie@ninguna.com'),
      await recuperar('baja'),
    ];
    for (const r of respuestas) {
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe(respuestas[0]!.body);
    }
    expect(respuestas[0]!.json()).toEqual({ ok: true, mensaje: MENSAJES_CUENTAS.recuperacionHecha });
    expect(await entregar('carla@demo.com.ar')).toHaveLength(2);
    expect(await entregar('baja@demo.com.ar')).toHaveLength(0);
  });

  it('responde antes de buscar la cuenta: la respuesta no tarda más cuando la cuenta existe', async () => {
    const users = env.puertos().identity;
    const original = users.listCuentas.bind(users);
    let buscadas = 0;
    const espia = vi.spyOn(users, 'listCuentas').mockImplementation(async (v) => {
      await new Promise((r) => setTimeout(r, 400));
      buscadas++;
      return original(v);
    });
    try {
      const t0 = performance.now();
      const r = await recuperar('diego');
      const ms = performance.now() - t0;
      expect(r.statusCode).toBe(200);
      expect(ms).toBeLessThan(300);
      expect(buscadas).toBe(0);
      expect(await entregar('diego@demo.com.ar')).toHaveLength(1);
      expect(buscadas).toBe(1);
    } finally {
      espia.mockRestore();
    }
  });

  it('el enlace dice para quién es, fija la contraseña, gasta todos los enlaces y olvida las credenciales', async () => {
    const db = env.database.db;
    const [eva] = await db.select().from(usuarios).where(eq(usuarios.usuario, 'eva'));
    // A header verified before: cached, and a live socket would be open.
    expect((await login('eva', 'Demo1234!')).statusCode).toBe(200);
    expect((await recuperar('eva')).statusCode).toBe(200);
    expect((await recuperar('eva@demo.com.ar')).statusCode).toBe(200);
    const mails = await entregar('eva@demo.com.ar');
    expect(mails).toHaveLength(2);
    const [k1, k2] = mails.map((m) => tokenDe(m, 'password-reset')) as [string, string];
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/password-reset/${k1}`);
    expect(mails[0]!.subject).toBe('Elija una contraseña nueva para Delego');

    const info = await enlace(k1);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toEqual({
      tipo: 'recuperacion',
      nombre: 'eva',
      entidadNombre: 'Demo Servicios S.A.',
      vence: env.clock.now().getTime() + 3_600_000,
    });

    const distintas = await restablecer(k1, md5('Nueva1234!'), md5('Otra1234!'));
    expect(distintas.statusCode).toBe(400);
    expect(distintas.json()).toMatchObject({
      field: 'confirmPassword',
      message: expect.stringMatching(/no coinciden/),
    });
    const noHex = await restablecer(k1, 'Nueva1234!');
    expect(noHex.statusCode).toBe(400);
    expect(noHex.json()).toMatchObject({ field: 'password', message: expect.stringMatching(/MD5/) });

    const eventos: DomainEvent[] = [];
    const off = env.app.bus.subscribe((e) => eventos.push(e));
    const ok = await restablecer(k1, md5('Nueva1234!'));
    off();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      ok: true,
      tipo: 'recuperacion',
      usuario: 'eva',
      mensaje: MENSAJES_CUENTAS.passwordCambiada,
    });
    // Every instance forgets the cached credentials and closes the user's sockets.
    expect(eventos).toContainEqual({ type: 'usuario.credencialesCambiadas', entidadId: demo, usuarioId: eva!.id });
    expect((await login('eva', 'Demo1234!')).statusCode).toBe(403);
    expect((await login('eva', 'Nueva1234!')).statusCode).toBe(200);

    for (const k of [k1, k2]) {
      const r = await restablecer(k, md5('Otra1234!'));
      expect(r.statusCode).toBe(410);
      expect(r.json()).toMatchObject({ code: 'ENLACE_USADO', message: MENSAJES_CUENTAS.enlaceUsado });
    }
    expect((await enlace(k2)).json().code).toBe('ENLACE_USADO');
    const tokens = await db.select().from(cuentaTokens).where(eq(cuentaTokens.usuarioId, eva!.id));
    expect(tokens.every((t) => t.usado !== null)).toBe(true);
  });

  it('un enlace vencido (1 hora) o desconocido lo dice', async () => {
    expect((await recuperar('flor')).statusCode).toBe(200);
    const [mail] = await entregar('flor@demo.com.ar');
    const k = tokenDe(mail!, 'password-reset');
    env.clock.advance(3_600_000);
    const r = await restablecer(k, md5('Nueva1234!'));
    expect(r.statusCode).toBe(410);
    expect(r.json()).toMatchObject({ code: 'ENLACE_VENCIDO', message: MENSAJES_CUENTAS.enlaceVencido });
    expect((await enlace(k)).statusCode).toBe(410);
    const desconocido = await restablecer('Z'.repeat(43), md5('Nueva1234!'));
    expect(desconocido.statusCode).toBe(404);
    expect(desconocido.json().code).toBe('ENLACE_INVALIDO');
    expect((await enlace('x')).json().code).toBe('ENLACE_INVALIDO');
    expect((await login('flor', 'Demo1234!')).statusCode).toBe(200);
  });

  it('parámetros que faltan o inválidos: 400 en español con el campo', async () => {
    const casos: [string, string][] = [
      ['/api/v2/recuperarPassword', 'username'],
      ['/api/v2/recuperarPassword?username=', 'username'],
      [`/api/v2/recuperarPassword?username=${'a'.repeat(300)}`, 'username'],
      ['/api/v2/recuperarPassword?username=%00', 'username'],
      ['/api/v2/recuperarPassword/enlace', 'k'],
      [`/api/v2/confirmarRecuperarPassword?k=abc&password=${md5('a')}`, 'confirmPassword'],
      [`/api/v2/confirmarRecuperarPassword?password=${md5('a')}&confirmPassword=${md5('a')}`, 'k'],
    ];
    for (const [url, campo] of casos) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().field, url).toBe(campo);
      expect(r.json().message, url).toMatch(/[a-záéíóú]/);
    }
  });

  it('una ráfaga de 1.000 pedidos desde una dirección se frena, y a la cuenta le llegan a lo sumo 3 correos', async () => {
    const estados = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const r = await recuperar(i % 2 ? 'gus' : `gus${i}@demo.com.ar`, '10.3.3.3');
      estados.set(r.statusCode, (estados.get(r.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(estados)).toEqual({ 200: 10, 429: 990 });
    // Asked for from other addresses too, the account still gets at most 3 mails an hour.
    for (let i = 0; i < 4; i++) expect((await recuperar('gus@demo.com.ar')).statusCode).toBe(200);
    expect(await entregar('gus@demo.com.ar')).toHaveLength(3);
    const r = await recuperar('gus', '10.3.3.3');
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('invitaciones', () => {
  it('el admin invita sin contraseña: llega el correo con la empresa y su logo, y el invitado elige la suya', async () => {
    const r = await guardarUsuario('duenia', {
      usuario: 'hugo',
      nombre: 'Hugo',
      apellido: 'Paz',
      email: 'hugo@demo.com.ar',
      invitar: true,
      permisos: ['crearOrden'],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ usuario: 'hugo', invitacionPendiente: true });
    const [mail] = await entregar('hugo@demo.com.ar');
    expect(mail!.subject).toBe('Laura Fernández lo invita a Demo Servicios S.A. en Delego');
    expect(mail!.text).toContain('Su usuario es: hugo.');
    expect(mail!.text).toContain('vence en 7 días');
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({ contentType: 'image/png', cid: 'logo@delego' });
    const k = tokenDe(mail!, 'password-reset');
    // No password works before the person chooses one.
    expect((await login('hugo', 'Demo1234!')).statusCode).toBe(403);

    expect((await enlace(k)).json()).toEqual({
      tipo: 'invitacion',
      nombre: 'Hugo',
      entidadNombre: 'Demo Servicios S.A.',
      vence: env.clock.now().getTime() + 7 * 24 * 3_600_000,
    });
    const ok = await restablecer(k, md5('MiClave99!'));
    expect(ok.json()).toMatchObject({ ok: true, tipo: 'invitacion', usuario: 'hugo' });
    const l = await login('hugo', 'MiClave99!');
    expect(l.statusCode).toBe(200);
    expect(l.json()).toMatchObject({
      entidadNombre: 'Demo Servicios S.A.',
      permisosResumen: [{ nombre: 'crearOrden' }],
    });
    const visto = await env.app.inject({
      method: 'GET',
      url: `/api/v4/usuario/${r.json().id}`,
      headers: auth('duenia'),
    });
    expect(visto.json()).toMatchObject({ invitacionPendiente: false });
    // Once the password is chosen there is nothing to invite to.
    const otra = await guardarUsuario('duenia', { id: r.json().id, usuario: 'hugo', nombre: 'Hugo', invitar: true });
    expect(otra.statusCode).toBe(400);
    expect(otra.json()).toMatchObject({ field: 'invitar' });
  });

  it('reenviar la invitación gasta la anterior; sin email o con contraseña a la vez: 400 con el campo', async () => {
    const r = await guardarUsuario('duenia', {
      usuario: 'ines',
      nombre: 'Inés',
      email: 'ines@demo.com.ar',
      invitar: true,
    });
    expect(r.statusCode).toBe(200);
    const [primera] = await entregar('ines@demo.com.ar');
    const again = await guardarUsuario('duenia', { id: r.json().id, usuario: 'ines', nombre: 'Inés', invitar: true });
    expect(again.statusCode, again.body).toBe(200);
    const [segunda] = await entregar('ines@demo.com.ar');
    expect((await enlace(tokenDe(primera!, 'password-reset'))).json().code).toBe('ENLACE_USADO');
    expect((await enlace(tokenDe(segunda!, 'password-reset'))).statusCode).toBe(200);

    const antes = (await env.database.db.select().from(usuarios)).length;
    const correos = (await env.database.db.select().from(correoSalida)).length;
    const sinEmail = await guardarUsuario('duenia', { usuario: 'juan', nombre: 'Juan', invitar: true });
    expect(sinEmail.statusCode).toBe(400);
    expect(sinEmail.json()).toMatchObject({ field: 'email', message: expect.stringMatching(/email/) });
    const ambas = await guardarUsuario('duenia', {
      usuario: 'juan',
      nombre: 'Juan',
      email: 'juan@demo.com.ar',
      invitar: true,
      password: md5('x'),
    });
    expect(ambas.statusCode).toBe(400);
    expect(ambas.json()).toMatchObject({ field: 'invitar' });
    const ninguna = await guardarUsuario('duenia', { usuario: 'juan', nombre: 'Juan', email: 'juan@demo.com.ar' });
    expect(ninguna.statusCode).toBe(400);
    expect(ninguna.json()).toMatchObject({ field: 'password' });
    expect((await env.database.db.select().from(usuarios)).length).toBe(antes);
    expect((await env.database.db.select().from(correoSalida)).length).toBe(correos);
  });

  it('si el administrador le elige la contraseña a un invitado, el enlace de la invitación deja de servir', async () => {
    const r = await guardarUsuario('duenia', {
      usuario: 'olga',
      nombre: 'Olga',
      email: 'olga@demo.com.ar',
      invitar: true,
    });
    expect(r.statusCode).toBe(200);
    const [invitacion] = await entregar('olga@demo.com.ar');
    const k = tokenDe(invitacion!, 'password-reset');
    expect((await enlace(k)).statusCode).toBe(200);

    const conPassword = await guardarUsuario('duenia', {
      id: r.json().id,
      usuario: 'olga',
      nombre: 'Olga',
      password: md5('Elegida123!'),
    });
    expect(conPassword.statusCode, conPassword.body).toBe(200);
    expect((await enlace(k)).json().code).toBe('ENLACE_USADO');
    expect(
      (await env.app.inject({ method: 'GET', url: '/api/v2/plan/estado', headers: auth('olga', 'Elegida123!') }))
        .statusCode,
    ).toBe(200);
  });
});
