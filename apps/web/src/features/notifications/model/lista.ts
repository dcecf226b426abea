import type { Notificacion } from '@delego/contract';

/** Newest first (SPEC: the screen lists them so); the id breaks ties. */
export function ordenarRecientes(lista: readonly Notificacion[]): Notificacion[] {
  return [...lista].sort((a, b) => b.fecha - a.fecha || b.id - a.id);
}

/** The list with a notification that just arrived (once, even if it arrives twice). */
export function agregarNotificacion(lista: readonly Notificacion[], nueva: Notificacion): Notificacion[] {
  return ordenarRecientes([nueva, ...lista.filter((n) => n.id !== nueva.id)]);
}

export function marcarComoLeida(lista: readonly Notificacion[], id: number): Notificacion[] {
  return lista.map((n) => (n.id === id && !n.leida ? { ...n, leida: true } : n));
}

export function contarNoLeidas(lista: readonly Notificacion[] | undefined): number {
  return lista?.reduce((total, n) => total + (n.leida ? 0 : 1), 0) ?? 0;
}

/** Where tapping a notification goes: its order; a request's, the requests (issue 33); else the list. */
export function rutaDeNotificacion(n: Pick<Notificacion, 'ordenId' | 'tipo'>): string {
  if (n.ordenId != null) return `/orden/${n.ordenId}`;
  return n.tipo === 'SOLICITUD_RECIBIDA' ? '/solicitudes' : '/notificaciones';
}

/** The badge's text: the count, '99+' past that. */
export function textoInsignia(noLeidas: number): string {
  return noLeidas > 99 ? '99+' : String(noLeidas);
}
