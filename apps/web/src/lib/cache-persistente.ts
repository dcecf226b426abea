import { experimental_createQueryPersister, type AsyncStorage } from '@tanstack/react-query-persist-client';
import type { Query } from '@tanstack/react-query';
import { createStore, delMany, entries, get, keys, set, del, type UseStore } from 'idb-keyval';
import { leerSesion } from './session';

/**
 * The cache that outlives a reload (SPEC §7 Caching, docs/APP-DE-CAMPO.md): the answers of lists,
 * orders and the catalogues the app needs to open are kept in IndexedDB, per user and per query
 * key, by TanStack Query's per-query persister. A query with nothing in memory starts from what
 * was kept (and always refetches it behind); a forced refresh (pull to refresh, "Reintentar") refetches
 * from the server, since the query already has data: the kept copy is never read for it. Logout
 * removes that user's entries; the first-run wipe (SPEC §9) removes them all.
 */

/** Kept at most this long; older entries are dropped when read. */
export const VIDA_CACHE_MS = 7 * 24 * 60 * 60 * 1000;
/** Changed when an answer's shape changes: entries written by an older version are then dropped. */
export const VERSION_CACHE = 'delego-17.1';

/** The first part of the keys that are kept: lists and orders, and what the app needs to open. */
const RAICES_PERSISTIDAS = new Set(['ordenes', 'catalogo', 'registro-gastos', 'plan', 'notificaciones']);

export function sePersiste(queryKey: readonly unknown[]): boolean {
  const [raiz, segunda] = queryKey;
  if (raiz === 'archivos') return segunda === 'lista';
  // An order's checklist and conformity (issue 31): answered in the field, offline too.
  if (raiz === 'checklists' || raiz === 'conformidad') return segunda === 'orden';
  return typeof raiz === 'string' && RAICES_PERSISTIDAS.has(raiz);
}

let almacen: UseStore | null | undefined;

function store(): UseStore | null {
  if (almacen === undefined) {
    almacen = typeof indexedDB === 'undefined' ? null : createStore('delego-cache', 'consultas');
  }
  return almacen;
}

/** For the tests: another store. */
export function usarAlmacenCache(otro: UseStore | null): void {
  almacen = otro;
}

const prefijoDe = (usuarioId: number) => `u${usuarioId}:`;

function prefijoActual(): string | null {
  const sesion = leerSesion();
  return sesion ? prefijoDe(sesion.usuario.id) : null;
}

/**
 * idb-keyval behind the persister, with the user in every key: another user (or nobody) never
 * reads this user's entries. An IndexedDB failure is a miss, never an error of the screen.
 */
const almacenPorUsuario: AsyncStorage<string> & { entries: () => Promise<[string, string][]> } = {
  async getItem(clave) {
    const p = prefijoActual();
    const s = store();
    if (!p || !s) return undefined;
    try {
      return await get<string>(p + clave, s);
    } catch (error) {
      console.warn('Caché local: no se pudo leer', error);
      return undefined;
    }
  },
  async setItem(clave, valor) {
    const p = prefijoActual();
    const s = store();
    if (!p || !s) return;
    try {
      await set(p + clave, valor, s);
    } catch (error) {
      // Full storage: the app goes on without keeping this answer.
      console.warn('Caché local: no se pudo guardar', error);
    }
  },
  async removeItem(clave) {
    const p = prefijoActual();
    const s = store();
    if (!p || !s) return;
    await del(p + clave, s).catch(() => undefined);
  },
  async entries() {
    const p = prefijoActual();
    const s = store();
    if (!p || !s) return [];
    const todas = await entries<IDBValidKey, string>(s).catch(() => [] as [IDBValidKey, string][]);
    return todas
      .filter(([k]) => typeof k === 'string' && k.startsWith(p))
      .map(([k, v]) => [(k as string).slice(p.length), v] as [string, string]);
  },
};

interface Guardada {
  state: { data: unknown; dataUpdatedAt: number };
  queryKey: unknown[];
  queryHash: string;
  buster: string;
}

/** A kept entry as written; anything else is damaged: skipped (and removed) with a message, never thrown to a screen. */
export function leerEntrada(crudo: string): Guardada {
  let dato: unknown;
  try {
    dato = JSON.parse(crudo);
  } catch {
    dato = null;
  }
  const d = dato as Partial<Guardada> | null;
  if (
    !d ||
    typeof d !== 'object' ||
    typeof d.queryHash !== 'string' ||
    !Array.isArray(d.queryKey) ||
    typeof d.state !== 'object' ||
    d.state === null ||
    typeof d.state.dataUpdatedAt !== 'number' ||
    d.state.data === undefined
  ) {
    console.warn('Caché local: se omitió una entrada dañada; se vuelve a pedir al servidor.');
    throw new Error('Entrada de caché dañada');
  }
  return d as Guardada;
}

export const persistidor = experimental_createQueryPersister<string>({
  storage: almacenPorUsuario,
  maxAge: VIDA_CACHE_MS,
  buster: VERSION_CACHE,
  prefix: 'q',
  // Checked behind every restore by `consultaPersistida` (the library's own refetch leaves its
  // failure unhandled).
  refetchOnRestore: false,
  serialize: (p) => JSON.stringify(p),
  deserialize: (crudo) => leerEntrada(crudo) as never,
  filters: { predicate: (q: Query) => sePersiste(q.queryKey) },
});

/**
 * The app's `persister` (query-client.ts): the persister's, plus a check with the server behind
 * every restored answer. What was kept may be older than the server's copy however recent it is (a
 * change from another session while this one reloaded, whose live message never reached it), so a
 * restored answer is shown at once and then refreshed; offline, that refresh waits for the
 * connection (networkMode offlineFirst) and the kept answer stays.
 */
export const consultaPersistida: typeof persistidor.persisterFn = async (queryFn, ctx, query) => {
  const restaurable = query.state.data === undefined;
  let pedida = false;
  const datos = await persistidor.persisterFn(
    (c) => {
      pedida = true;
      return queryFn(c);
    },
    ctx,
    query,
  );
  if (restaurable && !pedida) setTimeout(() => void query.fetch().catch(() => undefined), 0);
  return datos;
};

/**
 * The answers kept on this device for this user under `raiz` (a key's first parts), without
 * putting them in the query client: expired, older-version and damaged entries are skipped. An
 * offline search reads the orders' descriptions this way (features/orders). Empty on any failure.
 */
export async function respuestasGuardadas(
  raiz: readonly unknown[],
): Promise<Array<{ queryKey: unknown[]; data: unknown }>> {
  const limite = Date.now() - VIDA_CACHE_MS;
  const halladas: Array<{ queryKey: unknown[]; data: unknown }> = [];
  try {
    for (const [, crudo] of await almacenPorUsuario.entries()) {
      let entrada: Guardada;
      try {
        entrada = leerEntrada(crudo);
      } catch {
        continue;
      }
      if (entrada.buster !== VERSION_CACHE || entrada.state.dataUpdatedAt < limite) continue;
      if (raiz.every((parte, i) => entrada.queryKey[i] === parte)) {
        halladas.push({ queryKey: entrada.queryKey, data: entrada.state.data });
      }
    }
  } catch (error) {
    console.warn('Caché local: no se pudo leer', error);
  }
  return halladas;
}

/** Keeps a query's current answer now (after an offline change shown before the server has it). */
export function persistirAhora(query: Query): void {
  if (sePersiste(query.queryKey)) void persistidor.persistQuery(query);
}

/** Logout: removes every kept answer of that user. */
export async function borrarCacheDeUsuario(usuarioId: number): Promise<void> {
  const s = store();
  if (!s) return;
  try {
    const p = prefijoDe(usuarioId);
    const suyas = (await keys(s)).filter((k) => typeof k === 'string' && k.startsWith(p));
    await delMany(suyas, s);
  } catch (error) {
    console.warn('Caché local: no se pudo vaciar', error);
  }
}

/** The first-run wipe (SPEC §9): nothing kept by an earlier install survives it. */
export async function borrarCacheCompleta(): Promise<void> {
  const s = store();
  if (!s) return;
  try {
    await delMany(await keys(s), s);
  } catch (error) {
    console.warn('Caché local: no se pudo vaciar', error);
  }
}
