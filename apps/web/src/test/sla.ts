import type { PlazoOrden, SlaOrden } from '@delego/contract';

/**
 * Test data for an order's service level (issue 34), for every screen that shows its countdown.
 * The instants are of Buenos Aires (UTC−3, no summer time) in the default week, Monday to Friday
 * 9 to 18: `hora('2026-03-02', '10:00')` is that Monday at 10:00 there.
 */
export function hora(dia: string, hhmm: string): number {
  return new Date(`${dia}T${hhmm}:00-03:00`).getTime();
}

/** A response target of 4 business hours, started on Monday 2 March 2026 at 09:00, due at 13:00. */
export function makePlazoOrden(parcial: Partial<PlazoOrden> = {}): PlazoOrden {
  return {
    objetivo: { cantidad: 4, unidad: 'horas' },
    totalMs: 4 * 3_600_000,
    vence: hora('2026-03-02', '13:00'),
    cumplidaEn: null,
    avisadaEn: null,
    incumplidaEn: null,
    ...parcial,
  };
}

/** An order's service level: «Estándar», a response in 4 h and a resolution in 2 business days (Tuesday at 18:00). */
export function makeSlaOrden(parcial: Partial<SlaOrden> = {}): SlaOrden {
  return {
    politica: 'Estándar',
    pausaEnEspera: true,
    inicio: hora('2026-03-02', '09:00'),
    pausadaDesde: null,
    respuesta: makePlazoOrden(),
    resolucion: makePlazoOrden({
      objetivo: { cantidad: 2, unidad: 'dias' },
      totalMs: 18 * 3_600_000,
      vence: hora('2026-03-03', '18:00'),
    }),
    ...parcial,
  };
}
