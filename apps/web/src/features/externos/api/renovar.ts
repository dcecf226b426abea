import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { enlaceCambiado } from '../model/cache';

/** POST /api/v4/externos/{id}/renovar: the link works 30 more days from today (an expired one too). */
export const { useMutacion: useRenovarExterno } = mutacionDe(
  RUTAS.renovarExterno,
  (id: number) => ({ params: { id } }),
  { alResponder: enlaceCambiado },
);
