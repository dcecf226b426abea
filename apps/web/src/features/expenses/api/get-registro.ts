import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../lib/consultas';
import { registroKeys } from '../keys';

/** GET /api/v2/registro-gastos/{id}: the order's hours and expenses, with totals. */
export const { useConsulta: useRegistro } = consultaPorId(RUTAS.registro, registroKeys.registro, {
  errorSilencioso: true,
});
