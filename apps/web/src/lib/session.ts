import { MD5_HEX, zUsuarioLogueado, type UsuarioLogueado } from '@delego/contract';
import { almacenLocal, CLAVE_SALIDA, CLAVE_SESION } from './session-claves';
import { valorGuardado } from './valor-guardado';

export { CLAVE_PRIMER_USO, CLAVE_SALIDA, CLAVE_SESION, limpiezaPrimerUso } from './session-claves';

/**
 * The logged-in user kept in localStorage: the user as the server returned it plus the MD5 hex
 * of the password, which every authenticated call sends. The clear password is never stored.
 */
export interface Sesion {
  usuario: UsuarioLogueado;
  md5: string;
}

type Oyente = () => void;
const oyentes = new Set<Oyente>();
/**
 * The user logged out in this page (or in another tab), and nobody has logged in since. The
 * guards then send to the plain login screen: the next person must not land on the previous
 * user's page (`?volver=`). Kept in memory only: a new page load starts without it.
 */
let salida = false;

const guardada = valorGuardado<Sesion>(CLAVE_SESION, (dato) => {
  const d = dato as { usuario?: unknown; md5?: unknown };
  const usuario = zUsuarioLogueado.safeParse(d.usuario);
  if (!usuario.success || typeof d.md5 !== 'string' || !MD5_HEX.test(d.md5)) return null;
  return { usuario: usuario.data, md5: d.md5 };
});

/** The stored session, or null. Returns the same object until the stored value changes. */
export function leerSesion(): Sesion | null {
  return guardada.leer();
}

function avisar(): void {
  for (const oyente of oyentes) oyente();
}

export function guardarSesion(sesion: Sesion): void {
  salida = false;
  guardada.guardar({ usuario: sesion.usuario, md5: sesion.md5 });
  avisar();
}

/**
 * Removes the stored session. `salida`: the user logged out, rather than the server refusing
 * the credentials (see `huboSalida`).
 */
export function borrarSesion(opciones: { salida?: boolean } = {}): void {
  if (opciones.salida) {
    salida = true;
    // Before the session goes: other tabs react to its removal and must know why by then.
    const storage = almacenLocal();
    storage?.setItem(CLAVE_SALIDA, String(Date.now()));
    storage?.removeItem(CLAVE_SALIDA);
  }
  guardada.borrar();
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
