import { describe, expect, it } from 'vitest';
import { horasTexto, centavosDe } from '@delego/contract';
import { diaAR, diaTexto, diasEntre, inicioDiaAR, montoTexto } from './dias.js';

describe('días en Argentina', () => {
  it('el día es el de UTC-3', () => {
    expect(diaAR(Date.UTC(2026, 10, 20, 2, 59))).toBe('2026-11-19');
    expect(diaAR(Date.UTC(2026, 10, 20, 3, 0))).toBe('2026-11-20');
    expect(inicioDiaAR('2026-11-20')).toBe(Date.UTC(2026, 10, 20, 3));
    expect(diaTexto('2026-11-20')).toBe('20/11/2026');
    expect(diasEntre('2026-01-30', '2026-03-01')).toBe(30);
  });

  it('montos y horas como se leen', () => {
    expect(montoTexto(150050, 'ARS')).toBe('ARS 1.500,50');
    expect(horasTexto(150)).toBe('2:30');
    expect(horasTexto(0)).toBe('0:00');
    expect(horasTexto(1440)).toBe('24:00');
  });

  it('centavos: hasta 2 decimales, números o texto decimal', () => {
    expect(centavosDe(1500)).toBe(150000);
    expect(centavosDe(0.1 + 0.2)).toBe(30);
    expect(centavosDe(19.99)).toBe(1999);
    expect(centavosDe('1500.5')).toBe(150050);
    expect(centavosDe(1.005)).toBeNull();
    expect(centavosDe('abc')).toBeNull();
    expect(centavosDe('1,5')).toBeNull();
    expect(centavosDe('-3')).toBeNull();
    expect(centavosDe(Number.NaN)).toBeNull();
  });
});
