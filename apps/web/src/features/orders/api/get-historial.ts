import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../lib/consultas';
import { ordenesKeys } from '../../../domain/orden';

/** GET /api/v2/historial/detalle/{id}: the order's events, oldest first. */
export const { useConsulta: useHistorial } = consultaPorId(RUTAS.historial, ordenesKeys.historial, {
  errorSilencioso: true,
});
