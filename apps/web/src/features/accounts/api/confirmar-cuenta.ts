import { RUTAS } from '@delego/contract';
import { consultaPor } from '../../../lib/consultas';
import { cuentasKeys } from '../keys';

/**
 * GET /api/v2/confirmar?k= (no login): confirms the account of a mailed link. A query, so the
 * page asks once per link (a second render or a remount reuses the answer; it never goes stale);
 * the page shows each error itself (expired, used, unknown link).
 */
export const { useConsulta: useConfirmarCuenta } = consultaPor(
  RUTAS.confirmarCuenta,
  cuentasKeys.confirmacion,
  (k: string) => ({ query: { k }, autenticada: false }),
  { staleTime: Infinity, errorSilencioso: true },
);
