import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { solicitudesKeys } from '../keys';

/** DELETE /api/v4/solicitudes/enlace/{clienteId}: turns the link off (and its QR labels stop taking requests). */
export const { useMutacion: useQuitarEnlaceSolicitudes } = mutacionDe(
  RUTAS.quitarEnlaceSolicitudes,
  (clienteId: number) => ({ params: { id: clienteId } }),
  { alResponder: (qc, enlace) => qc.setQueryData(solicitudesKeys.enlace(enlace.clienteId), enlace) },
);
