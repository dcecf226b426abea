import {
  CONSTANTES,
  esAdmin,
  puedeCrearOrden,
  textoFecha,
  type PlanEstado,
  type SujetoPermisos,
} from '@delego/contract';

/** The rules of the plan panel in the side menu (SPEC §2 "Plan panel in the menu"). */

export type ColorBarraPlan = 'danger' | 'primary';

export interface ModeloPanelPlan {
  titulo: string;
  cupo: string;
  /** Available share of the quota, 0..1 (1 when the plan is unlimited). */
  proporcion: number;
  color: ColorBarraPlan;
  renovacion: string | null;
  mostrarActualizar: boolean;
}

/** Shown only if the user can create orders, a plan name exists and the device is not iOS. */
export function mostrarPanelPlan(
  usuario: Pick<SujetoPermisos, 'permisosResumen'>,
  plan: PlanEstado | null | undefined,
  esIos: boolean,
): boolean {
  return puedeCrearOrden(usuario) && !!plan?.nombre.trim() && !esIos;
}

export function tituloPlan(plan: Pick<PlanEstado, 'nombre'>): string {
  return `Plan ${plan.nombre}`;
}

export function esIlimitado(plan: Pick<PlanEstado, 'quota'>): boolean {
  return plan.quota === null;
}

/** '{available} de {quota} órdenes disponibles', or 'Ordenes ilimitadas' when the quota is empty. */
export function textoCupo(plan: Pick<PlanEstado, 'quota' | 'quotaDisponible'>): string {
  if (plan.quota === null) return 'Ordenes ilimitadas';
  return `${plan.quotaDisponible ?? 0} de ${plan.quota} órdenes disponibles`;
}

/** The available share of the quota, between 0 and 1; an unlimited plan is always full. */
export function proporcionDisponible(plan: Pick<PlanEstado, 'quota' | 'quotaDisponible'>): number {
  if (plan.quota === null) return 1;
  if (plan.quota <= 0) return 0;
  const proporcion = (plan.quotaDisponible ?? 0) / plan.quota;
  return Math.min(1, Math.max(0, proporcion));
}

/** Danger under the low-quota threshold (0.15), primary otherwise. */
export function colorBarra(proporcion: number): ColorBarraPlan {
  return proporcion < CONSTANTES.umbralQuotaBaja ? 'danger' : 'primary';
}

/** 'Próxima renovación el dd/MM/yyyy' (the company's day), or null when the plan has no renewal date. */
export function textoRenovacion(plan: Pick<PlanEstado, 'fechaProximoVencimiento'>, zona: string): string | null {
  if (plan.fechaProximoVencimiento === null) return null;
  return `Próxima renovación el ${textoFecha(plan.fechaProximoVencimiento, zona)}`;
}

/** Admins (ADMIN or PROPIETARIO) also see 'Actualizar plan'. */
export function mostrarActualizarPlan(usuario: Pick<SujetoPermisos, 'roles'>): boolean {
  return esAdmin(usuario);
}

/** Everything the panel shows, or null when it must not be shown. */
export function modeloPanelPlan(
  usuario: Pick<SujetoPermisos, 'permisosResumen' | 'roles'>,
  plan: PlanEstado | null | undefined,
  esIos: boolean,
  zona: string,
): ModeloPanelPlan | null {
  if (!plan || !mostrarPanelPlan(usuario, plan, esIos)) return null;
  const proporcion = proporcionDisponible(plan);
  return {
    titulo: tituloPlan(plan),
    cupo: textoCupo(plan),
    proporcion,
    color: colorBarra(proporcion),
    renovacion: textoRenovacion(plan, zona),
    mostrarActualizar: mostrarActualizarPlan(usuario),
  };
}

const ENTEROS = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0, useGrouping: 'always' });

/** Whether the plan has no orders left this period (an unlimited plan never runs out). */
export function cupoAgotado(plan: Pick<PlanEstado, 'quota' | 'quotaDisponible'> | null | undefined): boolean {
  return !!plan && plan.quota !== null && (plan.quotaDisponible ?? 0) <= 0;
}

export interface ModeloCupoAgotado {
  titulo: string;
  texto: string;
  /** «Actualizar plan»: admins and owners, never on iOS (SPEC §2). */
  mostrarActualizar: boolean;
}

/** What the new-order screen says instead of the form when the quota is exhausted; null when there are orders left. */
export function modeloCupoAgotado(
  usuario: Pick<SujetoPermisos, 'roles'>,
  plan: PlanEstado | null | undefined,
  esIos: boolean,
  zona: string,
): ModeloCupoAgotado | null {
  if (!plan || !cupoAgotado(plan)) return null;
  const puede = mostrarActualizarPlan(usuario) && !esIos;
  const renovacion =
    plan.fechaProximoVencimiento === null
      ? 'Se renueva con el próximo período.'
      : `Se renueva el ${textoFecha(plan.fechaProximoVencimiento, zona)}.`;
  return {
    titulo: 'No quedan órdenes en el plan',
    texto:
      `La empresa ya usó las ${ENTEROS.format(plan.quota ?? 0)} órdenes de este mes del plan ${plan.nombre}. ${renovacion} ` +
      (puede
        ? 'Para crear órdenes antes, actualice el plan.'
        : 'Para crear órdenes antes, pida a un administrador que actualice el plan.'),
    mostrarActualizar: puede,
  };
}
