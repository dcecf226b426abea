import { TEXTO_CONFORMIDAD_REQUERIDA, type ConformidadOrden } from '@delego/contract';

/** The state of an order's conformity in a few words, for its section and badge. */
export function textoEstadoConformidad(c: Pick<ConformidadOrden, 'estado'>): string {
  switch (c.estado) {
    case 'conforme':
      return 'Conforme';
    case 'no_conforme':
      return 'No conforme';
    default:
      return 'Pendiente';
  }
}

export function colorEstadoConformidad(c: Pick<ConformidadOrden, 'estado'>): 'success' | 'danger' | 'medium' {
  return c.estado === 'conforme' ? 'success' : c.estado === 'no_conforme' ? 'danger' : 'medium';
}

/** What the type requires, said for the order («Este tipo de orden la pide antes de finalizar»). */
export function textoRequerida(c: Pick<ConformidadOrden, 'requerida'>): string | null {
  if (c.requerida === 'no') return null;
  return `Este tipo de orden la pide ${TEXTO_CONFORMIDAD_REQUERIDA[c.requerida].toLowerCase()}.`;
}

/** A DNI as typed (dots allowed) is valid when it has 7 or 8 digits; empty is fine (optional). */
export function problemaDeDni(dni: string): string | null {
  const t = dni.trim();
  if (!t) return null;
  return /^(\d{1,2}\.?\d{3}\.?\d{3})$/.test(t) ? null : 'El DNI debe tener entre 7 y 8 dígitos (puede llevar puntos).';
}
