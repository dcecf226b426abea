import { describe, expect, it } from 'vitest';
import { formatearEntero, formatearMb, formatearTamanio } from './numeros';

describe('numbers in Spanish (es-AR)', () => {
  it('groups thousands with a dot, also with four digits', () => {
    expect(formatearEntero(0)).toBe('0');
    expect(formatearEntero(999)).toBe('999');
    expect(formatearEntero(1234)).toBe('1.234');
    expect(formatearEntero(20000)).toBe('20.000');
  });

  it('sizes: bytes, whole KB, MB with one decimal and a comma', () => {
    expect(formatearTamanio(512)).toBe('512 B');
    expect(formatearTamanio(245 * 1024 + 100)).toBe('245 KB');
    expect(formatearTamanio(2.94 * 1024 * 1024)).toBe('2,9 MB');
    expect(formatearTamanio(3.5 * 1024 * 1024)).toBe('3,5 MB');
    expect(formatearTamanio(3 * 1024 * 1024)).toBe('3 MB');
    expect(formatearTamanio(1500 * 1024 * 1024)).toBe('1.500 MB');
  });

  it('size limits in MB as the server writes them', () => {
    expect(formatearMb(25)).toBe('25');
    expect(formatearMb(3.5)).toBe('3,5');
    expect(formatearMb(0.05)).toBe('0,05');
  });

  it('never a decimal point', () => {
    for (const bytes of [1.5 * 1024 * 1024, 12.25 * 1024 * 1024, 99.9 * 1024 * 1024]) {
      expect(formatearTamanio(bytes)).not.toMatch(/\d\.\d/);
    }
  });
});
