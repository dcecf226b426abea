import { NOMBRE_PERMISO, palabrasEscritas } from '@delego/contract';
/** How names of the server read in the interface. */

const NOMBRES_ROL: Record<string, string> = {
  PROPIETARIO: 'Propietario',
  ADMIN: 'Administrador',
  SUPERVISOR: 'Supervisor',
  OPERARIO: 'Operario',
};

export function nombreRol(nombre: string): string {
  return NOMBRES_ROL[nombre] ?? nombre.charAt(0).toLocaleUpperCase('es') + nombre.slice(1).toLocaleLowerCase('es');
}

/**
 * Short labels of the permissions (SPEC §6); the catalogue's description says more. The contract's
 * names (the ones messages use), shorter for the per-client ones shown next to a client.
 */
const NOMBRES_PERMISO: Record<string, string> = { ...NOMBRE_PERMISO, delegarOrden: 'Delegar', borrarOrden: 'Borrar' };

/** Alphabetical order of names as a Spanish reader expects: accents and capitals do not count. */
export function compararNombres(a: string, b: string): number {
  return a.localeCompare(b, 'es', { sensitivity: 'base' });
}

export function nombrePermiso(nombre: string): string {
  return NOMBRES_PERMISO[nombre] ?? nombre;
}

export function nombreCompleto(u: { nombre: string; apellido?: string | null }): string {
  return `${u.nombre} ${u.apellido ?? ''}`.trim();
}

/** Up to two initials of a person, for the avatar. */
export function inicialesPersona(u: { nombre: string; apellido?: string | null }): string {
  const letras = [u.nombre, u.apellido ?? '']
    .map((p) => p.trim().charAt(0).toLocaleUpperCase('es'))
    .filter(Boolean)
    .join('');
  return letras || '?';
}

/** Text compared ignoring case and accents ('Martín' matches 'martin'). */
export function normalizar(texto: string): string {
  return texto.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es').trim();
}

/** True when every word of `busqueda` appears in one of `campos`. */
export function coincide(busqueda: string, campos: readonly (string | null | undefined)[]): boolean {
  // Split as the server's searches split (`palabrasEscritas`), so a list filtered here agrees with them.
  const palabras = palabrasEscritas(normalizar(busqueda));
  if (!palabras.length) return true;
  const texto = normalizar(campos.filter(Boolean).join(' '));
  return palabras.every((p) => texto.includes(p));
}

/** 'usuario' / 'usuarios' by count. */
export function plural(n: number, uno: string, varios: string): string {
  return `${n} ${n === 1 ? uno : varios}`;
}
