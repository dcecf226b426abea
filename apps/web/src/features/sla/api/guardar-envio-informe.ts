import { RUTAS, type GuardarEnvioInformeSla } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { slaKeys } from '../keys';

/** PUT /api/v4/sla/envio-informe/{id}: the monthly send turned on (with its email) or off (the form shows the errors). */
export const { useMutacion: useGuardarEnvioInformeSla } = mutacionDe(
  RUTAS.guardarEnvioInformeSla,
  ({ id, cuerpo }: { id: number; cuerpo: GuardarEnvioInformeSla }) => ({ params: { id }, cuerpo }),
  {
    errorSilencioso: true,
    alResponder: (queryClient, envio) => queryClient.setQueryData(slaKeys.envioInforme(envio.clienteId), envio),
  },
);
