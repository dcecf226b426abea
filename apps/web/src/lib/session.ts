import { MD5_HEX, zUsuarioLogueado, type UsuarioLogueado } from '@delego/contract';

/**
 * The logged-in user kept in localStorage: the user as the server returned it plus the MD5 hex
 * of the password, which every authenticated call sends. The clear password is never stored.
 */
export interface Sesion {
  usuario: UsuarioLogueado;
  md5: string;
}

export const CLAVE_SESION = 'delego.sesion';
/**
 * Written and removed at once by a logout, so that other tabs learn it was a logout (storage
 * event) and not the server refusing the credentials.
 */
export const CLAVE_SALIDA = 'delego.salida';
/** Marker of the first-run wipe (SPEC §9): present once the wipe has happened. */
export const CLAVE_PRIMER_USO = 'delego.inicializado';

type Oyente = () => void;
const oyentes = new Set<Oyente>();
let cache: { crudo: string | null; sesion: Sesion | null } | undefined;
/**
 * The user logged out in this page (or in another tab), and nobody has logged in since. The
 * guards then send to the plain login screen: the next person must not land on the previous
 * user's page (`?volver=`). Kept in memory only: a new page load starts without it.
 */
let salida = false;

function almacen(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked (private mode, policies): the app still works, without persistence.
    return null;
  }
}

function interpretar(crudo: string | null): Sesion | null {
  if (!crudo) return null;
  try {
    const dato = JSON.parse(crudo) as { usuario?: unknown; md5?: unknown };
    const usuario = zUsuarioLogueado.safeParse(dato.usuario);
    if (!usuario.success || typeof dato.md5 !== 'string' || !MD5_HEX.test(dato.md5)) return null;
    return { usuario: usuario.data, md5: dato.md5 };
  } catch {
    return null;
  }
}

/** The stored session, or null. Returns the same object until the stored value changes. */
export function leerSesion(): Sesion | null {
  const crudo = almacen()?.getItem(CLAVE_SESION) ?? null;
  if (cache?.crudo !== crudo) cache = { crudo, sesion: interpretar(crudo) };
  return cache.sesion;
}

function avisar(): void {
  for (const oyente of oyentes) oyente();
}

export function guardarSesion(sesion: Sesion): void {
  salida = false;
  almacen()?.setItem(CLAVE_SESION, JSON.stringify({ usuario: sesion.usuario, md5: sesion.md5 }));
  avisar();
}

/**
 * Removes the stored session. `salida`: the user logged out, rather than the server refusing
 * the credentials (see `huboSalida`).
 */
export function borrarSesion(opciones: { salida?: boolean } = {}): void {
  const storage = almacen();
  if (opciones.salida) {
    salida = true;
    // Before the session goes: other tabs react to its removal and must know why by then.
    storage?.setItem(CLAVE_SALIDA, String(Date.now()));
    storage?.removeItem(CLAVE_SALIDA);
  }
  storage?.removeItem(CLAVE_SESION);
  avisar();
}

/** True after a logout here or in another tab, until the next login. */
export function huboSalida(): boolean {
  return salida;
}

/** Listens to session changes, in this tab and (through the storage event) in other tabs. */
export function suscribirSesion(oyente: Oyente): () => void {
  oyentes.add(oyente);
  const alCambiarOtraPestana = (e: StorageEvent) => {
    if (e.key === CLAVE_SALIDA && e.newValue !== null) salida = true;
    if (e.key === CLAVE_SESION && e.newValue !== null) salida = false;
    if (e.key === CLAVE_SESION || e.key === null) oyente();
  };
  window.addEventListener('storage', alCambiarOtraPestana);
  return () => {
    oyentes.delete(oyente);
    window.removeEventListener('storage', alCambiarOtraPestana);
  };
}

/**
 * Wipes localStorage once, the first time this app runs in the browser (SPEC §9), so data left
 * by an older client on the same origin cannot confuse this one. Returns true if it wiped.
 */
export function limpiezaPrimerUso(storage: Storage | null = almacen()): boolean {
  if (!storage || storage.getItem(CLAVE_PRIMER_USO) !== null) return false;
  storage.clear();
  storage.setItem(CLAVE_PRIMER_USO, new Date().toISOString());
  return true;
}
