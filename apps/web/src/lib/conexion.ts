import { onlineManager, type QueryObserverResult } from '@tanstack/react-query';
import { textoFechaHora, textoHora, diaDeMs } from '@delego/contract';
import { useSyncExternalStore } from 'react';
import { ApiError, esErrorDefinitivo } from './errors';

/**
 * Whether the device has a connection, as TanStack Query sees it (issue 36, docs/APP-DE-CAMPO.md
 * «Trabajo sin conexión»). Its `onlineManager` starts online and only learns from the `online` and
 * `offline` events: after a reload without a connection it believed it was online, so a query
 * restored from IndexedDB retried its refresh until it failed (the list then showed «No se
 * pudieron cargar los datos» over the kept answer), and the `online` event changed nothing, so
 * nothing refreshed by itself. `sincronizarConexion` tells it the truth at start.
 */
export function navegadorEnLinea(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** At start (query-client.ts): TanStack Query's idea of the connection, from the browser's. */
export function sincronizarConexion(): void {
  onlineManager.setOnline(navegadorEnLinea());
}

const suscribir = (avisar: () => void) => onlineManager.subscribe(avisar);

/** True while the device has a connection; the screen draws again when it changes. */
export function useEnLinea(): boolean {
  return useSyncExternalStore(
    suscribir,
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** What a screen needs of its query to know whether what it shows is the kept copy. */
export type EstadoConsulta = Pick<
  QueryObserverResult<unknown, unknown>,
  'data' | 'dataUpdatedAt' | 'error' | 'fetchStatus'
>;

/**
 * The screen shows data it could not refresh because there is no connection: offline, its
 * refresh waiting for the connection, or its last refresh failed without reaching the server.
 */
export function muestraCopiaSinConexion(
  consulta: EstadoConsulta & { isPlaceholderData?: boolean },
  enLinea: boolean,
): boolean {
  if (consulta.data === undefined || consulta.isPlaceholderData === true) return false;
  if (!enLinea || consulta.fetchStatus === 'paused') return true;
  return consulta.error instanceof ApiError && consulta.error.esSinConexion;
}

/**
 * A query that is waiting for the connection with nothing kept to show (or only the previous
 * filter's answer as a placeholder, which is not this one's). With `enLinea` false, a placeholder
 * whose query is still running counts too: offline its one try (networkMode offlineFirst) fails
 * at once, but the query pauses only after the retry's delay, and meanwhile the previous answer,
 * with its count, read as this one's.
 */
export function esperaConexionSinDatos(
  consulta: Pick<EstadoConsulta, 'data' | 'fetchStatus'> & { isPlaceholderData?: boolean },
  enLinea = true,
): boolean {
  if (!enLinea && consulta.fetchStatus === 'fetching' && consulta.isPlaceholderData === true) return true;
  return consulta.fetchStatus === 'paused' && (consulta.data === undefined || consulta.isPlaceholderData === true);
}

/**
 * A failure to show instead of the data: only when there is no data, or the server refused it
 * (a 4xx: deleted, no longer visible). A refresh that could not reach the server keeps the data.
 */
export function errorEnLugarDeDatos(consulta: Pick<EstadoConsulta, 'data' | 'error'>): boolean {
  if (consulta.error == null) return false;
  return consulta.data === undefined || esErrorDefinitivo(consulta.error);
}

/** «Sin conexión · datos de 14:05»; from another day, «… datos del 27/11/2026 14:05». */
export function textoCopiaSinConexion(obtenidaEn: number, zona: string, ahora = Date.now()): string {
  const deHoy = diaDeMs(obtenidaEn, zona) === diaDeMs(ahora, zona);
  return deHoy
    ? `Sin conexión · datos de ${textoHora(obtenidaEn, zona)}`
    : `Sin conexión · datos del ${textoFechaHora(obtenidaEn, zona)}`;
}
