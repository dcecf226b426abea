import { RUTAS, type PoliticaGuardar } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { releerPoliticas } from './releer-politicas';

/**
 * PUT /api/v4/sla/politicas/{id}: a policy changed; it applies to the orders created from now on
 * (the form shows the field's error and the 409 of a repeated combination).
 */
export const { useMutacion: useGuardarPoliticaSla } = mutacionDe(
  RUTAS.guardarPoliticaSla,
  ({ id, cuerpo }: { id: number; cuerpo: PoliticaGuardar }) => ({ params: { id }, cuerpo }),
  { errorSilencioso: true, alResponder: releerPoliticas },
);
