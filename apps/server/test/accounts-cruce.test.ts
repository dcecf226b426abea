/**
 * Issue 28, a login name is never someone else's email, nor an email someone else's login (so
 * «Olvidé mi contraseña» for an email cannot be captured by a login equal to it), at user creation,
 * edits, the profile and the public sign-up. Mail goes to a real SMTP server on 127.0.0.1.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISOS_GLOBALES } from '@delego/contract';
import { SmtpCapture, cuentasEnv, registro } from './mail-helpers.js';
import { auth, makeClientes, makeEntidad, makeUsuario, md5, type TestEnv } from './helpers.js';

type Env = TestEnv & { dataDir: string };
type Json = Record<string, unknown>;

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await new SmtpCapture().start();
});
afterAll(() => smtp?.stop());

const DIA_MS = 24 * 3_600_000;

const llamar = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, usuario: string, payload?: Json) =>
  app.inject({ method, url, headers: auth(usuario), ...(payload ? { payload } : {}) });

/** A company with an admin, a client with an email and one order. `vieja`: created two days ago. */
async function empresa(env: Env, nombre: string, o: { vieja: boolean; admin: string; adminNombre?: string }) {
  const db = env.database.db;
  const now = env.clock.now();
  const creada = o.vieja ? { creada: new Date(now.getTime() - 2 * DIA_MS) } : {};
  const entidadId = await makeEntidad(db, { nombre, plan: 'Pyme', now, ...creada });
  const [cliente] = (await makeClientes(db, entidadId, [
    { nombre: 'Hotel', contacto: 'Rosa\nvisite evil.example.net', email: `rosa@${o.admin}.example.com` },
  ])) as [number];
  await makeUsuario(db, {
    entidadId,
    usuario: o.admin,
    nombre: o.adminNombre ?? 'Ana',
    apellido: 'Paz',
    email: `${o.admin}@empresa.example.com`,
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  const r = await llamar(env.app, 'POST', '/api/v2/ordenes/save', o.admin, {
    titulo: 'Arreglo www.titulo.example.com',
    cliente,
  });
  expect(r.statusCode, r.body).toBe(200);
  return { entidadId, ordenId: (r.json() as { id: number }).id, admin: o.admin };
}

/** What a capped call may have touched: the outbox, users, surveys, order history, billing delegations. */
async function huella(env: Env) {
  const r = await env.database.db.execute<Json>(sql`select
    (select count(*)::int from correo_salida) as correos, (select count(*)::int from usuarios) as usuarios,
    (select count(*)::int from encuesta) as encuestas, (select count(*)::int from orden_eventos) as eventos,
    (select count(*)::int from cuenta_tokens) as tokens`);
  return r.rows[0];
}

async function entregar(env: Env) {
  await env.puertos().accounts.idle();
  await env.puertos().mail.deliverPending();
}

describe('el nombre de usuario y el email no se cruzan', () => {
  it('al crear o editar usuarios, en el perfil y en el alta: 409 o el alta igual sin crear nada', async () => {
    const env = await cuentasEnv(smtp);
    try {
      const e = await empresa(env, 'Cruce S.A.', { vieja: true, admin: 'cadmin' });
      const guardar = (b: Json) =>
        llamar(env.app, 'POST', '/api/v4/usuario', e.admin, { ...(b.id ? {} : { password: md5('Demo1234!') }), ...b });
      const antes = await huella(env);
      // A login name that is someone else's email (any case).
      let r = await guardar({ usuario: 'CADMIN@empresa.example.com', nombre: 'X', email: 'x@cliente.example.com' });
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({
        field: 'usuario',
        message: 'El nombre de usuario no puede ser el email de otra persona. Elija otro.',
      });
      // An email that is someone else's login.
      r = await guardar({ usuario: 'nuevo', nombre: 'X', email: 'nuevo@cliente.example.com' });
      expect(r.statusCode, r.body).toBe(200);
      const id = (r.json() as { id: number }).id;
      const conLogin = await guardar({ usuario: 'a@cliente.example.com', nombre: 'Z', email: 'a@cliente.example.com' });
      expect(conLogin.statusCode).toBe(200); // their own email as login is fine
      r = await guardar({ id, usuario: 'nuevo', nombre: 'X', email: 'A@cliente.example.com' });
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({
        field: 'email',
        message: 'Ese email es el nombre de usuario de otra cuenta y no se puede usar. Indique otro.',
      });
      r = await guardar({ usuario: 'zeta', nombre: 'Z', email: 'a@CLIENTE.example.com' });
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({ field: 'email' });
      // The profile: the same two rules.
      r = await llamar(env.app, 'POST', '/api/v2/profile', 'nuevo', { username: 'cadmin@empresa.example.com' });
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({ field: 'username' });
      r = await llamar(env.app, 'PUT', '/api/v2/profile', 'nuevo', { email: 'a@cliente.example.com' });
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({ field: 'email' });
      expect((await huella(env))!.usuarios).toBe((antes!.usuarios as number) + 2);

      // The public sign-up: a login that is an email of an account creates nothing, and answers the same.
      const cuentas = async () => (await huella(env))!.usuarios;
      const n = await cuentas();
      const body = registro({ usuario: 'cadmin@empresa.example.com' });
      const alta = await env.app.inject({
        method: 'POST',
        url: '/api/v2/registrar/usuario',
        payload: body,
        remoteAddress: '10.5.0.9',
      });
      expect(alta.statusCode).toBe(201);
      expect(await cuentas()).toBe(n);
      await entregar(env);
      expect(smtp.para(body.email as string).map((m) => m.subject)).toEqual(['No pudimos crear su cuenta de Delego']);
      // «Olvidé mi contraseña» for that email reaches only its owner.
      const antesRec = smtp.mails.length;
      await env.app.inject({
        method: 'GET',
        url: '/api/v2/recuperarPassword?username=cadmin@empresa.example.com',
        remoteAddress: '10.5.0.10',
      });
      await entregar(env);
      expect(smtp.mails.slice(antesRec).flatMap((m) => m.destinatarios)).toEqual(['cadmin@empresa.example.com']);
    } finally {
      await env.close();
    }
  });
});
