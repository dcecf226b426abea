import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { releerPoliticas } from './releer-politicas';

/** DELETE /api/v4/sla/politicas/{id}: the policy no longer applies to new orders (those that have it keep it). */
export const { useMutacion: useBorrarPoliticaSla } = mutacionDe(
  RUTAS.borrarPoliticaSla,
  (id: number) => ({ params: { id } }),
  { alResponder: releerPoliticas },
);
