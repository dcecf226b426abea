import { ApiError } from '../errors';
import { enviarCambio } from './enviar';
import { BandejaLlenaError, borrarCambio, borrarCambios, guardarCambio, leerCambios } from './almacen';
import type { Cambio, NuevoCambio } from './tipos';

/**
 * The outbox (docs/APP-DE-CAMPO.md, "Trabajo sin conexión"): the changes made without a
 * connection, kept in IndexedDB per user, replayed in order once it is back. Each change has its
 * key from the start (its `Idempotency-Key`): sending it twice, or from two tabs, counts once.
 *
 * - A change that cannot reach the server (no connection, 5xx, 408, 429, the same key still
 *   running) stays pending, and the replay stops there so that the order is kept.
 * - A change the server refuses (any other 4xx: the order changed state meanwhile, no permission)
 *   is marked refused with the server's message; later changes of the same order wait behind it
 *   until the person fixes it (sent again with a new key) or discards it. Nothing is dropped.
 */

export interface ConfigBandeja {
  /** Sends one change with its key (lib/outbox/enviar.ts); throws `ApiError` on failure. */
  enviar: (cambio: Cambio) => Promise<unknown>;
  /** What a change sent updates in the app (the query cache): see app/bandeja-config.ts. */
  alAplicar?: (cambio: Cambio, respuesta: unknown) => void;
  /** The user whose changes go out now (the session's), or null without a session. */
  usuarioId: () => number | null;
}

export interface EstadoBandeja {
  cambios: Cambio[];
  /** Entries that could not be read: skipped, shown apart so the person can remove them. */
  danados: string[];
  enviando: boolean;
}

let config: ConfigBandeja | null = null;
let estado: EstadoBandeja = { cambios: [], danados: [], enviando: false };
let secuencia = 0;
let enCurso: Promise<void> | null = null;
const oyentes = new Set<() => void>();

export function configurarBandeja(c: ConfigBandeja | null): void {
  config = c;
  estado = { cambios: [], danados: [], enviando: false };
  avisar();
}

function avisar(): void {
  for (const o of oyentes) o();
}

export function suscribirBandeja(oyente: () => void): () => void {
  oyentes.add(oyente);
  return () => {
    oyentes.delete(oyente);
  };
}

export function leerBandeja(): EstadoBandeja {
  return estado;
}

/** A UUID v4: `crypto.randomUUID` where there is one (it needs a secure context), else by hand. */
export function nuevaClave(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Reads the current user's outbox again and tells the listeners. */
export async function recargarBandeja(): Promise<EstadoBandeja> {
  const usuarioId = config?.usuarioId() ?? null;
  if (usuarioId === null) {
    estado = { cambios: [], danados: [], enviando: false };
  } else {
    const { cambios, danados } = await leerCambios(usuarioId);
    estado = { ...estado, cambios, danados };
  }
  avisar();
  return estado;
}

/** True for failures that trying again later may fix: the change stays pending. */
export function esTransitorio(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.esSinConexion || error.status === 0) return true;
  if (error.status >= 500 || error.status === 408 || error.status === 429) return true;
  // The same key still running (sent twice at the same time): its answer comes on the next try.
  return error.code === 'IDEMPOTENCIA_EN_PROCESO';
}

/** Puts a change in the outbox (with `id` as its key if given: a call that may have reached the server). */
export async function encolar(nuevo: NuevoCambio, id: string = nuevaClave()): Promise<Cambio> {
  const usuarioId = config?.usuarioId() ?? null;
  if (usuarioId === null) throw new Error('Sin sesión no se pueden guardar cambios pendientes.');
  const cambio: Cambio = {
    ...nuevo,
    id,
    usuarioId,
    creado: Date.now(),
    secuencia: secuencia++,
    estado: 'pendiente',
    intentos: 0,
  };
  await guardarCambio(cambio);
  await recargarBandeja();
  return cambio;
}

export type Resultado<T> = { tipo: 'enviado'; respuesta: T } | { tipo: 'encolado'; cambio: Cambio };

/**
 * How a screen sends a change: at once when online and nothing is waiting before it; into the
 * outbox when offline, when the call cannot reach the server (with the same key, since it may
 * have arrived), or when earlier changes are still pending (to keep the order). A refusal from
 * the server is thrown as usual, for the form to show.
 */
export async function enviarOEncolar<T>(nuevo: NuevoCambio): Promise<Resultado<T>> {
  const id = nuevaClave();
  // Without the outbox running (a screen alone, in its tests): a plain call.
  if (!config) return { tipo: 'enviado', respuesta: (await enviarCambio(provisorioDe(nuevo, id, 0))) as T };
  const hayEspera = estado.cambios.length > 0;
  const enLinea = typeof navigator === 'undefined' || navigator.onLine !== false;
  if (enLinea && !hayEspera) {
    try {
      return {
        tipo: 'enviado',
        respuesta: (await config.enviar(provisorioDe(nuevo, id, config.usuarioId() ?? 0))) as T,
      };
    } catch (error) {
      if (!esTransitorio(error)) throw error;
    }
  }
  const cambio = await encolar(nuevo, id);
  if (enLinea && hayEspera) void procesarBandeja();
  return { tipo: 'encolado', cambio };
}

function provisorioDe(nuevo: NuevoCambio, id: string, usuarioId: number): Cambio {
  return { ...nuevo, id, usuarioId, creado: Date.now(), secuencia: 0, estado: 'pendiente', intentos: 0 };
}

/** Sends the pending changes in order, one replay at a time (a second call waits for the first). */
export function procesarBandeja(): Promise<void> {
  enCurso ??= procesar().finally(() => {
    enCurso = null;
  });
  return enCurso;
}

async function procesar(): Promise<void> {
  if (!config) return;
  const { cambios } = await recargarBandeja();
  if (!cambios.some((c) => c.estado === 'pendiente')) return;
  estado = { ...estado, enviando: true };
  avisar();
  try {
    // Orders with a refused change: their later changes wait until it is fixed or discarded.
    const detenidas = new Set(cambios.filter((c) => c.estado === 'rechazado').map((c) => c.ordenId ?? -1));
    for (const c of cambios) {
      if (c.estado !== 'pendiente' || detenidas.has(c.ordenId ?? -2)) continue;
      // Linked to a new order not created yet (refused, or gone): it waits, never goes without its order.
      if (c.ordenId === null && c.ordenClave !== undefined) continue;
      // The session changed during the replay: the rest waits for its owner.
      if (config.usuarioId() !== c.usuarioId) return;
      let respuesta: unknown;
      try {
        respuesta = await config.enviar(c);
      } catch (error) {
        if (esTransitorio(error) || (error instanceof ApiError && error.status === 401)) {
          await guardarCambio({ ...c, intentos: c.intentos + 1 });
          return;
        }
        const e =
          error instanceof ApiError
            ? { status: error.status, codigo: error.code, mensaje: error.message }
            : { status: 0, codigo: 'ERROR', mensaje: error instanceof Error ? error.message : String(error) };
        await guardarCambio({ ...c, estado: 'rechazado', intentos: c.intentos + 1, error: e });
        if (c.ordenId !== null) detenidas.add(c.ordenId);
        continue;
      }
      // A new order is created: the changes linked to it get its id before it leaves the outbox,
      // so a cut here replays the order (its key gives the same answer) and links them again.
      const creada = c.tipo === 'orden' && c.ordenId === null ? idDeRespuesta(respuesta) : null;
      if (creada !== null) {
        ordenesCreadas.set(c.id, creada);
        for (const [i, d] of cambios.entries()) {
          if (d.ordenClave !== c.id || d.ordenId !== null) continue;
          const enlazado = { ...d, ordenId: creada };
          await guardarCambio(enlazado);
          cambios[i] = enlazado;
        }
      }
      await borrarCambio(c.id);
      config.alAplicar?.(c, respuesta);
    }
  } finally {
    estado = { ...estado, enviando: false };
    await recargarBandeja();
  }
}

/** The server's id of a new order created by the outbox, from its answer (the order's detail). */
function idDeRespuesta(respuesta: unknown): number | null {
  const id = (respuesta as { id?: unknown } | null)?.id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/** Orders created by this replay, by the key of their change: where a screen of a pending order goes next. */
const ordenesCreadas = new Map<string, number>();

/** The server's id of the new order queued with this key, once the outbox has created it. */
export function ordenCreadaDe(clave: string): number | undefined {
  return ordenesCreadas.get(clave);
}

/** The changes linked to a new order queued with this key (its files), from the outbox as read. */
function enlazadosA(clave: string): Cambio[] {
  return estado.cambios.filter((c) => c.ordenClave === clave && c.ordenId === null);
}

/** Removes a change the person decided not to send; a new order takes the files attached to it. */
export async function descartarCambio(id: string): Promise<void> {
  await borrarCambios([id, ...enlazadosA(id).map((c) => c.id)]);
  await recargarBandeja();
}

/**
 * Sends a refused change again, as the person fixed it (a new body and description) or as it was
 * (the cause was fixed elsewhere): with a new key, since it is a new request, in its old place.
 */
export async function corregirCambio(
  id: string,
  cambios: Partial<Pick<Cambio, 'cuerpo' | 'descripcion'>> = {},
): Promise<void> {
  const c = estado.cambios.find((x) => x.id === id);
  if (!c) return;
  const { error: _error, ...sinError } = c;
  const nueva = nuevaClave();
  await guardarCambio({ ...sinError, ...cambios, id: nueva, estado: 'pendiente', intentos: 0 });
  // The files of a new order follow it to its new key.
  for (const d of enlazadosA(id)) await guardarCambio({ ...d, ordenClave: nueva });
  await borrarCambio(id);
  await recargarBandeja();
  await procesarBandeja();
}

/** Removes the entries that could not be read (after telling the person). */
export async function quitarDanados(): Promise<void> {
  await borrarCambios(estado.danados);
  await recargarBandeja();
}

export { BandejaLlenaError };

/** What a screen says when a change went to the outbox instead of the server. */
export const MENSAJE_SIN_CONEXION = 'Sin conexión: el cambio quedó pendiente y se enviará al volver la conexión.';
