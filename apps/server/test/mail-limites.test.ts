/**
 * Issue 28, outgoing mail capped and plain (docs/CORREO.md, «Límites de envío»): the caps per
 * recipient, per company and for a company created in the last 24 h, counted in the outbox (so two
 * instances share them); a refused call is 429 and sends and changes nothing. Names that carry URLs
 * and line breaks come out as plain text; every mail has its footer; no log line has a token.
 * Mail goes to a real SMTP server on 127.0.0.1 (SmtpCapture), or to .eml files for the log test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISOS_GLOBALES } from '@delego/contract';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { LIMITES_CORREO } from '../src/modules/mail/limites.js';
import { PUBLIC_URL, SmtpCapture, cuentasEnv, registro, tokenDe } from './mail-helpers.js';
import { seedDemo } from '../src/seed/demo.js';
import { auth, makeClientes, makeEntidad, makeUsuario, openTestDatabase, type TestEnv } from './helpers.js';

type Env = TestEnv & { dataDir: string };
type Json = Record<string, unknown>;

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await new SmtpCapture().start();
});
afterAll(() => smtp?.stop());

const CONTACTO = 'abuso@delego.example.com';
const DIA_MS = 24 * 3_600_000;
let ip = 0;

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

type Empresa = Awaited<ReturnType<typeof empresa>>;

/** The four unsolicited mails, each to `email`. */
const no = {
  compartir: (app: FastifyInstance, e: Empresa, email: string) =>
    llamar(app, 'POST', `/api/v2/orden/${e.ordenId}/compartir/correo`, e.admin, { email }),
  facturacion: (app: FastifyInstance, e: Empresa, email: string) =>
    llamar(app, 'POST', `/api/v2/delegar/facturacion/${e.ordenId}`, e.admin, { email }),
  encuesta: (app: FastifyInstance, e: Empresa, email: string) =>
    llamar(app, 'POST', '/api/v2/encuesta/enviar', e.admin, { ordenId: e.ordenId, email }),
  invitar: (app: FastifyInstance, e: Empresa, email: string, usuario = `inv${++ip}`) =>
    llamar(app, 'POST', '/api/v4/usuario', e.admin, {
      usuario,
      nombre: 'Iván http://x.example.com',
      email,
      invitar: true,
    }),
};

/** What a capped call may have touched: the outbox, users, surveys, order history, billing delegations. */
async function huella(env: Env) {
  const r = await env.database.db.execute<Json>(sql`select
    (select count(*)::int from correo_salida) as correos, (select count(*)::int from usuarios) as usuarios,
    (select count(*)::int from encuesta) as encuestas, (select count(*)::int from orden_eventos) as eventos,
    (select count(*)::int from cuenta_tokens) as tokens`);
  return r.rows[0];
}

function rechazada(r: LightMyRequestResponse, patron: RegExp) {
  expect(r.statusCode, r.body).toBe(429);
  expect(r.json()).toMatchObject({ code: 'DEMASIADOS_INTENTOS', field: 'email' });
  expect(r.json().message).toMatch(patron);
  const espera = Number(r.headers['retry-after']);
  expect(espera).toBeGreaterThan(0);
  expect(espera).toBeLessThanOrEqual(DIA_MS / 1000);
  return espera;
}

async function entregar(env: Env) {
  await env.puertos().accounts.idle();
  await env.puertos().mail.deliverPending();
}

describe('límites por destinatario y por empresa', () => {
  let env: Env;
  beforeAll(async () => {
    env = await cuentasEnv(smtp, {}, { mailContacto: CONTACTO });
  });
  afterAll(() => env?.close());

  it(`a una dirección, a lo sumo ${LIMITES_CORREO.porDestinatario} correos no pedidos por día de una empresa; el siguiente es 429 y no envía ni cambia nada`, async () => {
    const e = await empresa(env, 'Vieja S.A.', { vieja: true, admin: 'vadmin' });
    const dest = 'destino@cliente.example.com';
    // Three different kinds to one address: they all count.
    expect((await no.invitar(env.app, e, dest)).statusCode).toBe(200);
    expect((await no.compartir(env.app, e, dest)).statusCode).toBe(200);
    expect((await no.facturacion(env.app, e, dest)).statusCode).toBe(200);
    const antes = await huella(env);
    for (const r of [
      await no.encuesta(env.app, e, dest),
      await no.invitar(env.app, e, dest.toUpperCase()),
      await no.compartir(env.app, e, ` ${dest}`.trim().replace('destino', 'DESTINO')),
      await no.facturacion(env.app, e, dest),
    ]) {
      rechazada(r, /ya recibió 3 correos de su empresa en las últimas 24 horas.*Podrá volver a escribirle en 24 horas/);
    }
    expect(await huella(env)).toEqual(antes);
    // Another address is not capped, nor is another company writing to the same one.
    expect((await no.compartir(env.app, e, 'otra@cliente.example.com')).statusCode).toBe(200);
    const otra = await empresa(env, 'Otra S.A.', { vieja: true, admin: 'oadmin' });
    expect((await no.compartir(env.app, otra, dest)).statusCode).toBe(200);
    await entregar(env);
    expect(smtp.para(dest)).toHaveLength(LIMITES_CORREO.porDestinatario + 1);

    // A day later the address can be written to again.
    env.clock.advance(DIA_MS + 1_000);
    expect((await no.encuesta(env.app, e, dest)).statusCode).toBe(200);
  });

  it(`una empresa manda a lo sumo ${LIMITES_CORREO.porEmpresa} correos no pedidos por día; los pedidos (recuperación, avisos) no cuentan ni se frenan`, async () => {
    const e = await empresa(env, 'Grande S.A.', { vieja: true, admin: 'gadmin' });
    const ahora = env.clock.now().getTime();
    // The outbox already holds the rest of the day's mails: the count is the database's.
    const filas = (n: number, tipo: string, hace: number) =>
      env.database.db.execute(sql`
        insert into correo_salida (entidad_id, tipo, para, asunto, html, texto, message_id, proximo_intento, creado, estado)
        select ${e.entidadId}, ${tipo}, 'p' || g || '@lleno.example.com', 'a', '', '', ${tipo} || ${hace} || '-' || g,
          ${new Date(ahora).toISOString()}::timestamptz, ${new Date(ahora - hace).toISOString()}::timestamptz, 'enviado'
        from generate_series(1, ${n}) g`);
    await filas(LIMITES_CORREO.porEmpresa - 1, 'enlace_orden', 3_600_000);
    await filas(50, 'invitacion', DIA_MS + 60_000); // older than a day
    await filas(50, 'recuperacion', 60_000); // asked for: not counted
    expect((await no.compartir(env.app, e, 'ultimo@cliente.example.com')).statusCode).toBe(200);
    const antes = await huella(env);
    const espera = rechazada(
      await no.invitar(env.app, e, 'uno-mas@cliente.example.com'),
      new RegExp(
        `su empresa llegó al límite de ${LIMITES_CORREO.porEmpresa} correos en 24 horas\\. Podrá enviar más en 23 horas`,
      ),
    );
    // The oldest counted mail leaves the window in 23 hours.
    expect(espera).toBeGreaterThan(22 * 3600);
    expect(espera).toBeLessThanOrEqual(23 * 3600);
    expect(await huella(env)).toEqual(antes);
    // A password reset the user asked for still goes (it has its own per-account limits).
    const r = await env.app.inject({
      method: 'GET',
      url: '/api/v2/recuperarPassword?username=gadmin',
      remoteAddress: '10.9.0.1',
    });
    expect(r.statusCode).toBe(200);
    await entregar(env);
    expect(smtp.para('gadmin@empresa.example.com').map((m) => m.subject)).toEqual([
      'Elija una contraseña nueva para Delego',
    ]);
  });

  it('dos instancias sobre la misma base comparten los límites (se cuentan en la base, no en memoria)', async () => {
    const e = await empresa(env, 'Dos S.A.', { vieja: true, admin: 'dadmin' });
    const otraInstancia = await buildApp({
      config: testConfig({ dataDir: env.dataDir, publicUrl: PUBLIC_URL, smtpUrl: smtp.url }),
      database: env.database,
      clock: env.clock,
      push: null,
    });
    try {
      const dest = 'compartido@cliente.example.com';
      expect((await no.compartir(env.app, e, dest)).statusCode).toBe(200);
      expect((await no.compartir(otraInstancia, e, dest)).statusCode).toBe(200);
      expect((await no.compartir(env.app, e, dest)).statusCode).toBe(200);
      rechazada(await no.compartir(otraInstancia, e, dest), /ya recibió 3 correos/);
      // At the same time on both: exactly the cap passes.
      const dest2 = 'a-la-vez@cliente.example.com';
      const rs = await Promise.all(
        [env.app, otraInstancia, env.app, otraInstancia, env.app, otraInstancia].map((app) =>
          no.compartir(app, e, dest2),
        ),
      );
      expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    } finally {
      await otraInstancia.close();
    }
  });
});

describe('empresa registrada en las últimas 24 horas', () => {
  it('mide cuántos correos manda una empresa recién registrada a una dirección y en total antes del 429', async () => {
    const env = await cuentasEnv(smtp);
    try {
      const body = registro({ entidadNombre: 'Relay http://spam.example.com' });
      const alta = await env.app.inject({
        method: 'POST',
        url: '/api/v2/registrar/usuario',
        payload: body,
        remoteAddress: '10.8.0.1',
      });
      expect(alta.statusCode).toBe(201);
      await entregar(env);
      const k = tokenDe(smtp.para(body.email as string)[0]!, 'confirmacion');
      expect(
        (await env.app.inject({ method: 'GET', url: `/api/v2/confirmar?k=${k}`, remoteAddress: '10.8.0.2' }))
          .statusCode,
      ).toBe(200);
      const usuario = body.usuario as string;
      const fila = await env.database.db.execute<{ entidad_id: number }>(
        sql`select entidad_id from usuarios where usuario = ${usuario}`,
      );
      const [cliente] = (await makeClientes(env.database.db, fila.rows[0]!.entidad_id, [{ nombre: 'Cliente' }])) as [
        number,
      ];
      const o = await env.app.inject({
        method: 'POST',
        url: '/api/v2/ordenes/save',
        headers: auth(usuario, 'Clave1234!'),
        payload: { titulo: 'Orden', cliente },
      });
      expect(o.statusCode, o.body).toBe(200);
      const e = { entidadId: 0, ordenId: (o.json() as { id: number }).id, admin: usuario };
      const comoDuenio = (email: string) =>
        env.app.inject({
          method: 'POST',
          url: `/api/v2/orden/${e.ordenId}/compartir/correo`,
          headers: auth(usuario, 'Clave1234!'),
          payload: { email },
        });
      const inicio = Date.now();
      // The probe: one address, as fast as it answers.
      let aUna = 0;
      for (let i = 0; i < 200; i++) {
        const r = await comoDuenio('victima@example.com');
        if (r.statusCode !== 200) {
          rechazada(r, /ya recibió 2 correos/);
          break;
        }
        aUna++;
      }
      let total = aUna;
      for (let i = 0; i < 500; i++) {
        const r = await comoDuenio(`v${i}@example.com`);
        if (r.statusCode !== 200) {
          rechazada(r, /límite de 20 correos en 24 horas que tiene una empresa durante su primer día en Delego/);
          break;
        }
        total++;
      }
      const ms = Date.now() - inicio;
      expect({ aUna, total }).toEqual({
        aUna: LIMITES_CORREO.porDestinatarioNueva,
        total: LIMITES_CORREO.porEmpresaNueva,
      });
      await entregar(env);
      expect(smtp.para('victima@example.com')).toHaveLength(LIMITES_CORREO.porDestinatarioNueva);
      // For the closing note (docs/CORREO.md).
      console.info(`empresa nueva: ${aUna} a una dirección, ${total} en total, rechazos en ${ms} ms`);
    } finally {
      await env.close();
    }
  });
});

describe('avisos del alta', () => {
  it(`a una dirección llegan a lo sumo ${LIMITES_CORREO.avisosRegistro} avisos de altas que no crearon nada por día, y el alta responde igual`, async () => {
    const env = await cuentasEnv(smtp);
    try {
      const duenio = registro();
      const alta = (b: Json) =>
        env.app.inject({
          method: 'POST',
          url: '/api/v2/registrar/usuario',
          payload: b,
          remoteAddress: `10.2.0.${++ip}`,
        });
      expect((await alta(duenio)).statusCode).toBe(201);
      await entregar(env);
      const antes = smtp.para(duenio.email as string).length;
      for (let i = 0; i < LIMITES_CORREO.avisosRegistro + 2; i++) {
        // An hour apart, past the sign-up's own per-account limit (3 an hour, in memory), within a day.
        env.clock.advance(3_600_000 + 1_000);
        const r = await alta(registro({ email: duenio.email }));
        expect(r.statusCode, r.body).toBe(201);
      }
      await entregar(env);
      const avisos = smtp.para(duenio.email as string).slice(antes);
      expect(avisos.map((m) => m.subject)).toEqual(
        Array(LIMITES_CORREO.avisosRegistro).fill('Alguien intentó registrar una cuenta de Delego con su correo'),
      );
    } finally {
      await env.close();
    }
  });
});

describe('la demo', () => {
  it('sus empresas no cuentan como recién registradas: tienen los límites de una empresa con historia', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      await database.migrate();
      const ahora = new Date();
      await seedDemo(database.db, ahora);
      const r = await database.db.execute<{ nombre: string; creada: string }>(
        sql`select nombre, creada from entidades`,
      );
      expect(r.rows.length).toBeGreaterThan(0);
      for (const e of r.rows) expect(new Date(e.creada).getTime()).toBeLessThan(ahora.getTime() - DIA_MS);
    } finally {
      await drop();
    }
  });
});

describe('correos planos y con pie', () => {
  it('nombres con URLs y saltos de línea salen como texto, sin enlaces, en una línea; todo correo lleva el pie', async () => {
    const env = await cuentasEnv(smtp, {}, { mailContacto: CONTACTO });
    try {
      const e = await empresa(env, 'Acme http://evil.example.com/x\r\nwww.phish.com', {
        vieja: true,
        admin: 'padmin',
        adminNombre: 'Ana https://mal.example.org',
      });
      const dest = 'plano@cliente.example.com';
      expect((await no.compartir(env.app, e, dest)).statusCode).toBe(200);
      expect((await no.invitar(env.app, e, dest)).statusCode).toBe(200);
      expect((await no.encuesta(env.app, e, dest)).statusCode).toBe(200);
      await entregar(env);
      const mails = smtp.para(dest);
      expect(mails).toHaveLength(3);
      const empresaPlana = 'Acme hxxp[:]//evil[.]example[.]com/x www[.]phish[.]com';
      for (const m of mails) {
        const html = m.html || '';
        const texto = m.text ?? '';
        for (const crudo of [
          'http://evil',
          'evil.example.com',
          'www.phish.com',
          'https://mal',
          'mal.example.org',
          'evil.example.net',
          'www.titulo.example.com',
          'x.example.com',
        ]) {
          expect(html).not.toContain(crudo);
          expect(texto).not.toContain(crudo);
          expect(m.subject).not.toContain(crudo);
        }
        // Every link in the HTML is ours: the app's pages and the contact address.
        const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((x) => x[1]!);
        expect(hrefs.length).toBeGreaterThan(0);
        for (const h of hrefs) expect(h.startsWith(`${PUBLIC_URL}/`) || h === `mailto:${CONTACTO}`).toBe(true);
        // In the text, the name is on one line; no URL but ours.
        expect(texto.split('\n')).toContain(empresaPlana);
        for (const url of texto.match(/[a-z]+:\/\/\S+/gi) ?? []) expect(url.startsWith(`${PUBLIC_URL}/`)).toBe(true);
        // The footer: who sent it, through Delego, and how to stop it.
        expect(texto).toContain(`Este correo lo envió ${empresaPlana} a través de Delego`);
        expect(texto).toContain('Si no esperaba este correo, ignórelo.');
        expect(texto).toContain(
          `Para no recibir más correos de ${empresaPlana}, o para avisarnos de un abuso, escriba a ${CONTACTO}.`,
        );
        expect(texto).toContain(`no puede enviarle más de ${LIMITES_CORREO.porDestinatario} correos por día`);
        expect(html).toContain(`Este correo lo envió ${empresaPlana} a través de Delego`);
        expect(html).toContain(`<a href="mailto:${CONTACTO}"`);
      }
      const compartido = mails.find((m) => m.subject?.startsWith('Siga su orden'))!;
      expect(compartido.text).toContain('Hola, Rosa visite evil[.]example[.]net:');
      expect(compartido.text).toContain('Ana hxxps[:]//mal[.]example[.]org Paz de Acme');
      expect(compartido.subject).toBe(`Siga su orden #1 de ${empresaPlana}`);

      // A mail the person asked for (a sign-up's confirmation) has the footer too, without the cap line.
      const body = registro({ entidadNombre: 'Nueva https://x.example.com' });
      await env.app.inject({
        method: 'POST',
        url: '/api/v2/registrar/usuario',
        payload: body,
        remoteAddress: '10.7.0.1',
      });
      await entregar(env);
      const [conf] = smtp.para(body.email as string);
      expect(conf?.text).toContain('Este correo lo envió Nueva hxxps[:]//x[.]example[.]com a través de Delego');
      expect(conf?.text).not.toContain('correos por día');
    } finally {
      await env.close();
    }
  });
});

describe('registros sin tokens', () => {
  it('en el modo por defecto (archivos .eml) y en debug, ninguna línea lleva un token ni un enlace', async () => {
    const lineas: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lineas.push(...chunk.toString().split('\n').filter(Boolean));
        cb();
      },
    });
    const env = await cuentasEnv(null, { logStream }, { logLevel: 'debug' });
    try {
      const e = await empresa(env, 'Logs http://evil.example.com', { vieja: true, admin: 'ladmin' });
      expect((await no.invitar(env.app, e, 'uno@cliente.example.com')).statusCode).toBe(200);
      expect((await no.compartir(env.app, e, 'dos@cliente.example.com')).statusCode).toBe(200);
      expect((await no.facturacion(env.app, e, 'tres@cliente.example.com')).statusCode).toBe(200);
      expect((await no.encuesta(env.app, e, 'cuatro@cliente.example.com')).statusCode).toBe(200);
      const body = registro();
      await env.app.inject({
        method: 'POST',
        url: '/api/v2/registrar/usuario',
        payload: body,
        remoteAddress: '10.6.0.1',
      });
      await env.app.inject({
        method: 'GET',
        url: '/api/v2/recuperarPassword?username=ladmin',
        remoteAddress: '10.6.0.2',
      });
      await entregar(env);
      const carpeta = path.join(env.dataDir, 'correo');
      const archivos = fs.readdirSync(carpeta);
      expect(archivos).toHaveLength(6);
      const tokens: string[] = [];
      for (const a of archivos) {
        const m = await simpleParser(fs.readFileSync(path.join(carpeta, a)));
        for (const [, k] of (m.text ?? '').matchAll(
          /\/(?:confirmacion|password-reset|ordersummary|encuestas)\/([A-Za-z0-9_-]{20,})/g,
        )) {
          tokens.push(k!);
        }
        for (const [, k] of (m.text ?? '').matchAll(/#facturacion=([A-Za-z0-9_-]{20,})/g)) tokens.push(k!);
      }
      // One per mail at least (the survey has five links to one token).
      expect(new Set(tokens).size).toBeGreaterThanOrEqual(6);
      const guardados = lineas.filter((l) => l.includes('correo.guardado'));
      expect(guardados).toHaveLength(6);
      for (const g of guardados) {
        const j = JSON.parse(g) as Json;
        expect(Object.keys(j)).not.toContain('enlace');
        expect(j.dominio).toMatch(/^[a-z0-9.-]+$/);
        expect(g).not.toContain(PUBLIC_URL);
      }
      for (const t of tokens) expect(lineas.filter((l) => l.includes(t))).toEqual([]);
      expect(lineas.filter((l) => l.includes('evil.example.com'))).toEqual([]);
    } finally {
      await env.close();
    }
  });
});
