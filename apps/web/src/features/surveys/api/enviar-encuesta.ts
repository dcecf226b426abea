import { RUTAS, type EnviarEncuesta } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { ordenesKeys } from '../../../domain/orden';
import { encuestasKeys } from '../keys';

/** POST /api/v2/encuesta/enviar {email, ordenId}: the order's surveys and its history refetch. */
export const { useMutacion: useEnviarEncuesta } = mutacionDe(
  RUTAS.enviarEncuesta,
  (cuerpo: EnviarEncuesta) => ({ cuerpo }),
  {
    errorSilencioso: true,
    alResponder: (queryClient, _respuesta, { ordenId }) => {
      const id = Number(ordenId);
      void queryClient.invalidateQueries({ queryKey: encuestasKeys.deOrden(id) });
      void queryClient.invalidateQueries({ queryKey: ordenesKeys.historial(id) });
      void queryClient.invalidateQueries({ queryKey: [...encuestasKeys.all, 'resultados'] });
    },
  },
);
