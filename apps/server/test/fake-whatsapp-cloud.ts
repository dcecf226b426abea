import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A local fake of the WhatsApp Business Cloud API's message send (node:http on 127.0.0.1): it
 * checks the bearer token and the body's shape like the Graph API does, records every call, and
 * answers each number with what the test queued for it (an error, an outage) or, by default, a
 * new message id. Plus the webhook calls it would make: signed bodies of statuses and replies.
 */

export interface LlamadaCloud {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

export interface RespuestaCloud {
  status: number;
  body: unknown;
}

/** A Graph API error answer (`{ error: { message, type, code, error_data, fbtrace_id } }`). */
export function errorGraph(status: number, code: number, message: string, details = message): RespuestaCloud {
  return {
    status,
    body: {
      error: {
        message: `(#${code}) ${message}`,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details },
        fbtrace_id: 'AbCdEf123',
      },
    },
  };
}

export class FakeWhatsappCloud {
  readonly llamadas: LlamadaCloud[] = [];
  /** Answers queued per recipient (`to`, digits): the first one goes to its next call. */
  private readonly cola = new Map<string, RespuestaCloud[]>();
  private server: Server | undefined;
  private seq = 0;
  port = 0;

  constructor(
    readonly token: string,
    readonly phoneNumberId: string,
  ) {}

  /** WHATSAPP_API_URL for the adapter: the fake's address with the Graph API version. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/v21.0`;
  }

  /** The calls that sent a message (POST /{phone-number-id}/messages with the right token). */
  get envios(): LlamadaCloud[] {
    return this.llamadas.filter((l) => l.method === 'POST' && l.headers.authorization === `Bearer ${this.token}`);
  }

  /** The next calls to `numero` (E.164) get these answers, in order; after them, success again. */
  responderA(numero: string, ...respuestas: RespuestaCloud[]): void {
    const clave = numero.replace(/^\+/, '');
    this.cola.set(clave, [...(this.cola.get(clave) ?? []), ...respuestas]);
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      let datos = '';
      req.on('data', (c: Buffer) => (datos += c.toString('utf8')));
      req.on('end', () => {
        let body: Record<string, unknown> | null = null;
        try {
          body = datos ? (JSON.parse(datos) as Record<string, unknown>) : null;
        } catch {
          body = null;
        }
        this.llamadas.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const r = this.responder(req.method ?? '', req.url ?? '', req.headers, body);
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(r.body));
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.on('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  private responder(
    method: string,
    url: string,
    headers: IncomingHttpHeaders,
    body: Record<string, unknown> | null,
  ): RespuestaCloud {
    if (headers.authorization !== `Bearer ${this.token}`) {
      return errorGraph(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    }
    if (method !== 'POST' || url !== `/v21.0/${this.phoneNumberId}/messages`) {
      return errorGraph(400, 100, 'Unsupported post request');
    }
    const template = body?.template as
      { name?: unknown; language?: { code?: unknown }; components?: { parameters?: unknown[] }[] } | undefined;
    if (
      body?.messaging_product !== 'whatsapp' ||
      body.type !== 'template' ||
      typeof body.to !== 'string' ||
      !/^\d{8,15}$/.test(body.to) ||
      typeof template?.name !== 'string' ||
      typeof template.language?.code !== 'string' ||
      !Array.isArray(template.components?.[0]?.parameters)
    ) {
      return errorGraph(400, 131008, 'Required parameter is missing');
    }
    const siguiente = this.cola.get(body.to)?.shift();
    if (siguiente) return siguiente;
    this.seq += 1;
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [
          { id: `wamid.HBgNNTQ5MTEyMzQ1Njc4${String(this.seq).padStart(6, '0')}`, message_status: 'accepted' },
        ],
      },
    };
  }
}

/** `X-Hub-Signature-256` of a body as the Cloud API signs it with the app secret. */
export function firmar(cuerpo: string, secreto: string): string {
  return `sha256=${createHmac('sha256', secreto).update(cuerpo, 'utf8').digest('hex')}`;
}

/** A webhook call's body with these `value`s (one change each), as the Cloud API sends it. */
export function cuerpoWebhook(...valores: Record<string, unknown>[]): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: valores.map((value) => ({
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '5491100000000', phone_number_id: '106540352242922' },
            ...value,
          },
        })),
      },
    ],
  });
}

/** A status of a message of ours (sent, delivered, read, failed) at `segundos` (Unix time). */
export function estadoWebhook(
  wamid: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  segundos: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    statuses: [{ id: wamid, status, timestamp: String(segundos), recipient_id: '5491123456789', ...extra }],
  };
}

/** A text someone sent from `numero` (E.164). */
export function mensajeWebhook(
  numero: string,
  texto: string,
  id: string,
  segundos: number,
  contexto?: string,
): Record<string, unknown> {
  const from = numero.replace(/^\+/, '');
  return {
    contacts: [{ profile: { name: 'Cliente' }, wa_id: from }],
    messages: [
      {
        from,
        id,
        timestamp: String(segundos),
        type: 'text',
        text: { body: texto },
        ...(contexto ? { context: { from: '5491100000000', id: contexto } } : {}),
      },
    ],
  };
}

/** POSTs a webhook call with its signature (none when null), as JSON (or with the content type given). */
export function postWebhook(app: FastifyInstance, cuerpo: string, firma: string | null, tipo = 'application/json') {
  return app.inject({
    method: 'POST',
    url: '/api/v4/whatsapp/webhook',
    headers: { 'content-type': tipo, ...(firma !== null ? { 'x-hub-signature-256': firma } : {}) },
    payload: cuerpo,
  });
}
