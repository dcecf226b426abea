import { RUTAS } from '@delego/contract';
import { llamar } from '../../../lib/http';

/** GET /api/v2/clientes/cache/clean and GET /api/v2/usuarios/cache/clean, in parallel; each answers `{ ok }`. */
export function limpiarCachesServidor(): Promise<unknown>[] {
  return [llamar(RUTAS.clientesCacheClean), llamar(RUTAS.usuariosCacheClean)];
}
