import { destinoSeguro, PARAM_VOLVER } from './destino-seguro';
import { huboSalida } from './session';

/** Where to send someone after login: the guarded page they wanted, kept in `?volver=`. */
export { destinoSeguro, PARAM_VOLVER } from './destino-seguro';

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
