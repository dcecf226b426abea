import { createHmac, timingSafeEqual } from 'node:crypto';
import { PALABRA_BAJA_WHATSAPP } from '@delego/contract';
import { z } from 'zod';

/**
 * Whether `firma` (the `X-Hub-Signature-256` header) is `sha256=` and the HMAC-SHA256 of the raw
 * body keyed with the app secret, compared in constant time. Without a secret nothing passes.
 */
export function firmaValida(cuerpo: Buffer, firma: string | undefined, secreto: string | null): boolean {
  if (!secreto || !firma) return false;
  const m = /^sha256=([0-9a-f]{64})$/i.exec(firma.trim());
  if (!m?.[1]) return false;
  const esperada = createHmac('sha256', secreto).update(cuerpo).digest();
  return timingSafeEqual(esperada, Buffer.from(m[1], 'hex'));
}

/** Two texts compared in constant time (a secret against what a request says). */
export function igualesEnTiempoConstante(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether a reply says «BAJA»: trimmed, without accents, in any case. */
export function esBaja(texto: string): boolean {
  return (
    texto
      .trim()
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toUpperCase() === PALABRA_BAJA_WHATSAPP
  );
}

/** The Cloud API's status, in our words (others, like `deleted`, are ignored). */
export const ESTADO_DE_STATUS: Partial<Record<string, 'enviado' | 'entregado' | 'leido' | 'fallido'>> = {
  sent: 'enviado',
  delivered: 'entregado',
  read: 'leido',
  failed: 'fallido',
};

/** A Unix time in seconds (as the webhook writes it) as a date, never later than `ahora`. */
export function fechaDeWebhook(timestamp: string | undefined, ahora: Date): Date {
  const s = Number(timestamp);
  if (!timestamp || !Number.isFinite(s) || s <= 0) return ahora;
  return new Date(Math.min(s * 1000, ahora.getTime()));
}

/** One status of a message of ours (`entry[].changes[].value.statuses[]`). */
export const zStatusWebhook = z.object({
  id: z.string().min(1).max(512),
  status: z.string(),
  timestamp: z.string().optional(),
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional() }).loose()).optional(),
});
export type StatusWebhook = z.infer<typeof zStatusWebhook>;

/** One message someone sent us (`entry[].changes[].value.messages[]`); only text is read. */
export const zMensajeWebhook = z.object({
  id: z.string().min(1).max(512),
  from: z.string().min(1).max(32),
  timestamp: z.string().optional(),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  context: z.object({ id: z.string().optional() }).loose().optional(),
});
export type MensajeWebhook = z.infer<typeof zMensajeWebhook>;

/**
 * The statuses and the messages of a webhook's body (`{ entry: [{ changes: [{ value }] }] }`);
 * whatever else it carries (other fields, template reviews) is left out, and each item that does
 * not read as expected is skipped on its own.
 */
export function leerWebhook(cuerpo: unknown): { estados: StatusWebhook[]; mensajes: MensajeWebhook[] } {
  const estados: StatusWebhook[] = [];
  const mensajes: MensajeWebhook[] = [];
  const lista = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  const campo = (v: unknown, k: string): unknown =>
    v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  for (const entry of lista(campo(cuerpo, 'entry'))) {
    for (const change of lista(campo(entry, 'changes'))) {
      const value = campo(change, 'value');
      for (const s of lista(campo(value, 'statuses'))) {
        const r = zStatusWebhook.safeParse(s);
        if (r.success) estados.push(r.data);
      }
      for (const m of lista(campo(value, 'messages'))) {
        const r = zMensajeWebhook.safeParse(m);
        if (r.success) mensajes.push(r.data);
      }
    }
  }
  return { estados, mensajes };
}
