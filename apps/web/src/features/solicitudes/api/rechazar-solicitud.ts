import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { solicitudAtendida } from '../model/cache';

/** POST /api/v4/solicitudes/{id}/rechazar with the reason; the dialog shows a 400 at the reason. */
export const { useMutacion: useRechazarSolicitud } = mutacionDe(
  RUTAS.rechazarSolicitud,
  ({ id, motivo }: { id: number; motivo: string }) => ({ params: { id }, cuerpo: { motivo } }),
  { errorSilencioso: true, alResponder: solicitudAtendida },
);
