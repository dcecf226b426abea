import { RUTAS, type GuardarWhatsappCliente } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { whatsappKeys } from '../keys';

/** PUT /api/v4/whatsapp/clientes/{id}: the number and a new consent or an opt-out; the form shows the errors. */
export const { useMutacion: useGuardarWhatsappCliente } = mutacionDe(
  RUTAS.guardarWhatsappCliente,
  ({ id, cuerpo }: { id: number; cuerpo: GuardarWhatsappCliente }) => ({ params: { id }, cuerpo }),
  {
    errorSilencioso: true,
    alResponder: (queryClient, whatsapp) =>
      queryClient.setQueryData(whatsappKeys.cliente(whatsapp.clienteId), whatsapp),
  },
);
