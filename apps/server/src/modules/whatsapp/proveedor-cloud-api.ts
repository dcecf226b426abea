import { ErrorWhatsapp, esReintentable, type PlantillaAEnviar, type ProveedorWhatsapp } from './proveedor-whatsapp.js';

/** The Graph API version the adapter speaks when WHATSAPP_API_URL does not say otherwise. */
export const URL_CLOUD_API = 'https://graph.facebook.com/v21.0';

/** One send never waits longer than this (well under the outbox lease). */
const PLAZO_MS = 30_000;

export interface OpcionesCloudApi {
  token: string;
  phoneNumberId: string;
  /** WHATSAPP_API_URL: the Graph API with its version, without a trailing slash. */
  apiUrl?: string | undefined;
}

/** The error object of a Graph API answer (`{ error: { message, code, error_data } }`). */
interface ErrorGraph {
  message?: unknown;
  code?: unknown;
  error_data?: { details?: unknown };
}

/**
 * The WhatsApp Business Cloud API with plain `fetch`: POST `/{phone-number-id}/messages` with a
 * template message, `Authorization: Bearer <token>`. The token is never logged nor put in an error.
 */
export class ProveedorCloudApi implements ProveedorWhatsapp {
  readonly modo = 'real' as const;
  private readonly url: string;

  constructor(private readonly o: OpcionesCloudApi) {
    this.url = `${(o.apiUrl ?? URL_CLOUD_API).replace(/\/+$/, '')}/${encodeURIComponent(o.phoneNumberId)}/messages`;
  }

  async enviarPlantilla(m: PlantillaAEnviar): Promise<{ wamid: string }> {
    const cuerpo = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      // The Cloud API takes the number with its country code, digits only.
      to: m.numero.replace(/^\+/, ''),
      type: 'template',
      template: {
        name: m.plantilla,
        language: { code: m.idioma },
        components: [{ type: 'body', parameters: m.parametros.map((text) => ({ type: 'text', text })) }],
      },
      // Echoed in every status webhook of the message: finds its row even before its wamid is stored.
      biz_opaque_callback_data: m.clave,
    };
    let r: Response;
    try {
      r = await fetch(this.url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.o.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(cuerpo),
        signal: AbortSignal.timeout(PLAZO_MS),
      });
    } catch (err) {
      // No answer (a refused connection, DNS, the time limit): the message may go later.
      const causa = (err as { cause?: { code?: unknown } }).cause?.code ?? (err as Error).name;
      throw new ErrorWhatsapp(`Sin respuesta de la Cloud API (${String(causa)})`, true);
    }
    const texto = await r.text().catch(() => '');
    let json: unknown = null;
    try {
      json = texto ? JSON.parse(texto) : null;
    } catch {
      json = null;
    }
    if (r.ok) {
      const wamid = (json as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
      if (typeof wamid === 'string' && wamid) return { wamid };
      // Accepted without an id we can follow: not sent as far as we know; try again later.
      throw new ErrorWhatsapp(`Respuesta ${r.status} de la Cloud API sin id de mensaje`, true, null, r.status);
    }
    const e = ((json as { error?: ErrorGraph } | null)?.error ?? {}) as ErrorGraph;
    const codigo = typeof e.code === 'number' ? e.code : null;
    const detalle = [e.message, e.error_data?.details].filter((x) => typeof x === 'string' && x).join(': ');
    throw new ErrorWhatsapp(
      `HTTP ${r.status}${codigo !== null ? ` (#${codigo})` : ''}${detalle ? ` ${detalle}` : ''}`.slice(0, 500),
      esReintentable(r.status, codigo),
      codigo,
      r.status,
    );
  }
}
