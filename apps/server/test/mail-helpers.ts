import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AppParts } from '../src/app.js';
import { testConfig, type Config } from '../src/config.js';
import { createTestEnv, md5, type TestEnv } from './helpers.js';

/** The SMTP credentials the capture accepts (SMTP_URL carries them, as in production). */
export const SMTP_USUARIO = 'delego';
export const SMTP_CLAVE = 'secreto-de-prueba';

/** A mail as the capture received it: parsed, plus who the envelope named. */
export interface Capturado extends ParsedMail {
  destinatarios: string[];
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server, with AUTH PLAIN/LOGIN and no TLS) that keeps every
 * mail it accepts, parsed with mailparser. `stop` and `start` again on the same port simulate an
 * outage.
 */
export class SmtpCapture {
  readonly mails: Capturado[] = [];
  private server: SMTPServer | undefined;
  port = 0;

  async start(): Promise<this> {
    const server = new SMTPServer({
      logger: false,
      disabledCommands: ['STARTTLS'],
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      onAuth: (a, _s, cb) => {
        if (a.username === SMTP_USUARIO && a.password === SMTP_CLAVE) cb(null, { user: a.username });
        else cb(new Error('Credenciales inválidas'));
      },
      onData: (stream, session, cb) => {
        simpleParser(stream).then(
          (m) => {
            this.mails.push(Object.assign(m, { destinatarios: session.envelope.rcptTo.map((r) => r.address) }));
            cb();
          },
          (err: Error) => cb(err),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.on('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Stops listening and drops open connections (an outage). */
  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  get url(): string {
    return `smtp://${SMTP_USUARIO}:${SMTP_CLAVE}@127.0.0.1:${this.port}`;
  }

  /** The mails sent to an address. */
  para(email: string): Capturado[] {
    return this.mails.filter((m) => m.destinatarios.includes(email));
  }
}

/** The token of the first link of a mail to `PUBLIC_URL/<pagina>/<k>`. */
export function tokenDe(m: { text?: string }, pagina: 'confirmacion' | 'password-reset'): string {
  const k = new RegExp(`/${pagina}/([A-Za-z0-9_-]+)`).exec(m.text ?? '')?.[1];
  if (!k) throw new Error(`no hay enlace a ${pagina} en el correo`);
  return k;
}

export const PUBLIC_URL = 'https://delego.example.com';

/** Caps on outgoing mail high enough not to matter, for tests of other modules (mail-limites.test.ts tests them). */
export const SIN_LIMITES_CORREO = {
  porEmpresa: 100_000,
  porDestinatario: 100_000,
  porEmpresaNueva: 100_000,
  porDestinatarioNueva: 100_000,
} as const;

/**
 * A test app that sends its mail to `smtp` through SMTP_URL (the configured path, not a fake), with
 * its own data folder; the worker is not started: tests deliver with `puertos().mail.deliverPending()`.
 */
export async function cuentasEnv(
  smtp: SmtpCapture | null,
  parts: Partial<AppParts> = {},
  config: Partial<Config> = {},
): Promise<TestEnv & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-cuentas-'));
  const env = await createTestEnv({
    config: testConfig({
      dataDir,
      webDist: path.join(dataDir, 'sin-web'),
      publicUrl: PUBLIC_URL,
      mailFrom: 'Delego <no-responder@delego.example.com>',
      ...(smtp ? { smtpUrl: smtp.url } : {}),
      ...config,
    }),
    ...parts,
  });
  return {
    ...env,
    dataDir,
    async close() {
      await env.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let n = 0;
/** A valid sign-up body; every call a different login and email unless given. */
export function registro(o: Record<string, unknown> = {}): Record<string, unknown> {
  n++;
  return {
    usuario: `nueva${n}`,
    nombre: 'Ana',
    apellido: 'Pereyra',
    email: `ana${n}@empresa${n}.com.ar`,
    password: md5('Clave1234!'),
    entidadNombre: `Empresa ${n} S.R.L.`,
    aceptaTerminos: true,
    ...o,
  };
}
