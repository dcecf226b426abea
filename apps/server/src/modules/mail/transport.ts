import fs from 'node:fs/promises';
import path from 'node:path';
import type { SendMailOptions, Transporter } from 'nodemailer';
import { CID_LOGO } from './plantillas.js';

/** One mail as the outbox holds it. */
export interface Mensaje {
  para: string;
  asunto: string;
  html: string;
  texto: string;
  /** The company's logo as a data URL, attached inline. */
  logo: string | null;
  /** `<uuid@host>`, the same on every try. */
  messageId: string;
  /** A file name for the mail, stable for the outbox row (the .eml transport writes it). */
  nombreArchivo: string;
}

/** Where mail goes: an SMTP server, or .eml files in a folder. */
export interface MailTransport {
  readonly kind: 'smtp' | 'archivo';
  /** Resolves once the server accepted the mail (or the file is written); rejects otherwise. */
  send(m: Mensaje): Promise<{ archivo?: string }>;
  close(): void;
}

let nodemailer: Promise<typeof import('nodemailer')> | undefined;
/** nodemailer (some 100 modules) is loaded with the first mail, not with the server (issue 18). */
const cargarNodemailer = () => (nodemailer ??= import('nodemailer'));

/** Time limits of one SMTP delivery, all well under the outbox lease (mail.service.ts). */
export const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 } as const;

function opciones(from: string, m: Mensaje): SendMailOptions {
  return {
    from,
    to: m.para,
    subject: m.asunto,
    text: m.texto,
    html: m.html,
    messageId: m.messageId,
    ...(m.logo ? { attachments: [{ filename: 'logo', path: m.logo, cid: CID_LOGO }] } : {}),
  };
}

/** A nodemailer transporter, made by `crear` with the first mail and closed with its transport. */
class Nodemailer {
  private transporter: Promise<Transporter> | undefined;

  constructor(
    private readonly from: string,
    private readonly crear: (n: typeof import('nodemailer')) => Transporter,
  ) {}

  async enviar(m: Mensaje): Promise<{ message?: unknown }> {
    this.transporter ??= cargarNodemailer().then(this.crear);
    return (await this.transporter).sendMail(opciones(this.from, m));
  }

  close(): void {
    void this.transporter?.then(
      (t) => t.close(),
      () => undefined,
    );
  }
}

/** SMTP_URL: `smtp://user:pass@host:port`, or `smtps://` for TLS from the first byte. */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly nodemailer: Nodemailer;

  constructor(url: string, from: string) {
    this.nodemailer = new Nodemailer(from, ({ createTransport }) => createTransport({ url, ...SMTP_TIMEOUTS }));
  }

  async send(m: Mensaje): Promise<{ archivo?: string }> {
    await this.nodemailer.enviar(m);
    return {};
  }

  close(): void {
    this.nodemailer.close();
  }
}

/**
 * No SMTP_URL: each mail becomes a standard .eml file (RFC 5322, as nodemailer would send it) in
 * `dir`, which any mail program opens. The name is the outbox row's, so a repeat overwrites it.
 */
export class EmlTransport implements MailTransport {
  readonly kind = 'archivo' as const;
  private readonly nodemailer: Nodemailer;

  constructor(
    private readonly dir: string,
    from: string,
  ) {
    this.nodemailer = new Nodemailer(from, ({ createTransport }) =>
      createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
  }

  async send(m: Mensaje): Promise<{ archivo?: string }> {
    const info = await this.nodemailer.enviar(m);
    await fs.mkdir(this.dir, { recursive: true });
    const archivo = path.join(this.dir, m.nombreArchivo);
    // Written whole, then renamed: a reader never sees half a mail.
    const parcial = `${archivo}.${process.pid}.tmp`;
    await fs.writeFile(parcial, info.message as Buffer);
    await fs.rename(parcial, archivo);
    return { archivo };
  }

  close(): void {
    this.nodemailer.close();
  }
}
