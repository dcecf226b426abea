import { z } from 'zod';
import { zCodigoError } from './errores.js';
import { esDia, type Dia } from './fechas.js';

/** The largest id: ids are PostgreSQL `integer` (int32). */
export const ID_MAXIMO = 2_147_483_647;

/** An id written in decimal: no sign, no leading zeros, no spaces, at most 10 digits. */
const ID_DECIMAL = /^[1-9]\d{0,9}$/;

/**
 * A database id: a positive int32, as a JSON integer (bodies) or written in canonical decimal
 * (paths, queries, form fields): `"00001"`, `"1e3"`, `" 1"`, `"+1"`, `true` or `1.5` are refused.
 * `mensaje` replaces the generic reason, e.g. to say which choice is missing.
 */
export function zIdCon(mensaje = 'Debe ser un número entero positivo (el id de un registro).') {
  return z
    .union(
      [
        z.number(mensaje).int(mensaje).min(1, mensaje).max(ID_MAXIMO, mensaje),
        z
          .string(mensaje)
          .regex(ID_DECIMAL, { error: mensaje, abort: true })
          .refine((s) => Number(s) <= ID_MAXIMO, mensaje),
      ],
      { error: mensaje },
    )
    .transform(Number);
}

/** Database ids travel as positive integers. */
export const zId = zIdCon();

/** Why a text with a NUL or a broken UTF-16 pair is refused (the database cannot store either). */
export const MENSAJE_TEXTO_INVALIDO =
  'El texto contiene un carácter no permitido (el carácter nulo o un carácter Unicode incompleto).';

// A quick native scan first; the loop below tells a lone surrogate from a pair.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const SOSPECHOSO = /[\u0000\ud800-\udfff]/;

/**
 * Where the first NUL or lone UTF-16 surrogate of `s` is, or -1 when there is none. A surrogate
 * pair (an emoji, say) is one well-formed character and passes.
 */
export function caracterInvalidoEn(s: string): number {
  if (!SOSPECHOSO.test(s)) return -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return i;
    if (c < 0xd800 || c > 0xdfff) continue;
    const siguiente = s.charCodeAt(i + 1);
    if (c <= 0xdbff && siguiente >= 0xdc00 && siguiente <= 0xdfff) i++;
    else return i;
  }
  return -1;
}

/**
 * Every text a request carries starts here: a string without NUL or lone surrogates. Later checks
 * (trim, min, max, regex) chain on it and do not run when this one fails, so the reason is this one.
 * `mensajeTipo` is the reason when the value is missing or not a string.
 */
export function zTexto(mensajeTipo?: string) {
  return z
    .string(mensajeTipo)
    .check(z.refine((s: string) => caracterInvalidoEn(s) < 0, { error: MENSAJE_TEXTO_INVALIDO, abort: true }));
}

/**
 * The token of a public link as it travels (a query, a header, a form field): «Falta el enlace.»
 * when missing or empty, and `invalido` when longer than `max` (no token the server issued is).
 */
export function zTokenDeEnlace(max: number, invalido: string) {
  return zTexto('Falta el enlace.').trim().min(1, 'Falta el enlace.').max(max, invalido);
}

/**
 * A `.superRefine` for a field that another one makes required: when `falta(v)`, the issue
 * `mensaje` on `campo` (the reason of «No conforme», the email of a send turned on).
 */
export function exigirCampo<T>(campo: string, mensaje: string, falta: (v: T) => boolean) {
  return (v: T, ctx: z.RefinementCtx): void => {
    if (falta(v)) ctx.addIssue({ code: 'custom', path: [campo], message: mensaje });
  };
}

/** What a calendar day field says when it is not a real 'YYYY-MM-DD'. */
export const MENSAJE_DIA_INVALIDO = 'La fecha debe tener el formato AAAA-MM-DD y existir.';

/** A calendar day 'YYYY-MM-DD' that exists (esDia); `mensaje` when missing, not text, or not a day. */
export function zDiaExistente(mensaje: string = MENSAJE_DIA_INVALIDO) {
  return z.string(mensaje).refine((s): s is Dia => esDia(s), mensaje);
}

/** What a date field says when it is not a date in milliseconds. */
export const MENSAJE_FECHA_MS = 'Debe ser una fecha en milisegundos (un número entero).';

/** Dates travel as milliseconds since the epoch. */
export const zEpochMs = z.number(MENSAJE_FECHA_MS).int(MENSAJE_FECHA_MS);

/** A date a person can enter: from 1970 to year 2243, in milliseconds. */
export const zFechaIngresada = zEpochMs.min(0, MENSAJE_FECHA_MS).max(8_640_000_000_000, MENSAJE_FECHA_MS);

/** A row shown by its name (a client, an order type, an area): its id and the name. */
export const zIdNombre = z.object({ id: z.number().int(), nombre: z.string() });

/** An order shown by its number and title (a follow-up, the order a survey is about): its id, numero and titulo. */
export const zOrdenNumeroTitulo = z.object({
  ordenId: z.number().int(),
  numero: z.number().int(),
  titulo: z.string(),
});

/** Every error body: a Spanish message a person can read, a stable code, and the request id. */
export const zErrorBody = z.object({
  message: z.string(),
  code: zCodigoError,
  requestId: z.string(),
  field: z.string().optional(),
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof zErrorBody>;

/** Fixed Spanish messages shared by the server and the web client (SPEC §8). */
export const MENSAJES = {
  loginInvalido: 'Los datos de Login son inválidos',
  errorInesperado: 'Ocurrió un error inesperado',
  sinServidor: 'No se pudo conectar con el servidor. Revise la conexión a internet.',
  offline: 'No hay conexión con el servidor. Los datos pueden estar desactualizados.',
  demasiadosIntentos: 'Demasiados intentos fallidos. Espere unos minutos antes de volver a intentar.',
  sinPermiso: 'No tiene permiso para realizar esta acción.',
  noEncontrado: 'No se encontró el recurso solicitado.',
  datosInvalidos: 'Los datos enviados no son válidos.',
  servicioNoDisponible: 'El servicio no está disponible en este momento. Intente de nuevo en unos segundos.',
  /** Readiness while the instance migrates its database at start. */
  instanciaIniciando: 'El servidor se está iniciando. Intente de nuevo en unos segundos.',
  /** Readiness, and the live channel's ERROR frame, while the instance stops (SIGTERM). */
  instanciaReiniciando: 'El servidor se está reiniciando. Vuelva a conectarse en unos segundos.',
} as const;

/**
 * The 429 message of a refused login, naming the wait (the same number of seconds travels in
 * Retry-After): "Demasiados intentos fallidos. Espere 3 minutos y vuelva a intentar."
 */
export function mensajeDemasiadosIntentos(segundos: number): string {
  const s = Math.max(1, Math.ceil(segundos));
  const m = Math.ceil(s / 60);
  const espera = s < 60 ? `${s} ${s === 1 ? 'segundo' : 'segundos'}` : `${m} ${m === 1 ? 'minuto' : 'minutos'}`;
  return `Demasiados intentos fallidos. Espere ${espera} y vuelva a intentar.`;
}

/** Business constants of SPEC §9. */
export const CONSTANTES = {
  reconexionSocketMs: 5000,
  umbralQuotaBaja: 0.15,
  estadisticasDesdeDefecto: '2019-06-01',
  estadisticasHastaDefecto: '2019-10-30',
  anchoMenuPx: 300,
  anchoMenuMinPx: 250,
  toastOfflineMs: 3000,
} as const;

/**
 * The words of a search as people type them: split on spaces and on the punctuation typed between
 * words (`reparacion, aire`, `aire-acondicionado`, `agua.`), phone keyboards' quotes and dashes
 * included. `#` is not a separator (`#1042` is an order number); `%`, `_` and `\` are letters. The
 * server's searches and the lists the app filters in the browser split the same way.
 */
export function palabrasEscritas(texto: string): string[] {
  // Written as escapes (¿ ¡ “ ” ‘ ’ « » ‐ ‑ ‒ – —): a character outside ASCII in the server's bundle
  // makes V8 keep its whole source as two bytes a character (apps/server/scripts/empaquetar.mjs).
  return texto
    .split(/[\s,;.:()\u00bf?\u00a1!"'\u201c\u201d\u2018\u2019\u00ab\u00bb\-\u2010\u2011\u2012\u2013\u2014]+/u)
    .filter(Boolean);
}

/** A text as the searches compare it: without accents and in lower case («Eléctrico» is «electrico»). */
export function normalizarTexto(texto: string): string {
  return texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A word of a search that is also an order number (`1042` or `#1042`): it matches that number too. */
export function numeroDePalabra(palabra: string): number | undefined {
  const m = /^#?(\d{1,9})$/.exec(palabra);
  return m ? Number(m[1]) : undefined;
}

/**
 * The text of a CSV file's bytes: UTF-8 when they are valid UTF-8, else Windows-1252, what Excel on
 * a Spanish Windows saves as «CSV (delimitado por comas)». Read as UTF-8 only, «Panadería Núñez»
 * became «Panader�a N��ez» and a header «Teléfono» was refused. Accented Windows-1252 text is
 * not valid UTF-8, so it is never taken for UTF-8. The server's imports and the browser's
 * catalogue import read files the same way.
 */
export function textoDeCsv(bytes: Uint8Array | ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
