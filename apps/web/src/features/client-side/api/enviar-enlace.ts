import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { clientePublicoKeys } from '../keys';
import { ordenesKeys } from '../../../domain/orden';

/** POST /api/v2/orden/{id}/compartir/correo: mails the link to the client (or the email given). */
export const { useMutacion: useEnviarEnlace } = mutacionDe(
  RUTAS.enviarEnlace,
  ({ id, email }: { id: number; email?: string }) => ({ params: { id }, cuerpo: email ? { email } : {} }),
  {
    errorSilencioso: true,
    alResponder: (qc, _r, { id }) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: clientePublicoKeys.enlace(id) }),
        qc.invalidateQueries({ queryKey: ordenesKeys.historial(id) }),
      ]),
  },
);
