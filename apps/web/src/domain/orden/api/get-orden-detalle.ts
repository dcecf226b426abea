import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../lib/consultas';
import { ordenesKeys } from '../keys';

/**
 * GET /api/v3/ordenDTO/{id}: the order as read, with what the reader may do with it. The screens
 * show their own error state (not found, no access) with a retry button.
 */
export const { useConsulta: useOrdenDetalle } = consultaPorId(RUTAS.ordenDetalle, ordenesKeys.detalle, {
  errorSilencioso: true,
});
