import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSession } from '../../auth';
import { escucharTemporizador, leerTemporizador, type Temporizador } from '../model/temporizador';

/**
 * The signed-in person's running timer (model/temporizador.ts), kept up to date with this tab and
 * others, and the current time, ticking once a second while one runs.
 */
export function useTemporizador(): { usuarioId: number | null; temporizador: Temporizador | null; ahora: number } {
  const { usuario } = useSession();
  const usuarioId = usuario?.id ?? null;
  // The stored text is the snapshot: the same text, the same object (no render loop).
  const crudo = useSyncExternalStore(escucharTemporizador, () =>
    usuarioId === null ? null : JSON.stringify(leerTemporizador(usuarioId)),
  );
  const temporizador = crudo ? (JSON.parse(crudo) as Temporizador | null) : null;
  const [ahora, setAhora] = useState(() => Date.now());
  const corriendo = temporizador !== null;
  useEffect(() => {
    if (!corriendo) return;
    setAhora(Date.now());
    const t = setInterval(() => setAhora(Date.now()), 1000);
    return () => clearInterval(t);
  }, [corriendo]);
  return { usuarioId, temporizador, ahora };
}
