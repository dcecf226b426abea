import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../lib/consultas';
import { clientePublicoKeys } from '../keys';

/** GET /api/v2/orden/{id}/compartir: the order's public link, its shared files and the client's email. */
export const { useConsulta: useEnlaceCompartido, opciones: opcionesEnlaceCompartido } = consultaPorId(
  RUTAS.enlaceCompartido,
  clientePublicoKeys.enlace,
  { errorSilencioso: true },
);
