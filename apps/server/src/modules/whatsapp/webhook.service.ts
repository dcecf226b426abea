import { normalizarWhatsapp } from '@delego/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../kernel/clock.js';
import type { Db } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import type { PuertoCorreo } from '../mail/index.js';
import { ConsentimientosRepository } from './consentimientos.repository.js';
import {
  ESTADO_DE_STATUS,
  esBaja,
  fechaDeWebhook,
  firmaValida,
  igualesEnTiempoConstante,
  leerWebhook,
  type MensajeWebhook,
  type StatusWebhook,
} from './webhook.js';
import { SalidaRepository, type Mensaje } from './whatsapp.repository.js';
import type { WhatsappService } from './whatsapp.service.js';

/** The longest reply stored (the Cloud API allows 4096 characters). */
const MAX_TEXTO_RECIBIDO = 4096;

export const MENSAJES_WEBHOOK_WHATSAPP = {
  firma: 'La firma del webhook no es válida.',
  verificacion: 'El token de verificación no coincide.',
  json: 'El cuerpo no es JSON.',
} as const;

/**
 * The Cloud API's webhook (docs/WHATSAPP.md «Webhook»): its verification (GET), and its calls
 * (POST), checked by `X-Hub-Signature-256` over the raw body before anything is read. Each status
 * is stored once and moves its message forward only (a «failed» closes it, with the fallback by
 * mail); each text reply is stored as text, and «BAJA» turns the number's messages off. Every item
 * is its own transaction, and a repeated call changes nothing: the Cloud API retries on a failure.
 */
export class WebhookWhatsappService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly whatsapp: Pick<WhatsappService, 'fallar' | 'publicar'>,
    private readonly mail: Pick<PuertoCorreo, 'kick'>,
    private readonly secretos: { appSecret: string | null; verifyToken: string | null },
  ) {}

  /** GET: the challenge when the mode is `subscribe` and the verify token matches; 403 otherwise. */
  verificar(q: {
    'hub.mode'?: string | undefined;
    'hub.verify_token'?: string | undefined;
    'hub.challenge'?: string | undefined;
  }): string {
    const token = this.secretos.verifyToken;
    const dado = q['hub.verify_token'];
    const coincide = token !== null && dado !== undefined && igualesEnTiempoConstante(dado, token);
    if (q['hub.mode'] !== 'subscribe' || !coincide) throw AppError.forbidden(MENSAJES_WEBHOOK_WHATSAPP.verificacion);
    return q['hub.challenge'] ?? '';
  }

  /** POST: 401 and nothing read without a valid signature; then each status and each message. */
  async recibir(crudo: Buffer, firma: string | undefined): Promise<void> {
    if (!firmaValida(crudo, firma, this.secretos.appSecret)) {
      this.log.warn({ conFirma: firma !== undefined }, 'whatsapp.webhookFirmaInvalida');
      throw new AppError('NO_AUTENTICADO', MENSAJES_WEBHOOK_WHATSAPP.firma);
    }
    let cuerpo: unknown;
    try {
      cuerpo = JSON.parse(crudo.toString('utf8'));
    } catch {
      throw AppError.invalid('body', MENSAJES_WEBHOOK_WHATSAPP.json);
    }
    const { estados, mensajes } = leerWebhook(cuerpo);
    for (const s of estados) await this.estado(s);
    for (const m of mensajes) await this.mensaje(m);
  }

  private async estado(s: StatusWebhook): Promise<void> {
    const estado = ESTADO_DE_STATUS[s.status];
    if (!estado) return;
    const cuando = fechaDeWebhook(s.timestamp, this.clock.now());
    let fila: Mensaje | undefined;
    let resultado: 'cambio' | 'correo' | null = null;
    await this.db.transaction(async (tx) => {
      const repo = new SalidaRepository(tx);
      fila = await repo.paraEstado(s.id, s.biz_opaque_callback_data ?? null);
      // A message closed for good (failed, sent by mail) keeps its story: a late status adds nothing.
      if (!fila || fila.estado === 'fallido' || fila.estado === 'correo') return;
      // Found by our key before the worker stored its id: the message went; keep its id now.
      if (fila.wamid === null) await repo.guardarWamid(fila.id, s.id);
      if (estado === 'fallido') {
        const codigo = s.errors?.[0]?.code;
        const r = await this.whatsapp.fallar(
          tx,
          fila,
          `Estado failed de la Cloud API${codigo !== undefined ? ` (#${codigo})` : ''}`,
        );
        resultado = r === 'correo' ? 'correo' : r ? 'cambio' : null;
        return;
      }
      const nuevo = await repo.estado(fila.entidadId, fila.id, estado, cuando);
      const avanzo = await repo.avanzar(fila.id, estado);
      if (nuevo || avanzo) resultado = 'cambio';
    });
    if (!fila) {
      this.log.info({ status: s.status }, 'whatsapp.estadoDesconocido');
      return;
    }
    this.log.info(
      { mensajeId: fila.id, entidadId: fila.entidadId, estado, nuevo: resultado !== null },
      'whatsapp.estado',
    );
    if (resultado === 'correo') this.mail.kick();
    if (resultado) this.whatsapp.publicar(fila);
  }

  private async mensaje(m: MensajeWebhook): Promise<void> {
    const numero = normalizarWhatsapp(`+${m.from.replace(/^\+/, '')}`);
    if (!numero) return;
    if (m.type !== 'text' || !m.text) {
      this.log.info({ tipo: m.type }, 'whatsapp.recibidoSinTexto');
      return;
    }
    const texto = m.text.body.slice(0, MAX_TEXTO_RECIBIDO);
    const baja = esBaja(texto);
    const ahora = this.clock.now();
    const fecha = fechaDeWebhook(m.timestamp, ahora);
    const empresas = await this.db.transaction(async (tx) => {
      const cons = new ConsentimientosRepository(tx);
      const salida = new SalidaRepository(tx);
      // The message it answers names the company; else every company that has the number.
      const respondido = m.context?.id ? await salida.porWamid(m.context.id) : undefined;
      const destinos = await cons.quienesTienen(numero);
      if (respondido && !destinos.some((d) => d.entidadId === respondido.entidadId)) {
        destinos.push({ entidadId: respondido.entidadId, clienteId: respondido.clienteId });
      }
      let nuevos = 0;
      for (const d of destinos) {
        const esRespondido = respondido?.entidadId === d.entidadId;
        const nuevo = await cons.recibido({
          entidadId: d.entidadId,
          clienteId: esRespondido && respondido.clienteId !== null ? respondido.clienteId : d.clienteId,
          respuestaA: esRespondido ? respondido.id : null,
          numero,
          wamid: m.id,
          texto,
          fecha,
          creado: ahora,
        });
        if (nuevo) nuevos++;
      }
      if (baja) await cons.baja(numero, fecha);
      return { total: destinos.length, nuevos };
    });
    // Never the text itself: who wrote is a number, and what they wrote is theirs.
    this.log.info(
      { empresas: empresas.total, nuevos: empresas.nuevos, baja, largo: texto.length },
      'whatsapp.recibido',
    );
  }
}
