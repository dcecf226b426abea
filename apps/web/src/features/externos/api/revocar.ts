import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { enlaceCambiado } from '../model/cache';

/** POST /api/v4/externos/{id}/revocar: the link stops working at once. */
export const { useMutacion: useRevocarExterno } = mutacionDe(
  RUTAS.revocarExterno,
  (id: number) => ({ params: { id } }),
  { alResponder: enlaceCambiado },
);
