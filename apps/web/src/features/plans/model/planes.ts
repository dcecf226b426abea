import {
  textoFecha,
  TEXTO_ESTADO_PAGO,
  unMesDespues,
  type EstadoPago,
  type PlanCatalogo,
  type PlanEstado,
} from '@delego/contract';
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

/**
 * The line under an upgrade's button (issue 36): an upgrade starts a new period today, as the
 * server does (docs/PLANES.md «Mejora»), so it says until when.
 */
export function notaMejoraCorta(zona: string, ahora: Date = new Date()): string {
  return `Se cobra hoy el mes entero y empieza un período nuevo, hasta el ${textoFecha(unMesDespues(ahora).getTime(), zona)}.`;
}

/**
 * What paying an upgrade does, said before paying (issue 36): the whole month of the new plan
 * today, a new period from today with the new plan's whole quota, and what happens to the days
 * left of a paid current period (they end today, not refunded: nothing is charged twice later).
 */
export function notaMejora(
  plan: Pick<PlanCatalogo, 'precioMensual' | 'moneda' | 'quota'>,
  actual: Pick<PlanCatalogo, 'nombre' | 'precioMensual'> | undefined,
  estado: Pick<PlanEstado, 'fechaProximoVencimiento'> | null | undefined,
  zona: string,
  ahora: Date = new Date(),
): string {
  const renueva = textoFecha(unMesDespues(ahora).getTime(), zona);
  const cupo =
    plan.quota === null
      ? 'órdenes ilimitadas'
      : `${enteros.format(plan.quota)} ${plan.quota === 1 ? 'orden disponible' : 'órdenes disponibles'}`;
  let texto =
    `Hoy se cobra ${formatearPrecio(plan.precioMensual, plan.moneda)}, el mes entero, y empieza un período nuevo: ` +
    `el plan cambia en el momento, con ${cupo}, y se renueva el ${renueva}.`;
  const vence = estado?.fechaProximoVencimiento;
  if (actual && actual.precioMensual > 0 && vence && vence > ahora.getTime()) {
    texto +=
      ` El período pago del plan ${actual.nombre} (hasta el ${textoFecha(vence, zona)}) termina hoy; ` +
      'los días que le quedaban no se reintegran.';
  }
  return texto;
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
