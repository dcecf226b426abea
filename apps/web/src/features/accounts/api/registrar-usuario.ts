import { RUTAS, type RegistroUsuario } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';

/**
 * POST /api/v2/registrar/usuario (no login): a new company and its owner; the server mails the
 * confirmation link. The screen shows the errors (a taken login name or email on its field).
 */
export const { useMutacion: useRegistrarUsuario } = mutacionDe(
  RUTAS.registrarUsuario,
  (cuerpo: RegistroUsuario) => ({ cuerpo, autenticada: false }),
  { errorSilencioso: true },
);
