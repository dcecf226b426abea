/**
 * The WhatsApp provider, as the module sees it (docs/WHATSAPP.md): the Cloud API
 * (proveedor-cloud-api.ts) when WHATSAPP_TOKEN is set, otherwise the test mode
 * (proveedor-prueba.ts), which writes each message to a file. `buildApp` may receive one
 * (`AppParts.whatsapp`).
 */
export interface ProveedorWhatsapp {
  readonly modo: 'real' | 'prueba';
  /**
   * Sends an approved template to a number. Resolves with the Cloud API's message id once it took
   * the message; rejects with `ErrorWhatsapp`, which says whether trying again may help.
   */
  enviarPlantilla(m: PlantillaAEnviar): Promise<{ wamid: string }>;
}

export interface PlantillaAEnviar {
  /** E.164 (`+5491123456789`). */
  numero: string;
  /** The template's name as registered in WhatsApp Manager (`delego_orden_creada`). */
  plantilla: string;
  /** Its language (`es_AR`). */
  idioma: string;
  /** The body's parameters, in order. */
  parametros: readonly string[];
  /** The outbox row's idempotency key: echoed back in the status webhooks. */
  clave: string;
  /** The template's text with the parameters put in (what the test mode writes). */
  texto: string;
  /** The outbox row (the test mode's log names it). */
  mensajeId: number;
}

/** A send that failed: `reintentable` when the same message may go later (an outage, a rate limit). */
export class ErrorWhatsapp extends Error {
  override readonly name = 'ErrorWhatsapp';
  constructor(
    message: string,
    readonly reintentable: boolean,
    /** The Cloud API's error code (131026…), when it gave one. */
    readonly codigo: number | null = null,
    /** The HTTP status, when there was an answer. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/**
 * Cloud API error codes after which the same message may go later: the platform's own troubles,
 * throughput and pair limits, Meta holding a message back for a while, and our own account's
 * setup (an expired token, missing permissions, a billing problem, a blocked or unregistered
 * business number), which an operator fixes without the messages being lost. Codes from the
 * Cloud API's error reference (docs/WHATSAPP.md «Errores de la Cloud API»).
 */
const CODIGOS_REINTENTABLES: ReadonlySet<number> = new Set([
  // Authorization and permissions of our token.
  0, 3, 10, 190,
  // API unknown / service unavailable.
  1, 2,
  // Throughput: app calls, rate limits, spam rate, pair rate.
  4, 80007, 130429, 131048, 131056,
  // Something went wrong / service unavailable / Meta chose not to deliver for now.
  131000, 131016, 131049,
  // Our account: billing, locked, maintenance, business number not registered, blocked for policy.
  131031, 131042, 131057, 133010, 368,
]);

/**
 * Whether a refusal of the Cloud API may pass later: a 5xx or a 429 always; a 401/403 (our own
 * credentials); the codes above; anything else (4xx: an invalid number, not on WhatsApp, a template
 * missing, paused or rejected, bad parameters) is for good.
 */
export function esReintentable(status: number | null, codigo: number | null): boolean {
  if (status !== null && (status >= 500 || status === 429 || status === 401 || status === 403)) return true;
  if (codigo !== null && (CODIGOS_REINTENTABLES.has(codigo) || (codigo >= 200 && codigo <= 299))) return true;
  return status === null;
}
