import { almacenLocal } from './session-claves';

/** A value kept as JSON in localStorage under one key (the session, the push device). */
export interface ValorGuardado<T> {
  /**
   * The stored value, or null when there is none or it does not read as one (`interpretar`
   * refused it, or it is not JSON). The same object until the stored text changes, so that
   * useSyncExternalStore sees a stable snapshot.
   */
  leer(): T | null;
  guardar(valor: T): void;
  borrar(): void;
}

/** `interpretar` checks the parsed JSON and returns the value, or null; a throw counts as null. */
export function valorGuardado<T>(clave: string, interpretar: (dato: unknown) => T | null): ValorGuardado<T> {
  let cache: { crudo: string | null; valor: T | null } | undefined;

  function desde(crudo: string | null): T | null {
    if (!crudo) return null;
    try {
      return interpretar(JSON.parse(crudo));
    } catch {
      return null;
    }
  }

  return {
    leer() {
      const crudo = almacenLocal()?.getItem(clave) ?? null;
      if (cache?.crudo !== crudo) cache = { crudo, valor: desde(crudo) };
      return cache.valor;
    },
    guardar(valor) {
      almacenLocal()?.setItem(clave, JSON.stringify(valor));
    },
    borrar() {
      almacenLocal()?.removeItem(clave);
    },
  };
}
