import { createStore, del, delMany, entries, get, set, type UseStore } from 'idb-keyval';
import { z } from 'zod';
import { camposDeEnvio } from '../../../lib/outbox';

/**
 * What the contractor's page keeps on the device (issue 33 part 2), apart from the app's own
 * stores (a contractor has no session, and their data never mixes with a user's):
 * - `delego-externo`: the outbox of each link, one entry per change, keyed by its id (its
 *   Idempotency-Key); photos are kept as Blobs.
 * - `delego-externo-copias`: the last answers read with each link (the order, its files, its
 *   checklist), to show without a connection.
 * Entries carry the link's key (`claveDeEnlace`: the SHA-256 of the token), never the token.
 */

let cambios: UseStore | null = null;
let copias: UseStore | null = null;

function almacenCambios(): UseStore {
  cambios ??= createStore('delego-externo', 'cambios');
  return cambios;
}

function almacenCopias(): UseStore {
  copias ??= createStore('delego-externo-copias', 'copias');
  return copias;
}

/** For the tests: other stores (a new fake IndexedDB each time); null goes back to the real ones. */
export function usarAlmacenesExterno(otros: { cambios: UseStore; copias: UseStore } | null): void {
  cambios = otros?.cambios ?? null;
  copias = otros?.copias ?? null;
}

export const TIPOS_CAMBIO_EXTERNO = ['estado', 'registro', 'archivos', 'checklist'] as const;
export type TipoCambioExterno = (typeof TIPOS_CAMBIO_EXTERNO)[number];

/**
 * A Blob as IndexedDB gives it back. Checked by its shape: a Blob of another realm (a test's
 * IndexedDB, another frame) is a Blob all the same.
 */
const esBlob = (v: unknown): v is Blob =>
  v instanceof Blob ||
  (typeof v === 'object' &&
    v !== null &&
    typeof (v as Blob).arrayBuffer === 'function' &&
    typeof (v as Blob).size === 'number' &&
    typeof (v as Blob).type === 'string');

const zArchivoGuardado = z.object({
  nombre: z.string(),
  tipo: z.string(),
  datos: z.custom<Blob>(esBlob, 'El archivo guardado no se puede leer.'),
});
export type ArchivoGuardado = z.infer<typeof zArchivoGuardado>;

export const zCambioExterno = z.object({
  /** Also its `Idempotency-Key`, every time it goes out. */
  id: z.string().uuid(),
  /** The link's key (SHA-256 of the token). */
  enlace: z.string(),
  tipo: z.enum(TIPOS_CAMBIO_EXTERNO),
  ordenId: z.number().int(),
  ...camposDeEnvio(zArchivoGuardado),
});
export type CambioExterno = z.infer<typeof zCambioExterno>;

export async function guardarCambioExterno(c: CambioExterno): Promise<void> {
  await set(c.id, c, almacenCambios());
}

export async function borrarCambioExterno(id: string): Promise<void> {
  await del(id, almacenCambios());
}

/** The changes of one link, in the order they were made (entries that cannot be read are skipped). */
export async function leerCambiosExterno(enlace: string): Promise<CambioExterno[]> {
  const lista: CambioExterno[] = [];
  for (const [, valor] of await entries<IDBValidKey, unknown>(almacenCambios())) {
    const r = zCambioExterno.safeParse(valor);
    if (r.success && r.data.enlace === enlace) lista.push(r.data);
  }
  return lista.sort((a, b) => a.creado - b.creado || a.secuencia - b.secuencia);
}

const zCopia = z.object({ dato: z.unknown(), obtenida: z.number() });

/** Keeps an answer read with the link (a failure to write only costs the offline copy). */
export async function guardarCopia(enlace: string, parte: string, dato: unknown, obtenida = Date.now()) {
  try {
    await set(`${enlace}:${parte}`, { dato, obtenida }, almacenCopias());
  } catch (error) {
    console.warn('Enlace de externo: no se pudo guardar la copia local', error);
  }
}

/** The kept answer of a part, if it is still what its schema says. */
export async function leerCopia<T>(
  enlace: string,
  parte: string,
  esquema: z.ZodType<T>,
): Promise<{ dato: T; obtenida: number } | null> {
  try {
    const r = zCopia.safeParse(await get(`${enlace}:${parte}`, almacenCopias()));
    if (!r.success) return null;
    const dato = esquema.safeParse(r.data.dato);
    return dato.success ? { dato: dato.data, obtenida: r.data.obtenida } : null;
  } catch {
    return null;
  }
}

/** Removes the kept answers of a link that no longer opens (revoked, expired, unknown). */
export async function borrarCopias(enlace: string, partes: readonly string[]): Promise<void> {
  try {
    await delMany(
      partes.map((p) => `${enlace}:${p}`),
      almacenCopias(),
    );
  } catch {
    // Nothing to remove, or no IndexedDB: nothing to do.
  }
}
