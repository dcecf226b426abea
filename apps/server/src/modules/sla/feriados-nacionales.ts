import type Holidays from 'date-holidays';
import { alUsar } from '../../lib/al-usar.js';

/** About 40 MB of rules and their date libraries: loaded by the first calendar a process computes. */
const libreriaDeFeriados = alUsar<typeof Holidays>('date-holidays');

/** A national holiday: its day and its Spanish name. */
export interface FeriadoNacional {
  dia: string;
  nombre: string;
}

/** The country's non-working holidays of a year, from a maintained library; a fake in module tests. */
export interface FuenteFeriados {
  delAnio(anio: number): readonly FeriadoNacional[];
}

/**
 * Argentina's public holidays (type `public`: the days off by law, with the bridge days the
 * library knows), from `date-holidays`; each year computed once per process.
 */
export function feriadosDeArgentina(): FuenteFeriados {
  let libreria: Holidays | undefined;
  const porAnio = new Map<number, readonly FeriadoNacional[]>();
  return {
    delAnio(anio) {
      let lista = porAnio.get(anio);
      if (!lista) {
        const vistos = new Set<string>();
        const Libreria = libreriaDeFeriados();
        libreria ??= new Libreria('AR', { languages: ['es'], types: ['public'] });
        lista = (libreria.getHolidays(anio) || [])
          .map((h) => ({ dia: h.date.slice(0, 10), nombre: h.name }))
          // Two names on one day (a holiday and its bridge): the first one.
          .filter((f) => !vistos.has(f.dia) && vistos.add(f.dia))
          .sort((a, b) => a.dia.localeCompare(b.dia));
        porAnio.set(anio, lista);
      }
      return lista;
    },
  };
}
