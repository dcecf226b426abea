import { RUTAS } from '@delego/contract';
import { consultaPor } from '../../../lib/consultas';
import { cuentasKeys } from '../keys';

/**
 * GET /api/v2/recuperarPassword/enlace?k= (no login): whether a password-reset link is a
 * recovery or an invitation, whose it is, and that it still works (it is not spent). The page
 * shows each error itself (expired, used, unknown link).
 */
export const { useConsulta: useEnlace } = consultaPor(
  RUTAS.enlaceRecuperarPassword,
  cuentasKeys.enlace,
  (k: string) => ({ query: { k }, autenticada: false }),
  { staleTime: Infinity, errorSilencioso: true },
);
