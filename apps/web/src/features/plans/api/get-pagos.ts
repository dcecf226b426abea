import { RUTAS } from '@delego/contract';
import { consultaDe } from '../../../lib/consultas';
import { planKeys } from '../../../domain/plans';

/** GET /api/v2/plan/pagos: the company's payments, the newest first (ADMIN or PROPIETARIO). */
export const { useConsulta: usePagos } = consultaDe(RUTAS.planPagos, planKeys.pagos(), { errorSilencioso: true });
