import { textoFecha, TEXTO_ESTADO_PAGO, type EstadoPago, type PlanCatalogo, type PlanEstado } from '@delego/contract';
import { formatearPrecio } from './precios';

/**
 * The rules of the planes screen (issue 15): what each plan's card says and what choosing it
 * does. An upgrade (a plan that costs more) is paid now with a card and applies at once; a
 * downgrade (cheaper, or the free plan) needs no card and applies at the next renewal.
 */

export type TipoCambio = 'actual' | 'mejora' | 'baja';

const enteros = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0, useGrouping: 'always' });

/** '100 órdenes por mes', '1 orden por mes', or 'Órdenes ilimitadas' when the quota is empty. */
export function textoCupoPlan(quota: number | null): string {
  if (quota === null) return 'Órdenes ilimitadas';
  return `${enteros.format(quota)} ${quota === 1 ? 'orden' : 'órdenes'} por mes`;
}

/** '$ 24.900,00' and 'por mes', or 'Gratis' alone. */
export function partesPrecioPlan(plan: Pick<PlanCatalogo, 'precioMensual' | 'moneda'>): {
  importe: string;
  periodo: string | null;
} {
  return plan.precioMensual === 0
    ? { importe: 'Gratis', periodo: null }
    : { importe: formatearPrecio(plan.precioMensual, plan.moneda), periodo: 'por mes' };
}

/** '$ 24.900,00 por mes', or 'Gratis'. */
export function textoPrecioPlan(plan: Pick<PlanCatalogo, 'precioMensual' | 'moneda'>): string {
  const { importe, periodo } = partesPrecioPlan(plan);
  return periodo ? `${importe} ${periodo}` : importe;
}

/** The current plan of the catalogue (the server marks it). */
export function planActual(planes: readonly PlanCatalogo[]): PlanCatalogo | undefined {
  return planes.find((p) => p.actual);
}

/** What choosing `plan` is for the company: its current plan, an upgrade (costs more) or a downgrade. */
export function tipoCambio(plan: PlanCatalogo, actual: PlanCatalogo | undefined): TipoCambio {
  if (plan.actual) return 'actual';
  // Without a known current plan every plan is a change paid now, as the server decides by price.
  if (!actual) return plan.precioMensual > 0 ? 'mejora' : 'baja';
  return plan.precioMensual > actual.precioMensual ? 'mejora' : 'baja';
}

/** The text of each plan's button. */
export function textoBotonPlan(plan: PlanCatalogo, tipo: TipoCambio): string {
  if (tipo === 'actual') return 'Plan actual';
  if (plan.programado) return 'Cambio programado';
  return tipo === 'mejora' ? `Mejorar a ${plan.nombre}` : `Cambiar a ${plan.nombre}`;
}

/** The line under a downgrade's button: when it applies. */
export function notaBaja(plan: PlanEstado | null | undefined, zona: string): string {
  const fecha = plan?.fechaProximoVencimiento;
  return fecha
    ? `Se aplica en la próxima renovación, el ${textoFecha(fecha, zona)}.`
    : 'Se aplica en la próxima renovación.';
}

/** The warning of a failed payment, while the grace period lasts. */
export function textoGracia(plan: PlanEstado | null | undefined, zona: string): string | null {
  if (!plan?.gracia) return null;
  return (
    `No se pudo cobrar el último pago del plan ${plan.nombre}. El plan se mantiene hasta el ` +
    `${textoFecha(plan.gracia.hasta, zona)}; después la empresa pasa al plan gratuito. ` +
    'Elija el plan y cargue una tarjeta para seguir.'
  );
}

/** The downgrade waiting for the next renewal. */
export function textoPendiente(plan: PlanEstado | null | undefined, zona: string): string | null {
  if (!plan?.pendiente) return null;
  return `La empresa pasará al plan ${plan.pendiente.planNombre} el ${textoFecha(plan.pendiente.desde, zona)}, en la próxima renovación.`;
}

/** The Spanish label of a payment's state. */
export function textoEstadoPago(estado: EstadoPago): string {
  return TEXTO_ESTADO_PAGO[estado];
}

/** The colour of a payment's state. */
export function colorEstadoPago(estado: EstadoPago): 'success' | 'warning' | 'danger' | 'medium' {
  if (estado === 'aprobado') return 'success';
  if (estado === 'pendiente') return 'warning';
  if (estado === 'rechazado' || estado === 'contracargo') return 'danger';
  return 'medium';
}
