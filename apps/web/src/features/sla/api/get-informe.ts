import { RUTAS, type InformeSlaQuery } from '@delego/contract';
import { consultaPor } from '../../../lib/consultas';
import { slaKeys } from '../keys';

/** GET /api/v4/sla/informe?cliente&mes: a client's monthly service-level report (the screen shows its own error). */
export const { useConsulta: useInformeSla } = consultaPor(
  RUTAS.informeSla,
  (q: { cliente: number; mes: string }) => slaKeys.informe(q.cliente, q.mes),
  (q: InformeSlaQuery) => ({ query: q }),
  { errorSilencioso: true },
);
