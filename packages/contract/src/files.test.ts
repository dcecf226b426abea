import { describe, expect, it } from 'vitest';
import { formatoMb, MENSAJES_NOMBRE_ARCHIVO, revisarNombreArchivo } from './files.js';

describe('formatoMb', () => {
  it('writes the decimal comma and no trailing zeros', () => {
    expect(formatoMb(25)).toBe('25');
    expect(formatoMb(3.5)).toBe('3,5');
    expect(formatoMb(0.25)).toBe('0,25');
    expect(formatoMb(1 / 3)).toBe('0,33');
    expect(formatoMb(1500)).toBe('1.500');
  });
});

describe('revisarNombreArchivo', () => {
  it('gives the name as stored (NFC, trimmed) and null when it may go', () => {
    expect(revisarNombreArchivo('  Informe.pdf ')).toEqual({ nombre: 'Informe.pdf', problema: null });
    expect(revisarNombreArchivo('Cafe\u0301.txt').nombre).toBe('Caf\u00e9.txt');
  });

  it('says why a name is refused, in the words both sides show', () => {
    expect(revisarNombreArchivo(undefined)).toEqual({ nombre: '', problema: MENSAJES_NOMBRE_ARCHIVO.nombreVacio });
    expect(revisarNombreArchivo('a/b.pdf').problema).toBe(MENSAJES_NOMBRE_ARCHIVO.nombreRuta('a/b.pdf'));
    expect(revisarNombreArchivo('a\u202eb.pdf').problema).toBe(MENSAJES_NOMBRE_ARCHIVO.nombreControl);
  });
});
