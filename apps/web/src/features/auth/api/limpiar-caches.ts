import { API } from '@delego/contract';
import { http } from '../../../lib/http';

/** GET /api/v2/clientes/cache/clean and GET /api/v2/usuarios/cache/clean, in parallel. */
export function limpiarCachesServidor(): Promise<unknown>[] {
  return [http.get(API.clientesCacheClean), http.get(API.usuariosCacheClean)];
}
