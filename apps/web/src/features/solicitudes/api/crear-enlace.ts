import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { solicitudesKeys } from '../keys';

/** POST /api/v4/solicitudes/enlace/{clienteId}: turns the link on, or renews it (the old one answers 410). */
export const { useMutacion: useCrearEnlaceSolicitudes } = mutacionDe(
  RUTAS.crearEnlaceSolicitudes,
  (clienteId: number) => ({ params: { id: clienteId } }),
  { alResponder: (qc, enlace) => qc.setQueryData(solicitudesKeys.enlace(enlace.clienteId), enlace) },
);
