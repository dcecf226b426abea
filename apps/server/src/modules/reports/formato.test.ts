import { describe, expect, it } from 'vitest';
import { demoraDias, fecha, fechaExcel, fechaHora, tamanioTexto, textoPdf } from './formato.js';

describe('formato', () => {
  it('fechas en es-AR, hora de Buenos Aires', () => {
    const ms = Date.UTC(2026, 10, 20, 2, 30);
    expect(fecha(ms)).toBe('19/11/2026');
    expect(fechaHora(ms)).toBe('19/11/2026 23:30');
    expect(fecha(null)).toBe('—');
    expect(fechaExcel(ms).getUTCHours()).toBe(23);
  });

  it('tamaños legibles', () => {
    expect(tamanioTexto(512)).toBe('512 B');
    expect(tamanioTexto(1536)).toBe('1,5 KB');
    expect(tamanioTexto(25 * 1024 * 1024)).toBe('25 MB');
  });

  it('demora: días de atraso de abiertas vencidas y cerradas tarde', () => {
    const fin = Date.UTC(2026, 0, 10);
    const dia = 86400_000;
    expect(demoraDias({ fechaFin: fin, finalizada: null, cerrado: false }, fin + 2.5 * dia)).toBe(2.5);
    expect(demoraDias({ fechaFin: fin, finalizada: fin - dia, cerrado: true }, fin + 9 * dia)).toBe(0);
    expect(demoraDias({ fechaFin: fin, finalizada: fin + dia, cerrado: true }, fin + 9 * dia)).toBe(1);
    expect(demoraDias({ fechaFin: fin, finalizada: null, cerrado: true }, fin + 9 * dia)).toBe(0);
    expect(demoraDias({ fechaFin: null, finalizada: null, cerrado: false }, fin)).toBe(0);
    // An hour late is what the delays export says: 0.04 days, not a whole day.
    expect(demoraDias({ fechaFin: fin, finalizada: fin + 3_600_000, cerrado: true }, fin + 9 * dia)).toBe(0.04);
  });

  it('texto para el PDF: acentos sí, lo que la fuente no tiene se reemplaza', () => {
    expect(textoPdf('¿Señal? ¡Sí! áéíóú ÁÉÍÓÚ ü € “ok” – …')).toBe('¿Señal? ¡Sí! áéíóú ÁÉÍÓÚ ü € “ok” – …');
    expect(textoPdf('listo 👍 中')).toBe('listo ? ?');
    expect(textoPdf('a\tb\u0007c\nd')).toBe('a b c\nd');
    expect(textoPdf('n\u0303')).toBe('ñ');
  });
});
