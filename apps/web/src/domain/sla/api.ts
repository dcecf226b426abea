import { calendarioDeVista, RUTAS, type CalendarioHabil } from '@delego/contract';
import { useMemo } from 'react';
import { consultaDe } from '../../lib/consultas';
import { slaKeys } from './keys';

/** GET /api/v4/sla/calendario: the company's week and the holidays of this year and the next. */
export const { useConsulta: useCalendarioHabil } = consultaDe(RUTAS.calendarioHabil, slaKeys.calendario(), {
  errorSilencioso: true,
});

/**
 * The same calendar for the orders' countdowns: read once and kept fresh for half an hour (it
 * changes seldom, and «Horario y feriados» replaces it in the cache when it does). A countdown
 * that cannot read it shows nothing: no alert.
 */
const calendarioDePlazos = consultaDe(RUTAS.calendarioHabil, slaKeys.calendario(), {
  errorSilencioso: true,
  staleTime: 30 * 60_000,
});

/** The business calendar the arithmetic takes (`calendarioDeVista`), or null while it loads. */
export function useCalendarioDePlazos(): CalendarioHabil | null {
  const { data } = calendarioDePlazos.useConsulta();
  return useMemo(() => (data ? calendarioDeVista(data) : null), [data]);
}
