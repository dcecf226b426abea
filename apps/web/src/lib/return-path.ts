/** Where to send someone after login: the guarded page they wanted, kept in `?volver=`. */

export const PARAM_VOLVER = 'volver';

/** Only paths inside this app are accepted (no `//host` or absolute URLs: no open redirect). */
export function destinoSeguro(valor: string | null | undefined): string | null {
  if (!valor || !valor.startsWith('/') || valor.startsWith('//') || valor.includes('\\')) return null;
  if (valor === '/login' || valor.startsWith('/login/') || valor.startsWith('/login?')) return null;
  return valor;
}

/** The login path that will return to `desde` (path plus query) after a successful login. */
export function rutaLogin(desde?: string): string {
  const destino = destinoSeguro(desde);
  if (!destino || destino === '/' || destino === '/home') return '/login';
  return `/login?${PARAM_VOLVER}=${encodeURIComponent(destino)}`;
}
