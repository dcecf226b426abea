import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLiveConnection } from '../../lib/live';
import { configurarBandeja, enviarCambio, procesarBandeja, recargarBandeja } from '../../lib/outbox';
import { leerSesion } from '../../lib/session';
import { useSession } from '../auth';
import { aplicarRespuesta } from './aplicar';

/** While changes wait, the outbox tries again this often (besides the online event and the live channel). */
const REINTENTO_MS = 30_000;

/**
 * Runs the outbox (lib/outbox) for the logged-in user: reads it when the session changes and
 * replays it when the connection comes back (the browser's online event, the live channel
 * reconnecting) and every 30 s while something waits.
 */
export function BandejaDeSalida() {
  const queryClient = useQueryClient();
  const { usuario } = useSession();
  const { connected } = useLiveConnection();
  const usuarioId = usuario?.id ?? null;

  useEffect(() => {
    configurarBandeja({
      enviar: enviarCambio,
      alAplicar: (cambio, respuesta) => aplicarRespuesta(queryClient, cambio, respuesta),
      usuarioId: () => leerSesion()?.usuario.id ?? null,
    });
    return () => configurarBandeja(null);
  }, [queryClient]);

  useEffect(() => {
    if (usuarioId === null) {
      void recargarBandeja();
      return;
    }
    const intentar = () => {
      if (navigator.onLine !== false) void procesarBandeja().catch((e: unknown) => console.warn('Bandeja', e));
    };
    void recargarBandeja()
      .then(intentar)
      .catch((e: unknown) => console.warn('Bandeja de salida: no se pudo leer', e));
    window.addEventListener('online', intentar);
    const reloj = window.setInterval(intentar, REINTENTO_MS);
    return () => {
      window.removeEventListener('online', intentar);
      window.clearInterval(reloj);
    };
  }, [usuarioId]);

  // The live channel reconnected: the server is reachable again.
  useEffect(() => {
    if (connected && usuarioId !== null) void procesarBandeja().catch(() => undefined);
  }, [connected, usuarioId]);

  return null;
}
