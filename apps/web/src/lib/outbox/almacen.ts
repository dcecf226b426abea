import { createStore, del, delMany, entries, set, type UseStore } from 'idb-keyval';
import { ErrorDeUsuario } from '../errors';
import { ALMACEN_BANDEJA, BASE_BANDEJA } from './nombres';
import { zCambio, type Cambio } from './tipos';

/**
 * Where the outbox lives: an IndexedDB store of its own (`delego-bandeja`), one entry per change,
 * keyed by its id. Blobs (photos) are stored as they are: IndexedDB keeps binary data.
 */
let almacen: UseStore | null = null;

function store(): UseStore {
  almacen ??= createStore(BASE_BANDEJA, ALMACEN_BANDEJA);
  return almacen;
}

/** For the tests: another store (a new fake IndexedDB each time). */
export function usarAlmacen(otro: UseStore | null): void {
  almacen = otro;
}

/** The device's storage is full: the change could not be kept. */
export class BandejaLlenaError extends ErrorDeUsuario {
  constructor() {
    super(
      'El almacenamiento del dispositivo está lleno: el cambio no se pudo guardar para enviarlo después. ' +
        'Libere espacio o conéctese y vuelva a intentarlo.',
    );
  }
}

function esCuotaExcedida(error: unknown): boolean {
  return (
    (error instanceof DOMException || error instanceof Error) &&
    (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED')
  );
}

export async function guardarCambio(cambio: Cambio): Promise<void> {
  try {
    await set(cambio.id, cambio, store());
  } catch (error) {
    if (esCuotaExcedida(error)) throw new BandejaLlenaError();
    throw error;
  }
}

export async function borrarCambio(id: string): Promise<void> {
  await del(id, store());
}

export async function borrarCambios(ids: string[]): Promise<void> {
  if (ids.length) await delMany(ids, store());
}

/** What the outbox holds for a user: its changes in order, and the keys of entries that cannot be read. */
export interface Contenido {
  cambios: Cambio[];
  /** Entries that are not a change (damaged, or written by another version): skipped, listed apart. */
  danados: string[];
}

export async function leerCambios(usuarioId: number): Promise<Contenido> {
  const cambios: Cambio[] = [];
  const danados: string[] = [];
  for (const [clave, valor] of await entries<IDBValidKey, unknown>(store())) {
    const r = zCambio.safeParse(valor);
    if (!r.success) {
      console.warn('Bandeja de salida: se omitió una entrada dañada', String(clave));
      danados.push(String(clave));
      continue;
    }
    if (r.data.usuarioId === usuarioId) cambios.push(r.data);
  }
  cambios.sort((a, b) => a.creado - b.creado || a.secuencia - b.secuencia);
  return { cambios, danados };
}
