import { RUTAS, type AgregarItem } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { nuevaClave } from '../../../lib/outbox';
import { checklistRecibida } from './cache';

/** POST /api/v2/checklist/orden/{id}/item: an ad-hoc item of this order (who may modify it). */
export const { useMutacion: useAgregarItem } = mutacionDe(
  RUTAS.agregarItemChecklist,
  ({ ordenId, item, clave }: { ordenId: number; item: AgregarItem; clave: string }) => ({
    params: { id: ordenId },
    cuerpo: item,
    idempotencia: clave,
  }),
  { errorSilencioso: true, alResponder: checklistRecibida },
);

/** DELETE /api/v2/checklist/orden/{id}/item/{itemId}: removes an ad-hoc item. */
export const { useMutacion: useQuitarItem } = mutacionDe(
  RUTAS.quitarItemChecklist,
  ({ ordenId, itemId }: { ordenId: number; itemId: number }) => ({
    params: { id: ordenId, itemId },
    idempotencia: nuevaClave(),
  }),
  { errorSilencioso: true, alResponder: checklistRecibida },
);

/** POST /api/v2/checklist/orden/{id}/reaplicar: the type's current template again (409 without `reemplazar` when answered). */
export const { useMutacion: useReaplicarChecklist } = mutacionDe(
  RUTAS.reaplicarChecklist,
  ({ ordenId, reemplazar }: { ordenId: number; reemplazar: boolean }) => ({
    params: { id: ordenId },
    cuerpo: { reemplazar },
  }),
  { errorSilencioso: true, alResponder: checklistRecibida },
);
