/**
 * Helpers of changes sent in two calls (a checklist photo: the upload, then the answer naming the
 * files). Each call has its own Idempotency-Key, both derived from the change's key, so a replay
 * after a failure in between repeats the upload's answer and sends the answer once.
 */
import type { CuerpoChecklistFoto } from './tipos';

/** A second UUID from a change's key: its last hex digit flipped (still a valid UUID, never equal). */
export function claveDerivada(clave: string): string {
  const ultimo = Number.parseInt(clave.slice(-1), 16);
  return `${clave.slice(0, -1)}${(ultimo ^ 1).toString(16)}`;
}

/**
 * The ids of the files an upload added: the route answers the order's whole list, and the files
 * of one upload are inserted together in one transaction, so they are the highest image ids.
 */
export function idsSubidos(lista: readonly { id: number; esImagen: boolean }[], cantidad: number): number[] {
  return lista
    .filter((a) => a.esImagen)
    .map((a) => a.id)
    .sort((a, b) => b - a)
    .slice(0, cantidad)
    .sort((a, b) => a - b);
}

/**
 * The answer a `checklistFoto` change sends once its photos are up: a photo item's answer is its
 * photos; any other item's answer goes again with them as evidence. The photos it had stay.
 */
export function respuestaConFotos(c: CuerpoChecklistFoto, nuevas: readonly number[]): Record<string, unknown> {
  const archivos = [...c.previas, ...nuevas];
  const nota = c.nota ? { nota: c.nota } : {};
  return c.respuesta ? { ...c.respuesta, ...nota, archivos } : { tipo: 'foto', archivos, ...nota };
}
