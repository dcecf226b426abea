import { describe, expect, it } from 'vitest';
import { nombreDeHoja } from './xlsx.js';

describe('nombre de una hoja', () => {
  it('sin los caracteres que Excel rechaza, sin apóstrofo en los extremos y de 31 caracteres a lo sumo', () => {
    expect(nombreDeHoja('Demoras · Preventivo')).toBe('Demoras · Preventivo');
    expect(nombreDeHoja('Demoras · A/C [split]: 2*3?')).toBe('Demoras · A C split 2 3');
    expect(nombreDeHoja("Demoras · 'Obras'")).toBe("Demoras · 'Obras");
    const largo = nombreDeHoja('Demoras · Mantenimiento preventivo de calderas');
    expect(largo).toBe('Demoras · Mantenimiento preven…');
    expect(largo).toHaveLength(31);
  });
});
