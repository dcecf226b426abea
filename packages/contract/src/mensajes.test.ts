import { describe, expect, it } from 'vitest';
import { mensajeDemasiadosIntentos } from './common.js';

describe('mensajeDemasiadosIntentos', () => {
  it('nombra la espera en segundos o en minutos redondeados hacia arriba', () => {
    expect(mensajeDemasiadosIntentos(1)).toBe('Demasiados intentos fallidos. Espere 1 segundo y vuelva a intentar.');
    expect(mensajeDemasiadosIntentos(45)).toBe('Demasiados intentos fallidos. Espere 45 segundos y vuelva a intentar.');
    expect(mensajeDemasiadosIntentos(60)).toBe('Demasiados intentos fallidos. Espere 1 minuto y vuelva a intentar.');
    expect(mensajeDemasiadosIntentos(121)).toBe('Demasiados intentos fallidos. Espere 3 minutos y vuelva a intentar.');
    expect(mensajeDemasiadosIntentos(900)).toBe('Demasiados intentos fallidos. Espere 15 minutos y vuelva a intentar.');
  });
});
