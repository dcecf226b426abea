import type { EstadoPago } from '@delego/contract';
import { alUsar } from '../../lib/al-usar.js';

/**
 * The SDK's signature check alone (crypto only), loaded with the first webhook: ~5 MB that a server
 * that never gets one does not hold (issue 37). The whole SDK is loaded only with MercadoPago configured.
 */
const webhookSdk = alUsar<typeof import('mercadopago/dist/utils/webhook/index.js')>(
  'mercadopago/dist/utils/webhook/index.js',
);

/**
 * The payment provider, as the plans module sees it (docs/PLANES.md). `buildApp` receives one:
 * MercadoPago (proveedor-mercadopago.ts) when MERCADOPAGO_ACCESS_TOKEN is set, otherwise the test
 * mode (proveedor-prueba.ts), which behaves like MercadoPago's sandbox.
 */
export interface ProveedorPagos {
  readonly nombre: 'mercadopago' | 'prueba';
  /** The public key the web's card form needs (MercadoPago's Brick); null in test mode. */
  readonly publicKey: string | null;
  /**
   * Creates the monthly subscription of a plan, charged to the card token; the first charge is now.
   * A card the provider refuses is an answer (`rechazado`), not an error. Throws
   * `ProveedorNoDisponible` when the provider cannot be reached or refuses our credentials.
   */
  crearSuscripcion(s: NuevaSuscripcion): Promise<ResultadoCobro>;
  /** From the next monthly charge on, the subscription charges `monto` (a downgrade between paid plans). */
  cambiarMonto(suscripcionId: string, monto: number): Promise<void>;
  /** No more charges (a downgrade to the free plan, the end of the grace period). */
  cancelarSuscripcion(suscripcionId: string): Promise<void>;
  /** A payment as the provider has it, for a webhook; null when the provider does not know it. */
  consultarPago(referencia: string): Promise<PagoDelProveedor | null>;
  /** Whether a webhook carries the provider's signature (MercadoPago's `x-signature`). */
  firmaValida(f: FirmaWebhook): boolean;
}

export interface NuevaSuscripcion {
  /** Monthly amount in ARS. */
  monto: number;
  /** What the card statement shows: «Delego — plan Pyme». */
  motivo: string;
  /** Our reference, returned by the provider on every payment of the subscription. */
  referenciaExterna: string;
  emailPagador: string;
  tokenTarjeta: string;
  titular: string;
}

export interface ResultadoCobro {
  estado: Extract<EstadoPago, 'aprobado' | 'pendiente' | 'rechazado'>;
  /** The provider's subscription; null when it refused the card and made none. */
  suscripcionId: string | null;
  /** The provider's payment id, when it names one at once. */
  referencia: string | null;
  /** The provider's status detail: `accredited`, `cc_rejected_insufficient_amount`... */
  detalle: string;
}

export interface PagoDelProveedor {
  referencia: string;
  estado: EstadoPago;
  detalle: string;
  monto: number;
  /** The currency of `monto` (MercadoPago's `currency_id`): the plans charge `ARS`. */
  moneda: string;
  /** The subscription that charged it; null for a payment of no subscription. */
  suscripcionId: string | null;
  referenciaExterna: string | null;
}

/** What a webhook carries for its signature: the headers and the `data.id` of the query (or body). */
export interface FirmaWebhook {
  xSignature: string | undefined;
  xRequestId: string | undefined;
  dataId: string;
  /** The server's clock (ms): the signature's `ts` (seconds) must be within `TOLERANCIA_TS_WEBHOOK_S` of it. */
  ahora: number;
}

/** A notification signed more than 5 minutes before or after the server's clock is refused (a replay). */
export const TOLERANCIA_TS_WEBHOOK_S = 5 * 60;

/** The provider could not be reached, or refused our own credentials: a 503, nothing changed. */
export class ProveedorNoDisponible extends Error {
  override readonly name = 'ProveedorNoDisponible';
  constructor(causa: string) {
    super(`Proveedor de pagos no disponible: ${causa}`);
  }
}

/**
 * MercadoPago's signature check, for both adapters: `x-signature: ts=<ts>,v1=<hmac>` where hmac is
 * the HMAC-SHA256, keyed with the webhook secret, of `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`.
 * MercadoPago asks for an alphanumeric data.id in lowercase. `ts` is in seconds; one more than
 * `TOLERANCIA_TS_WEBHOOK_S` away from `f.ahora` fails, so a captured notification cannot be replayed later.
 */
export function firmaMercadoPagoValida(f: FirmaWebhook, secreto: string): boolean {
  // Without a secret nothing can be checked: every notification is refused.
  if (!secreto) return false;
  const { InvalidWebhookSignatureError, WebhookSignatureValidator } = webhookSdk();
  try {
    WebhookSignatureValidator.validate({
      xSignature: f.xSignature,
      xRequestId: f.xRequestId,
      dataId: /^[a-z0-9]+$/i.test(f.dataId) ? f.dataId.toLowerCase() : f.dataId,
      secret: secreto,
      toleranceSeconds: TOLERANCIA_TS_WEBHOOK_S,
      now: () => f.ahora,
    });
    return true;
  } catch (err) {
    if (err instanceof InvalidWebhookSignatureError) return false;
    throw err;
  }
}

/** MercadoPago's payment status, in our words. */
export function estadoDePagoMercadoPago(status: string | undefined): EstadoPago {
  switch (status) {
    case 'approved':
    case 'authorized':
      return 'aprobado';
    case 'refunded':
      return 'reembolsado';
    case 'charged_back':
      return 'contracargo';
    case 'rejected':
    case 'cancelled':
      return 'rechazado';
    default:
      // pending, in_process, in_mediation...
      return 'pendiente';
  }
}
