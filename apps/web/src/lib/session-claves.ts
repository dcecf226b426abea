/**
 * The localStorage keys of the session and the first-run wipe (SPEC §9), apart from session.ts so
 * that the first screen (main.tsx, the first-stage login) reads them without the contract and Zod.
 */
export const CLAVE_SESION = 'delego.sesion';
/**
 * Written and removed at once by a logout, so that other tabs learn it was a logout (storage
 * event) and not the server refusing the credentials.
 */
export const CLAVE_SALIDA = 'delego.salida';
/** Marker of the first-run wipe (SPEC §9): present once the wipe has happened. */
export const CLAVE_PRIMER_USO = 'delego.inicializado';

export function almacenLocal(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked (private mode, policies): the app still works, without persistence.
    return null;
  }
}

/**
 * Wipes localStorage once, the first time this app runs in the browser (SPEC §9), so data left
 * by an older client on the same origin cannot confuse this one. Returns true if it wiped.
 */
export function limpiezaPrimerUso(storage: Storage | null = almacenLocal()): boolean {
  if (!storage || storage.getItem(CLAVE_PRIMER_USO) !== null) return false;
  storage.clear();
  storage.setItem(CLAVE_PRIMER_USO, new Date().toISOString());
  return true;
}

/** True when a session is stored (lib/session.ts validates it; this only looks, for main.tsx). */
export function haySesionGuardada(storage: Storage | null = almacenLocal()): boolean {
  return Boolean(storage?.getItem(CLAVE_SESION));
}
