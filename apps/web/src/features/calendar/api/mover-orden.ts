import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { ordenCambiada } from '../../../domain/orden';

/**
 * POST /api/v2/fecha/{id}/fin {fecha}: the order's existing change of due date (the same call and
 * permission rules as everywhere); the screen shows a refusal and puts the order back.
 */
export const { useMutacion: useMoverOrden } = mutacionDe(
  RUTAS.cambiarFecha,
  ({ id, fecha }: { id: number; fecha: number }) => ({ params: { id, kind: 'fin' as const }, cuerpo: { fecha } }),
  { errorSilencioso: true, alResponder: ordenCambiada },
);
