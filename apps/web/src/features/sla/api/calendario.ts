import { RUTAS, type CalendarioHabilVista, type SemanaHabilContrato } from '@delego/contract';
import type { QueryClient } from '@tanstack/react-query';
import { mutacionDe } from '../../../lib/consultas';
import { slaKeys } from '../keys';

/** Every change answers the whole calendar: it replaces the one in the cache. */
const guardar = (qc: QueryClient, calendario: CalendarioHabilVista) =>
  qc.setQueryData(slaKeys.calendario(), calendario);

/** GET /api/v4/sla/calendario lives in src/domain/sla: the orders' countdowns read it too. */
export { useCalendarioHabil } from '../../../domain/sla';

/** PUT /api/v4/sla/calendario/semana: the whole week (the form shows the shift the server blamed). */
export const { useMutacion: useGuardarSemana } = mutacionDe(
  RUTAS.guardarSemanaHabil,
  (semana: SemanaHabilContrato) => ({ cuerpo: { semana } }),
  { errorSilencioso: true, alResponder: guardar },
);

/** POST /api/v4/sla/feriados: a company holiday, or a national one taken back as a holiday. */
export const { useMutacion: useAgregarFeriado } = mutacionDe(
  RUTAS.agregarFeriado,
  (feriado: { dia: string; nombre: string }) => ({ cuerpo: feriado }),
  { errorSilencioso: true, alResponder: guardar },
);

/** DELETE /api/v4/sla/feriados/{dia}: a company holiday is removed; a national one becomes a worked day. */
export const { useMutacion: useQuitarFeriado } = mutacionDe(
  RUTAS.quitarFeriado,
  (dia: string) => ({ params: { dia } }),
  { alResponder: guardar },
);
