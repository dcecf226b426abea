import { z } from 'zod';

/**
 * The hours timer of an order (issue 36, item 6): its start is kept on the device, per user, so a
 * closed tab, a reload or no connection leave it running. One per user: starting another replaces
 * it (the screen asks first). Stopping gives the hours and minutes for the hours form.
 */

const PREFIJO = 'delego.temporizador.';
/** Told to this tab's listeners (other tabs hear the `storage` event). */
const EVENTO = 'delego-temporizador';

const zTemporizador = z.object({
  ordenId: z.number().int().positive(),
  /** The order's number, to name it in the header and when asking before replacing it. */
  numero: z.number().int().positive().optional(),
  /** Epoch ms when it started. */
  inicio: z.number().int().nonnegative(),
});

export type Temporizador = z.infer<typeof zTemporizador>;

const claveDe = (usuarioId: number) => `${PREFIJO}${usuarioId}`;

/** The running timer of the user, or null (none, or what was stored does not read as one). */
export function leerTemporizador(usuarioId: number): Temporizador | null {
  try {
    const crudo = localStorage.getItem(claveDe(usuarioId));
    if (!crudo) return null;
    const r = zTemporizador.safeParse(JSON.parse(crudo));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

function avisar() {
  window.dispatchEvent(new Event(EVENTO));
}

/** Starts the user's timer on the order at `ahora`, replacing any other. */
export function iniciarTemporizador(usuarioId: number, ordenId: number, numero: number | undefined, ahora: number) {
  const t: Temporizador = { ordenId, inicio: ahora, ...(numero ? { numero } : {}) };
  localStorage.setItem(claveDe(usuarioId), JSON.stringify(t));
  avisar();
}

/** Removes the user's timer (saved or discarded). */
export function borrarTemporizador(usuarioId: number) {
  localStorage.removeItem(claveDe(usuarioId));
  avisar();
}

/** Calls `alCambiar` when any timer changes, in this tab or another; returns the unsubscribe. */
export function escucharTemporizador(alCambiar: () => void): () => void {
  const deOtraPestana = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith(PREFIJO)) alCambiar();
  };
  window.addEventListener(EVENTO, alCambiar);
  window.addEventListener('storage', deOtraPestana);
  return () => {
    window.removeEventListener(EVENTO, alCambiar);
    window.removeEventListener('storage', deOtraPestana);
  };
}

/**
 * The time worked, for the hours form: rounded to the nearest minute, at least 1 minute (a timer
 * stopped at once still logs something the person can correct). A clock set back counts as 1 minute.
 */
export function duracionDelTemporizador(inicio: number, ahora: number): { horas: number; minutos: number } {
  const total = Math.max(1, Math.round((ahora - inicio) / 60_000));
  return { horas: Math.floor(total / 60), minutos: total % 60 };
}

/** The running time as it reads on screen: '0:05:09', '12:00:00'. */
export function textoTranscurrido(inicio: number, ahora: number): string {
  const s = Math.max(0, Math.floor((ahora - inicio) / 1000));
  const dos = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${dos(Math.floor(s / 60) % 60)}:${dos(s % 60)}`;
}
