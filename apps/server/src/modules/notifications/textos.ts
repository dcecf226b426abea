import { estadoInfo } from '@delego/contract';

/**
 * What a notification of an order says, built once: the service writes them as the events happen
 * and the demo seed writes the ones its people find on their first visit with the same words.
 */

/** A notification before it has its user (the service's `NuevaNotificacion`). */
export interface AvisoDeOrden {
  tipo: 'ORDEN_ASIGNADA' | 'ORDEN_QUITADA' | 'ORDEN_ESTADO' | 'ORDEN_VENCIDA';
  titulo: string;
  mensaje: string;
  ordenId: number | null;
}

/** The order as the texts name it. */
export interface OrdenNombrada {
  id: number;
  numero: number;
  titulo: string;
}

/** The user was made a responsable of the order. */
export function avisoAsignada(o: OrdenNombrada): AvisoDeOrden {
  return { tipo: 'ORDEN_ASIGNADA', titulo: `Nueva orden asignada: #${o.numero}`, mensaje: o.titulo, ordenId: o.id };
}

/** The user is no longer a responsable: no link to the order, which they may no longer see. */
export function avisoQuitada(o: OrdenNombrada): AvisoDeOrden {
  return {
    tipo: 'ORDEN_QUITADA',
    titulo: `Ya no está a cargo de la orden #${o.numero}`,
    mensaje: o.titulo,
    ordenId: null,
  };
}

/** Someone else moved the order to `estadoId`, with their comment if they wrote one. */
export function avisoEstado(o: OrdenNombrada, estadoId: number, comentario?: string | null): AvisoDeOrden {
  const estado = estadoInfo(estadoId)?.nombre ?? '';
  return {
    tipo: 'ORDEN_ESTADO',
    titulo: `La orden #${o.numero} pasó a ${estado}`,
    mensaje: comentario ? `${o.titulo}: «${comentario}»` : o.titulo,
    ordenId: o.id,
  };
}

/** The order's end date passed while it was open. */
export function avisoVencida(o: OrdenNombrada): AvisoDeOrden {
  return { tipo: 'ORDEN_VENCIDA', titulo: `La orden #${o.numero} está vencida`, mensaje: o.titulo, ordenId: o.id };
}
