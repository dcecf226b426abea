import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { solicitudAtendida } from '../model/cache';

/**
 * POST /api/v4/solicitudes/{id}/aceptar: it becomes an order (optionally with its responsables).
 * A refusal (409: already resolved, 404) reaches the «Atención» alert.
 */
export const { useMutacion: useAceptarSolicitud } = mutacionDe(
  RUTAS.aceptarSolicitud,
  ({ id, responsable }: { id: number; responsable: number[] }) => ({
    params: { id },
    cuerpo: responsable.length ? { responsable } : {},
  }),
  { alResponder: solicitudAtendida },
);
