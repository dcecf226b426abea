import { RUTAS, type GuardarCanalesUsuario } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { whatsappKeys } from '../keys';

/** PUT /api/v4/whatsapp/canales: the answer (the number normalised) replaces the cache; the form shows the errors. */
export const { useMutacion: useGuardarCanalesAviso } = mutacionDe(
  RUTAS.guardarCanalesAviso,
  (cuerpo: GuardarCanalesUsuario) => ({ cuerpo }),
  {
    errorSilencioso: true,
    alResponder: (queryClient, canales) => queryClient.setQueryData(whatsappKeys.canales(), canales),
  },
);
