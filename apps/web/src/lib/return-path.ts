import { huboSalida } from './session';

/** Where to send someone after login: the guarded page they wanted, kept in `?volver=`. */

export const PARAM_VOLVER = 'volver';

/** Only paths inside this app are accepted (no `//host` or absolute URLs: no open redirect). */
export function destinoSeguro(valor: string | null | undefined): string | null {
  if (!valor || !valor.startsWith('/') || valor.startsWith('//') || valor.includes('\\')) return null;
  if (valor === '/login' || valor.startsWith('/login/') || valor.startsWith('/login?')) return null;
  return valor;
}

/**
 * The login path that will return to `desde` (path plus query) after a successful login. After a
 * logout (until the next login) it is the plain login: the page left behind belonged to the
 * previous user, and the next person starts at Inicio.
 */
export function rutaLogin(desde?: string): string {
  if (huboSalida()) return '/login';
  const destino = destinoSeguro(desde);
  if (!destino || destino === '/' || destino === '/home') return '/login';
  return `/login?${PARAM_VOLVER}=${encodeURIComponent(destino)}`;
}
