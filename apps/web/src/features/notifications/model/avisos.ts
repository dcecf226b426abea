import type { Notificacion } from '@delego/contract';

type Oyente = (n: Notificacion) => void;
const oyentes = new Set<Oyente>();

/** A notification just arrived on the live socket: whoever shows the toast hears it. */
export function anunciarNotificacion(n: Notificacion): void {
  for (const oyente of oyentes) oyente(n);
}

export function escucharAvisos(oyente: Oyente): () => void {
  oyentes.add(oyente);
  return () => {
    oyentes.delete(oyente);
  };
}
