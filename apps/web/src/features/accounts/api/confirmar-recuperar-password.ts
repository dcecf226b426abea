import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import type { PasswordsNuevas } from '../validacion';

/**
 * GET /api/v2/confirmarRecuperarPassword?k&password&confirmPassword (no login): sets the password
 * of a recovery or invitation link (both as MD5 hex) and spends the link. The screen shows the
 * errors (a link that expired meanwhile shows its state).
 */
export const { useMutacion: useConfirmarRecuperarPassword } = mutacionDe(
  RUTAS.confirmarRecuperarPassword,
  ({ k, ...passwords }: PasswordsNuevas & { k: string }) => ({ query: { k, ...passwords }, autenticada: false }),
  { errorSilencioso: true },
);
