/**
 * Outgoing mail (issue 12; docs/CORREO.md): the outbox and its worker against a real SMTP server on
 * 127.0.0.1, an SMTP outage, a restart and a crash in the middle of a delivery, the .eml folder
 * when there is no SMTP_URL, and the logs (a link's token appears in none, outside that folder's line).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { correoSalida } from '../src/db/schema.js';
import { MailRepository } from '../src/modules/mail/mail.repository.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { PUBLIC_URL, SmtpCapture, cuentasEnv, registro, tokenDe } from './mail-helpers.js';
import { TestClock, md5, openTestDatabase } from './helpers.js';

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await new SmtpCapture().start();
});
afterAll(() => smtp?.stop());

let ip = 0;
const registrar = (app: FastifyInstance, body: object) =>
  app.inject({ method: 'POST', url: '/api/v2/registrar/usuario', payload: body, remoteAddress: `10.4.0.${++ip}` });

const filas = async (db: Parameters<typeof seedCatalogo>[0], email: string) =>
  db.select().from(correoSalida).where(eq(correoSalida.para, email));

describe('entrega por SMTP', () => {
  it('el correo llega una vez, con su Message-ID estable, remitente, texto y HTML; y el cuerpo se borra al enviarlo', async () => {
    const env = await cuentasEnv(smtp);
    try {
      const body = registro();
      expect((await registrar(env.app, body)).statusCode).toBe(201);
      const [fila] = await filas(env.database.db, body.email as string);
      expect(fila).toMatchObject({ estado: 'pendiente', intentos: 0, tipo: 'confirmacion' });
      expect(fila!.messageId).toMatch(/^<[0-9a-f-]{36}@delego\.example\.com>$/);
      expect(await env.puertos().mail.deliverPending()).toBe(1);
      expect(await env.puertos().mail.deliverPending()).toBe(0);
      const mails = smtp.para(body.email as string);
      expect(mails).toHaveLength(1);
      const m = mails[0]!;
      expect(m.messageId).toBe(fila!.messageId);
      expect(m.from?.value).toEqual([{ name: 'Delego', address: 'no-responder@delego.example.com' }]);
      expect(m.subject).toBe(`Confirme su cuenta de ${body.entidadNombre as string} en Delego`);
      expect(m.text).toContain(`Su usuario para iniciar sesión es: ${body.usuario as string}`);
      expect(m.html).toContain(`href="${PUBLIC_URL}/confirmacion/${tokenDe(m, 'confirmacion')}"`);
      expect(m.html).toContain('<html lang="es">');
      const [enviada] = await filas(env.database.db, body.email as string);
      expect(enviada).toMatchObject({ estado: 'enviado', intentos: 1, html: '', texto: '', logo: null });
    } finally {
      await env.close();
    }
  });

  it('con el servidor SMTP caído el correo queda en cola, se reintenta con espera creciente y sale una sola vez', async () => {
    const caido = await new SmtpCapture().start();
    const env = await cuentasEnv(caido);
    try {
      await caido.stop();
      const body = registro();
      expect((await registrar(env.app, body)).statusCode).toBe(201);
      const mail = env.puertos().mail;
      expect(await mail.deliverPending()).toBe(0);
      let [fila] = await filas(env.database.db, body.email as string);
      expect(fila).toMatchObject({ estado: 'pendiente', intentos: 1, reclamadoHasta: null });
      expect(fila!.ultimoError).toMatch(/ECONNREFUSED|connect/i);
      expect(fila!.proximoIntento.getTime() - env.clock.now().getTime()).toBe(30_000);
      // Not due yet: nothing is tried.
      expect(await mail.deliverPending()).toBe(0);
      expect((await filas(env.database.db, body.email as string))[0]!.intentos).toBe(1);
      env.clock.advance(30_000);
      expect(await mail.deliverPending()).toBe(0);
      [fila] = await filas(env.database.db, body.email as string);
      expect(fila!.intentos).toBe(2);
      expect(fila!.proximoIntento.getTime() - env.clock.now().getTime()).toBe(60_000);

      await caido.start();
      env.clock.advance(60_000);
      expect(await mail.deliverPending()).toBe(1);
      env.clock.advance(3_600_000);
      expect(await mail.deliverPending()).toBe(0);
      expect(caido.para(body.email as string)).toHaveLength(1);
      expect((await filas(env.database.db, body.email as string))[0]).toMatchObject({ estado: 'enviado', intentos: 3 });
    } finally {
      await env.close();
      await caido.stop();
    }
  });

  it('el trabajador arranca, entrega al instante tras el alta y se detiene con la app sin dejar temporizadores', async () => {
    const env = await cuentasEnv(smtp);
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const antes = timers();
    env.puertos().mail.start();
    try {
      const body = registro();
      expect((await registrar(env.app, body)).statusCode).toBe(201);
      const hasta = Date.now() + 10_000;
      while (!smtp.para(body.email as string).length && Date.now() < hasta) await new Promise((r) => setTimeout(r, 20));
      expect(smtp.para(body.email as string)).toHaveLength(1);
    } finally {
      await env.close();
    }
    expect(timers()).toBeLessThanOrEqual(antes);
  });
});

describe('reinicio y caída', () => {
  it('una fila encolada sobrevive a la app; una reclamada por una instancia que murió sale cuando vence su reserva', async () => {
    const { database, drop } = await openTestDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-correo-'));
    const clock = new TestClock();
    const config = testConfig({ dataDir: dir, smtpUrl: smtp.url, publicUrl: PUBLIC_URL });
    try {
      await database.migrate();
      await seedCatalogo(database.db);
      const uno = await buildApp({ config, database, clock, push: null });
      const a = registro();
      const b = registro();
      expect((await registrar(uno, a)).statusCode).toBe(201);
      expect((await registrar(uno, b)).statusCode).toBe(201);
      // The instance claims a and dies before sending it (its lease stays in the row).
      const [reclamada] = await new MailRepository(database.db).claim(
        clock.now(),
        new Date(clock.now().getTime() + 5 * 60_000),
        1,
      );
      await uno.close();

      const dos = await buildApp({ config, database, clock, push: null });
      try {
        expect(reclamada?.para).toBe(a.email);
        // The new instance sends b; a is still held by the dead one's lease.
        expect(await dos.puertos.mail.deliverPending()).toBe(1);
        expect(smtp.para(b.email as string)).toHaveLength(1);
        expect(smtp.para(a.email as string)).toHaveLength(0);
        clock.advance(5 * 60_000);
        expect(await dos.puertos.mail.deliverPending()).toBe(1);
        expect(smtp.para(a.email as string)).toHaveLength(1);
        expect(smtp.para(b.email as string)).toHaveLength(1);
        const { rows } = await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from correo_salida where estado <> 'enviado'`,
        );
        expect(rows[0]!.n).toBe(0);
      } finally {
        await dos.close();
      }
    } finally {
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sin SMTP_URL', () => {
  it('cada correo es un .eml en DATA_DIR/correo; el registro nombra el archivo, y ningún token llega a ninguna línea', async () => {
    const lineas: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lineas.push(...chunk.toString().split('\n').filter(Boolean));
        cb();
      },
    });
    // At debug every answer is logged too, not only errors.
    const env = await cuentasEnv(null, { logStream }, { logLevel: 'debug' });
    try {
      const body = registro();
      expect((await registrar(env.app, body)).statusCode).toBe(201);
      expect(await env.puertos().mail.deliverPending()).toBe(1);
      const carpeta = path.join(env.dataDir, 'correo');
      const archivos = fs.readdirSync(carpeta);
      expect(archivos).toHaveLength(1);
      expect(archivos[0]).toMatch(/^\d{8}-\d{6}-confirmacion-[0-9a-f]{8}\.eml$/);
      const eml = await simpleParser(fs.readFileSync(path.join(carpeta, archivos[0]!)));
      expect(eml.subject).toBe(`Confirme su cuenta de ${body.entidadNombre as string} en Delego`);
      expect(eml.to).toMatchObject({ text: body.email });
      const k = tokenDe(eml, 'confirmacion');

      const guardado = lineas.filter((l) => l.includes('correo.guardado'));
      expect(guardado).toHaveLength(1);
      // Issue 28: the row, its kind and the recipient's domain; never the link nor the subject.
      expect(JSON.parse(guardado[0]!)).toMatchObject({
        tipo: 'confirmacion',
        dominio: (body.email as string).split('@')[1],
        archivo: path.join(carpeta, archivos[0]!),
      });
      expect(guardado[0]).not.toContain(PUBLIC_URL);

      // The calls whose query strings carry a token or a password, answered well and badly.
      const get = (url: string) => env.app.inject({ method: 'GET', url, remoteAddress: `10.5.0.${++ip}` });
      expect((await get(`/api/v2/confirmar?k=${k}`)).statusCode).toBe(200);
      expect((await get(`/api/v2/confirmar?k=${k}x`)).statusCode).toBe(404);
      expect((await get(`/api/v2/recuperarPassword?username=${body.email as string}`)).statusCode).toBe(200);
      await env.puertos().accounts.idle();
      expect(await env.puertos().mail.deliverPending()).toBe(1);
      const reset = fs.readdirSync(carpeta).find((f) => f.includes('recuperacion'));
      const kr = tokenDe(await simpleParser(fs.readFileSync(path.join(carpeta, reset!))), 'password-reset');
      const nueva = md5('Nueva1234!');
      expect((await get(`/api/v2/recuperarPassword/enlace?k=${kr}`)).statusCode).toBe(200);
      const mal = await get(`/api/v2/confirmarRecuperarPassword?k=${kr}&password=${nueva}&confirmPassword=${md5('x')}`);
      expect(mal.statusCode).toBe(400);
      const bien = await get(`/api/v2/confirmarRecuperarPassword?k=${kr}&password=${nueva}&confirmPassword=${nueva}`);
      expect(bien.statusCode).toBe(200);

      expect(lineas.filter((l) => l.includes('correo.guardado'))).toHaveLength(2);
      expect(lineas.some((l) => l.includes('/api/v2/confirmarRecuperarPassword'))).toBe(true);
      for (const secreto of [k, kr, nueva, md5('x'), body.email as string, body.password as string]) {
        expect(lineas.filter((l) => l.includes(secreto))).toEqual([]);
      }
    } finally {
      await env.close();
    }
  });
});
