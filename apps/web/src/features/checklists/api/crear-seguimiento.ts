import { RUTAS, type ChecklistOrden } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { conItem, conSeguimiento } from '../model/checklist';
import { checklistKeys } from '../keys';
import { checklistCambiada } from './cache';

/**
 * POST /api/v2/checklist/orden/{id}/item/{itemId}/seguimiento: a follow-up order from a failed item,
 * pre-filled by the server from the origin. One per item: a retry (same key) or a second tap
 * answers the one it already has.
 */
export const { useMutacion: useCrearSeguimiento } = mutacionDe(
  RUTAS.crearSeguimiento,
  ({ ordenId, itemId, titulo, clave }: { ordenId: number; itemId: number; titulo?: string; clave: string }) => ({
    params: { id: ordenId, itemId },
    cuerpo: titulo ? { titulo } : {},
    idempotencia: clave,
  }),
  {
    errorSilencioso: true,
    alResponder: (qc, r, { ordenId }) => {
      qc.setQueryData<ChecklistOrden>(checklistKeys.orden(ordenId), (c) =>
        c ? conSeguimiento(conItem(c, r.item), r) : c,
      );
      checklistCambiada(qc, ordenId);
    },
  },
);
