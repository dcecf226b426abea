import { describe, expect, it } from 'vitest';
import { porcentaje, porMinutos, problemaDeRango } from './horas';

describe('horas-reportadas', () => {
  it('a range needs both days, in order, and at most 400 days', () => {
    expect(problemaDeRango('2026-05-01', '2026-05-31')).toBeNull();
    expect(problemaDeRango('', '2026-05-31')).toBe('Indique la fecha «desde».');
    expect(problemaDeRango('2026-06-01', '2026-05-31')).toBe('La fecha «desde» no puede ser posterior a «hasta».');
    expect(problemaDeRango('2025-01-01', '2026-05-31')).toBe('El rango no puede superar los 400 días.');
  });

  it('orders rows by hours, largest first, then by name', () => {
    const filas = [
      { n: 'Carla', minutos: 60 },
      { n: 'Ana', minutos: 60 },
      { n: 'Diego', minutos: 150 },
    ];
    expect(porMinutos(filas, (f) => f.n).map((f) => f.n)).toEqual(['Diego', 'Ana', 'Carla']);
  });

  it('shares of the total', () => {
    expect(porcentaje(150, 300)).toBe(50);
    expect(porcentaje(1, 3)).toBe(33);
    expect(porcentaje(5, 0)).toBe(0);
  });
});
