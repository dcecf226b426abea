import { describe, expect, it } from 'vitest';
import { fechaNotificacion } from './fecha';

const AHORA = new Date(2026, 10, 21, 12, 0).getTime();

describe('fechaNotificacion', () => {
  it('relative, in Spanish, within the last day', () => {
    expect(fechaNotificacion(AHORA - 20_000, AHORA)).toBe('hace un momento');
    expect(fechaNotificacion(AHORA - 60_000, AHORA)).toBe('hace 1 minuto');
    expect(fechaNotificacion(AHORA - 5 * 60_000, AHORA)).toBe('hace 5 minutos');
    expect(fechaNotificacion(AHORA - 3 * 3600_000, AHORA)).toBe('hace 3 horas');
  });

  it('dd/MM/yyyy HH:mm from a day back', () => {
    expect(fechaNotificacion(new Date(2026, 10, 20, 9, 5).getTime(), AHORA)).toBe('20/11/2026 09:05');
    expect(fechaNotificacion(new Date(2025, 0, 3, 17, 30).getTime(), AHORA)).toBe('03/01/2025 17:30');
  });

  it('a clock slightly behind the server still reads "hace un momento"', () => {
    expect(fechaNotificacion(AHORA + 5_000, AHORA)).toBe('hace un momento');
  });
});
