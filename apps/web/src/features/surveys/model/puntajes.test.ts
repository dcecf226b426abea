import { describe, expect, it } from 'vitest';
import { puntajeDeConsulta, textoPuntaje } from './puntajes';

describe('puntajeDeConsulta', () => {
  it('takes only a whole rating from 1 to 5', () => {
    expect(puntajeDeConsulta('?puntaje=4')).toBe(4);
    expect(puntajeDeConsulta('?x=1&puntaje=1')).toBe(1);
    for (const s of ['', '?puntaje=0', '?puntaje=6', '?puntaje=4.5', '?puntaje=04', '?puntaje=abc', '?puntaje=']) {
      expect(puntajeDeConsulta(s), s).toBeNull();
    }
  });
});

describe('textoPuntaje', () => {
  it('says the rating and its word', () => {
    expect(textoPuntaje(5)).toBe('5 de 5 (Excelente)');
    expect(textoPuntaje(1)).toBe('1 de 5 (Muy malo)');
    expect(textoPuntaje(null)).toBe('—');
  });
});
