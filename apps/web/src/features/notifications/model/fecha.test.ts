import { ZONA_HORARIA_EMPRESA_POR_DEFECTO as AR } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import { fechaCompleta, fechaNotificacion } from './fecha';

/** 21/11/2026 12:00 in Argentina (UTC−3). */
const AHORA = Date.UTC(2026, 10, 21, 15, 0);

describe('fechaNotificacion', () => {
  it('relative, in Spanish, within the last day', () => {
    expect(fechaNotificacion(AHORA - 20_000, AHORA, AR)).toBe('hace un momento');
    expect(fechaNotificacion(AHORA - 60_000, AHORA, AR)).toBe('hace 1 minuto');
    expect(fechaNotificacion(AHORA - 5 * 60_000, AHORA, AR)).toBe('hace 5 minutos');
    expect(fechaNotificacion(AHORA - 3 * 3600_000, AHORA, AR)).toBe('hace 3 horas');
  });

  it('dd/MM/yyyy HH:mm (24 hours, the company clock) from a day back', () => {
    expect(fechaNotificacion(Date.UTC(2026, 10, 20, 12, 5), AHORA, AR)).toBe('20/11/2026 09:05');
    expect(fechaNotificacion(Date.UTC(2025, 0, 3, 20, 30), AHORA, AR)).toBe('03/01/2025 17:30');
    // Another zone reads the same instant on its own clock.
    expect(fechaNotificacion(Date.UTC(2025, 0, 3, 20, 30), AHORA, 'Europe/Madrid')).toBe('03/01/2025 21:30');
    expect(fechaCompleta(Date.UTC(2026, 10, 21, 2, 30), AR)).toBe('20/11/2026 23:30');
  });

  it('a clock slightly behind the server still reads "hace un momento"', () => {
    expect(fechaNotificacion(AHORA + 5_000, AHORA, AR)).toBe('hace un momento');
  });
});
