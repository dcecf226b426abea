import { RUTAS, type ReenviarConfirmacion } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';

/**
 * POST /api/v2/registrar/reenviar (no login): the confirmation mail again, for `{usuario}` (login
 * name or email) or `{k}` (an expired link). The same answer whether or not the account exists.
 */
export const { useMutacion: useReenviarConfirmacion } = mutacionDe(
  RUTAS.reenviarConfirmacion,
  (cuerpo: ReenviarConfirmacion) => ({ cuerpo, autenticada: false }),
);
