import { describe, expect, it } from 'vitest';
import { palabrasEscritas } from './common.js';

describe('palabrasEscritas', () => {
  it('splits on spaces and on the punctuation typed between words, phone keyboards’ included', () => {
    const separadores = [' ', ',', ';', '.', ':', '(', ')', '¿', '?', '¡', '!', '"', "'", '“', '”', '‘', '’', '«', '»'];
    const guiones = ['-', '‐', '‑', '‒', '–', '—'];
    for (const s of [...separadores, ...guiones])
      expect(palabrasEscritas(`aire${s}frio`), JSON.stringify(s)).toEqual(['aire', 'frio']);
    expect(palabrasEscritas('  ¿«Reparación»,  aire—acondicionado? ')).toEqual(['Reparación', 'aire', 'acondicionado']);
  });

  it('keeps # (an order number), %, _ and \\ inside a word', () => {
    expect(palabrasEscritas('#1042 50%_x a\\b')).toEqual(['#1042', '50%_x', 'a\\b']);
  });
});
