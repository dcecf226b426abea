import { describe, expect, it } from 'vitest';
import { formatearPrecio } from './precios';

describe('formatearPrecio (es-AR)', () => {
  it('writes pesos with a dot for thousands, a comma and two decimals', () => {
    expect(formatearPrecio(12345)).toBe('$ 12.345,00');
    expect(formatearPrecio(12345.5)).toBe('$ 12.345,50');
    expect(formatearPrecio(1500)).toBe('$ 1.500,00');
    expect(formatearPrecio(999.999)).toBe('$ 1.000,00');
    expect(formatearPrecio(1234567.891)).toBe('$ 1.234.567,89');
    expect(formatearPrecio(0)).toBe('$ 0,00');
  });

  it('uses a plain space, never a no-break one', () => {
    expect(formatearPrecio(5)).not.toMatch(/\u00a0/);
  });

  it('puts the sign before the symbol and drops it when the amount rounds to zero', () => {
    expect(formatearPrecio(-50)).toBe('-$ 50,00');
    expect(formatearPrecio(-0.001)).toBe('$ 0,00');
  });

  it('other currencies keep their symbol or their code', () => {
    expect(formatearPrecio(10, 'USD')).toBe('US$ 10,00');
    expect(formatearPrecio(10, 'ars')).toBe('$ 10,00');
    expect(formatearPrecio(10, 'BRL')).toBe('BRL 10,00');
  });
});
