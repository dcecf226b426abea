import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import { CalendarRepository } from './calendar.repository.js';
import { calendarRoutes } from './calendar.routes.js';
import { CalendarService, type DepsCalendarService, type FuenteProgramadas } from './calendar.service.js';

export type { FuenteProgramadas } from './calendar.service.js';

/** What other modules may ask of the calendar module: nothing (its route is its whole use). */
export type PuertoCalendario = Record<string, never>;

export interface DepsCalendario {
  /** The order list's conditions and the names cache (module orders): the calendar shows what the list shows. */
  orders: DepsCalendarService['orders'];
  /** The recurring plans' scheduled occurrences (module «mantenimiento»). */
  programadas: FuenteProgramadas;
  /** The answers already written (src/caches.ts), per user and query; without it, each is read. */
  cache?: DepsCalendarService['cache'];
}

/** The calendar of everyone's workload (issue 32, docs/CALENDARIO.md). */
export function moduloCalendario(
  n: Pick<Nucleo, 'db' | 'clock' | 'database'>,
  deps: DepsCalendario,
): Modulo<PuertoCalendario> {
  const servicio = new CalendarService(new CalendarRepository(n.db, n.database.consultar), n.clock, deps);
  return { nombre: 'calendar', puerto: {}, rutas: calendarRoutes(servicio) };
}
