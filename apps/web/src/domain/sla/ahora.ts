import { useSyncExternalStore } from 'react';

const MINUTO = 60_000;
const oyentes = new Set<() => void>();
let reloj: ReturnType<typeof setTimeout> | undefined;

/** Wakes the listeners just after each minute turns, while there are any. */
function programar() {
  reloj = setTimeout(
    () => {
      oyentes.forEach((o) => o());
      programar();
    },
    MINUTO - (Date.now() % MINUTO) + 50,
  );
}

function suscribir(oyente: () => void) {
  oyentes.add(oyente);
  if (reloj === undefined) programar();
  return () => {
    oyentes.delete(oyente);
    if (!oyentes.size && reloj !== undefined) {
      clearTimeout(reloj);
      reloj = undefined;
    }
  };
}

/** The current minute (ms): stable within the minute, so React re-renders only when it turns. */
const minutoActual = () => Math.floor(Date.now() / MINUTO) * MINUTO;

/**
 * Now, to the minute, re-rendering each minute: one timer for every countdown on screen (a list
 * of 25 orders does not start 25 intervals).
 */
export function useAhoraPorMinuto(): number {
  return useSyncExternalStore(suscribir, minutoActual);
}
