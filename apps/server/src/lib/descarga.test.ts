import { describe, expect, it } from 'vitest';
import { contentDisposition, parseRange, parteDeNombreArchivo } from './descarga.js';

describe('Content-Disposition', () => {
  it('nombre ASCII de respaldo y el original en filename* (RFC 5987)', () => {
    expect(contentDisposition('Presupuesto año "final".pdf')).toBe(
      `attachment; filename="Presupuesto ano _final_.pdf"; filename*=UTF-8''Presupuesto%20a%C3%B1o%20%22final%22.pdf`,
    );
    expect(contentDisposition("it's (1).txt", true)).toBe(
      `inline; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`,
    );
    expect(contentDisposition('日本.txt')).toContain('filename="__.txt"');
  });
});

describe('parte de un nombre de archivo', () => {
  it('palabras en minúscula sin acentos unidas por guiones, cortadas sin guion al final', () => {
    expect(parteDeNombreArchivo('Aire acondicionado (split)')).toBe('aire-acondicionado-split');
    expect(parteDeNombreArchivo('  Mantenimiento eléctrico / Año 2026 ')).toBe('mantenimiento-electrico-ano-2026');
    expect(parteDeNombreArchivo('Revisión general de tableros', 16)).toBe('revision-general');
    expect(parteDeNombreArchivo('日本')).toBe('');
  });
});

describe('Range', () => {
  it('un tramo, sufijo, abierto, recortado al final', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
  });
  it('sin encabezado, otra unidad o varios tramos: el archivo entero', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
  });
  it('inválidos: 416', () => {
    for (const h of ['bytes=100-', 'bytes=9-3', 'bytes=-0', 'bytes=-', 'bytes=a-b', 'bytes=1.5-2'])
      expect(parseRange(h, 100), h).toBe('invalido');
    expect(parseRange('bytes=0-', 0)).toBe('invalido');
  });
});
