import type { CalendarioQuery } from '@delego/contract';

/** Query keys of the calendar (issue 32): one prefix, so any order change refreshes every range. */
export const calendarioKeys = {
  all: ['calendario'] as const,
  rango: (consulta: CalendarioQuery) => [...calendarioKeys.all, consulta] as const,
};
