import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';

/**
 * GET /api/v2/recuperarPassword?username= (no login): mails a link to choose a new password to
 * the account of that login name or email. Always the same answer.
 */
export const { useMutacion: useRecuperarPassword } = mutacionDe(RUTAS.recuperarPassword, (username: string) => ({
  query: { username },
  autenticada: false,
}));
