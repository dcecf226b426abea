import { randomBytes } from 'node:crypto';
import { TITULARES_DE_PRUEBA, type EstadoPago } from '@delego/contract';
import * as puerto from './proveedor-pagos.js';

/** The webhook secret of the test mode when MERCADOPAGO_WEBHOOK_SECRET is not set. */
export const SECRETO_WEBHOOK_PRUEBA = 'modo-prueba';

interface SuscripcionDePrueba {
  id: string;
  monto: number;
  activa: boolean;
  referenciaExterna: string;
}

/**
 * The test mode (no MercadoPago credentials): behaves like MercadoPago's sandbox, offline. The
 * cardholder name picks the outcome (APRO approved, CONT pending, OTHE/CALL/FUND/SECU/EXPI/FORM
 * rejected with MercadoPago's status detail; any other name is OTHE). Tokens come from the web's
 * own test form (`prueba_…`). Subscriptions and payments live in memory, like a sandbox account:
 * `cobrar` and `cambiarEstado` make what MercadoPago would do later (a monthly charge, a refund),
 * and the webhook the caller then sends is checked like MercadoPago's.
 */
export class ProveedorPrueba implements puerto.ProveedorPagos {
  readonly nombre = 'prueba' as const;
  readonly publicKey = null;
  private readonly suscripciones = new Map<string, SuscripcionDePrueba>();
  private readonly pagos = new Map<string, puerto.PagoDelProveedor>();

  constructor(private readonly secreto: string = SECRETO_WEBHOOK_PRUEBA) {}

  crearSuscripcion(s: puerto.NuevaSuscripcion): Promise<puerto.ResultadoCobro> {
    const resultado = resultadoDeTitular(s.titular);
    if (resultado.estado === 'rechazado') {
      // Like MercadoPago: a refused card makes no subscription, only the refused payment.
      const pago = this.registrar(null, s.monto, resultado.estado, resultado.detalle, s.referenciaExterna);
      return Promise.resolve({ ...resultado, suscripcionId: null, referencia: pago.referencia });
    }
    const id = `prueba-sus-${randomBytes(6).toString('hex')}`;
    this.suscripciones.set(id, { id, monto: s.monto, activa: true, referenciaExterna: s.referenciaExterna });
    const pago = this.registrar(id, s.monto, resultado.estado, resultado.detalle, s.referenciaExterna);
    return Promise.resolve({ ...resultado, suscripcionId: id, referencia: pago.referencia });
  }

  cambiarMonto(suscripcionId: string, monto: number): Promise<void> {
    const s = this.suscripciones.get(suscripcionId);
    if (s) s.monto = monto;
    return Promise.resolve();
  }

  cancelarSuscripcion(suscripcionId: string): Promise<void> {
    const s = this.suscripciones.get(suscripcionId);
    if (s) s.activa = false;
    return Promise.resolve();
  }

  consultarPago(referencia: string): Promise<puerto.PagoDelProveedor | null> {
    const p = this.pagos.get(referencia);
    return Promise.resolve(p ? { ...p } : null);
  }

  firmaValida(f: puerto.FirmaWebhook): boolean {
    return puerto.firmaMercadoPagoValida(f, this.secreto);
  }

  /**
   * A monthly charge of the subscription, as MercadoPago makes it on the renewal date: the
   * titular picks the outcome. Gives the payment's reference, for the webhook.
   */
  cobrar(suscripcionId: string, titular = 'APRO'): string {
    const s = this.suscripciones.get(suscripcionId);
    if (!s?.activa) throw new Error(`suscripción de prueba ${suscripcionId} inexistente o cancelada`);
    const r = resultadoDeTitular(titular);
    return this.registrar(s.id, s.monto, r.estado, r.detalle, s.referenciaExterna).referencia;
  }

  /** A later change of a payment (a refund, a charge back, a pending one approved). */
  cambiarEstado(referencia: string, estado: EstadoPago, detalle: string = estado): void {
    const p = this.pagos.get(referencia);
    if (!p) throw new Error(`pago de prueba ${referencia} inexistente`);
    p.estado = estado;
    p.detalle = detalle;
  }

  /** What MercadoPago reports of a payment's amount and currency (tests of a payment that does not match its plan). */
  alterarPago(referencia: string, monto: number, moneda = 'ARS'): void {
    const p = this.pagos.get(referencia);
    if (!p) throw new Error(`pago de prueba ${referencia} inexistente`);
    p.monto = monto;
    p.moneda = moneda;
  }

  /** Whether the subscription still charges (tests). */
  activa(suscripcionId: string): { activa: boolean; monto: number } | undefined {
    const s = this.suscripciones.get(suscripcionId);
    return s && { activa: s.activa, monto: s.monto };
  }

  private registrar(
    suscripcionId: string | null,
    monto: number,
    estado: EstadoPago,
    detalle: string,
    referenciaExterna: string,
  ): puerto.PagoDelProveedor {
    const referencia = `prueba-${randomBytes(6).toString('hex')}`;
    const pago = { referencia, estado, detalle, monto, moneda: 'ARS', suscripcionId, referenciaExterna };
    this.pagos.set(referencia, pago);
    return pago;
  }
}

/** The sandbox outcome of a cardholder name (the first word, in capitals). */
export function resultadoDeTitular(titular: string): Pick<puerto.ResultadoCobro, 'estado' | 'detalle'> {
  const clave = titular.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
  const t =
    clave in TITULARES_DE_PRUEBA
      ? TITULARES_DE_PRUEBA[clave as keyof typeof TITULARES_DE_PRUEBA]
      : TITULARES_DE_PRUEBA.OTHE;
  return { estado: t.estado, detalle: t.detalle };
}
