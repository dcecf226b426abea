import { describe, expect, it } from 'vitest';
import { mesAnterior, mesDe, nombreMes } from './dias';

describe('months', () => {
  it('names a month in Spanish, lower case, with its year', () => {
    expect(nombreMes('2026-05-31')).toBe('mayo de 2026');
    expect(nombreMes('2026-01-01')).toBe('enero de 2026');
    expect(nombreMes('2025-12-15')).toBe('diciembre de 2025');
  });

  it('the month of a day, and the one before across a year', () => {
    expect(mesDe('2026-02-10')).toEqual({ desde: '2026-02-01', hasta: '2026-02-28' });
    expect(mesAnterior('2026-01-20')).toEqual({ desde: '2025-12-01', hasta: '2025-12-31' });
  });
});
