import type { MercadoPagoConfig, MercadoPagoError, Payment } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import {
  estadoDePagoMercadoPago,
  firmaMercadoPagoValida,
  ProveedorNoDisponible,
  type FirmaWebhook,
  type NuevaSuscripcion,
  type PagoDelProveedor,
  type ProveedorPagos,
  type ResultadoCobro,
} from './proveedor-pagos.js';

export interface OpcionesMercadoPago {
  accessToken: string;
  publicKey: string | null;
  webhookSecret: string;
  /**
   * Another address for MercadoPago's API (MERCADOPAGO_BASE_URL, tests). SDK 3.6 has no option for
   * it: every client builds its URLs from the static `AppConfig.BASE_URL`, read on each request,
   * so this sets that static for the whole process (only one MercadoPago account per process).
   */
  baseUrl?: string | undefined;
  /** Time limit of one call, ms (default 10 s). */
  timeoutMs?: number;
}

const importarSdk = () => import('mercadopago');
type Sdk = Awaited<ReturnType<typeof importarSdk>>;
let sdk: Promise<Sdk> | undefined;
/** The SDK (some 200 modules) is loaded on the first call, not with the server (issue 18). */
const cargarSdk = (): Promise<Sdk> => (sdk ??= importarSdk());

/** Card errors MercadoPago answers a subscription with (4xx): a refused card, not an outage. */
const RECHAZO_DE_TARJETA = new Set([400, 402, 422]);

/**
 * MercadoPago through its official SDK: a subscription (preapproval) charged each month to a card
 * token from the Card Payment Brick, payments read back for webhooks. Card data never passes here:
 * only the token.
 */
export class ProveedorMercadoPago implements ProveedorPagos {
  readonly nombre = 'mercadopago' as const;
  readonly publicKey: string | null;

  constructor(private readonly o: OpcionesMercadoPago) {
    // Typed readonly, but a plain static the RestClient reads on every request (see `baseUrl`).
    if (o.baseUrl) (AppConfig as { BASE_URL: string }).BASE_URL = o.baseUrl.replace(/\/+$/, '');
    this.publicKey = o.publicKey;
  }

  /**
   * A configuration for one call. The SDK's clients merge a call's `requestOptions` into their
   * shared config and keep them (an idempotency key would stick to every later call, and
   * concurrent calls would trade keys), so each call gets its own config and client.
   */
  private config(MercadoPagoConfig: Sdk['MercadoPagoConfig'], idempotencyKey?: string): MercadoPagoConfig {
    return new MercadoPagoConfig({
      accessToken: this.o.accessToken,
      // One retry on 429/5xx: a person waits for the answer.
      options: { timeout: this.o.timeoutMs ?? 10_000, maxRetries: 1, ...(idempotencyKey ? { idempotencyKey } : {}) },
    });
  }

  async crearSuscripcion(s: NuevaSuscripcion): Promise<ResultadoCobro> {
    const { MercadoPagoConfig, MercadoPagoError, PreApproval } = await cargarSdk();
    try {
      // The same change never makes two subscriptions, even when the SDK retries.
      const r = await new PreApproval(this.config(MercadoPagoConfig, s.referenciaExterna)).create({
        body: {
          reason: s.motivo,
          external_reference: s.referenciaExterna,
          payer_email: s.emailPagador,
          card_token_id: s.tokenTarjeta,
          auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: s.monto, currency_id: 'ARS' },
          status: 'authorized',
        },
      });
      const estado = r.status === 'authorized' ? 'aprobado' : r.status === 'pending' ? 'pendiente' : 'rechazado';
      return {
        estado,
        suscripcionId: r.id ?? null,
        referencia: null,
        detalle:
          estado === 'aprobado'
            ? 'accredited'
            : estado === 'pendiente'
              ? 'pending'
              : `preapproval_${r.status ?? 'desconocido'}`,
      };
    } catch (err) {
      if (err instanceof MercadoPagoError && RECHAZO_DE_TARJETA.has(err.status)) {
        return { estado: 'rechazado', suscripcionId: null, referencia: null, detalle: detalleDeError(err) };
      }
      throw noDisponible(err, MercadoPagoError);
    }
  }

  async cambiarMonto(suscripcionId: string, monto: number): Promise<void> {
    const { MercadoPagoConfig, MercadoPagoError, PreApproval } = await cargarSdk();
    try {
      await new PreApproval(this.config(MercadoPagoConfig)).update({
        id: suscripcionId,
        body: { auto_recurring: { transaction_amount: monto, currency_id: 'ARS' } },
      });
    } catch (err) {
      throw noDisponible(err, MercadoPagoError);
    }
  }

  async cancelarSuscripcion(suscripcionId: string): Promise<void> {
    const { MercadoPagoConfig, MercadoPagoError, PreApproval } = await cargarSdk();
    try {
      await new PreApproval(this.config(MercadoPagoConfig)).update({
        id: suscripcionId,
        body: { status: 'cancelled' },
      });
    } catch (err) {
      throw noDisponible(err, MercadoPagoError);
    }
  }

  async consultarPago(referencia: string): Promise<PagoDelProveedor | null> {
    const { MercadoPagoConfig, MercadoPagoError, MPBadRequestError, MPNotFoundError, Payment } = await cargarSdk();
    let p: Awaited<ReturnType<Payment['get']>>;
    try {
      p = await new Payment(this.config(MercadoPagoConfig)).get({ id: referencia });
    } catch (err) {
      // An id MercadoPago does not know (404) or cannot read (400): no such payment.
      if (err instanceof MPNotFoundError || err instanceof MPBadRequestError) return null;
      throw noDisponible(err, MercadoPagoError);
    }
    const metadata = (p.metadata ?? {}) as { preapproval_id?: unknown };
    const suscripcionId =
      (typeof metadata.preapproval_id === 'string' ? metadata.preapproval_id : undefined) ??
      p.point_of_interaction?.transaction_data?.subscription_id ??
      null;
    return {
      referencia: String(p.id ?? referencia),
      estado: estadoDePagoMercadoPago(p.status),
      detalle: p.status_detail ?? p.status ?? '',
      monto: p.transaction_amount ?? 0,
      moneda: p.currency_id ?? '',
      suscripcionId,
      referenciaExterna: p.external_reference ?? null,
    };
  }

  firmaValida(f: FirmaWebhook): boolean {
    return firmaMercadoPagoValida(f, this.o.webhookSecret);
  }
}

/** MercadoPago's reason of a refused card: the first cause's code, or the error's message. */
function detalleDeError(err: MercadoPagoError): string {
  const causa = err.causes[0] as { code?: unknown; description?: unknown } | undefined;
  const codigo = typeof causa?.code === 'string' || typeof causa?.code === 'number' ? String(causa.code) : '';
  return (codigo || err.error || 'cc_rejected_other_reason').slice(0, 100);
}

function noDisponible(err: unknown, MercadoPagoError: Sdk['MercadoPagoError']): ProveedorNoDisponible {
  if (err instanceof MercadoPagoError)
    return new ProveedorNoDisponible(`HTTP ${err.status} ${err.error}`.slice(0, 200));
  return new ProveedorNoDisponible(err instanceof Error ? err.name : 'error');
}
