import { RUTAS } from '@delego/contract';
import { consultaDe } from '../../../lib/consultas';
import { solicitudesKeys } from '../keys';

/** GET /api/v4/solicitudes/pendientes: the menu's badge; a failure only leaves it out (no alert). */
export const { useConsulta: usePendientesSolicitudes } = consultaDe(
  RUTAS.solicitudesPendientes,
  solicitudesKeys.pendientes(),
  { errorSilencioso: true },
);
