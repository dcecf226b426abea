import { SEMANA_POR_DEFECTO, type CalendarioHabilVista, type Feriado, type Politica } from '@delego/contract';

/** A national holiday of 2026 the company does not work on. */
export function makeFeriado(parcial: Partial<Feriado> = {}): Feriado {
  return {
    dia: '2026-05-25',
    nombre: 'Día de la Revolución de Mayo',
    origen: 'nacional',
    seTrabaja: false,
    ...parcial,
  };
}

/** The calendar of a company with the default week (Monday to Friday, 9 to 18) and one holiday. */
export function makeCalendario(parcial: Partial<CalendarioHabilVista> = {}): CalendarioHabilVista {
  return {
    zona: 'America/Argentina/Buenos_Aires',
    semana: SEMANA_POR_DEFECTO,
    anios: [2026, 2027],
    feriados: [makeFeriado()],
    ...parcial,
  };
}

/** A policy of the whole company: respond in 4 business hours, resolve in 2 business days, «En espera» paused. */
export function makePolitica(parcial: Partial<Politica> = {}): Politica {
  return {
    id: 1,
    nombre: 'Estándar',
    cliente: null,
    tipoOrden: null,
    prioridad: null,
    respuesta: { cantidad: 4, unidad: 'horas' },
    resolucion: { cantidad: 2, unidad: 'dias' },
    pausaEnEspera: true,
    vigenteDesde: new Date('2026-03-01T12:00:00Z').getTime(),
    ...parcial,
  };
}
