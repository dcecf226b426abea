import { describe, expect, it } from 'vitest';
import { textoPromedio, zEncuestasQuery, zEnviarEncuesta, zResponderEncuesta } from './surveys.js';

const K = 'a'.repeat(43);

describe('zEnviarEncuesta', () => {
  it('acepta el email vacío (irá al del cliente) y rechaza uno mal formado', () => {
    expect(zEnviarEncuesta.parse({ ordenId: 3, email: '  ' })).toEqual({ ordenId: 3 });
    expect(zEnviarEncuesta.parse({ ordenId: '3', email: ' ana@x.com ' })).toEqual({ ordenId: 3, email: 'ana@x.com' });
    const r = zEnviarEncuesta.safeParse({ ordenId: 3, email: 'ana@' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('El email no es una dirección válida.');
    expect(zEnviarEncuesta.safeParse({ email: 'ana@x.com' }).error?.issues[0]?.path).toEqual(['ordenId']);
  });
});

describe('zResponderEncuesta', () => {
  it('el puntaje es un entero del 1 al 5', () => {
    for (const p of [1, 2, 3, 4, 5]) expect(zResponderEncuesta.safeParse({ k: K, puntaje: p }).success).toBe(true);
    for (const p of [0, 6, 2.5, '3', null, -1]) {
      const r = zResponderEncuesta.safeParse({ k: K, puntaje: p });
      expect(r.success, String(p)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('El puntaje debe ser un número entero del 1 al 5.');
    }
  });

  it('el comentario tiene hasta 2000 caracteres y sin caracteres nulos', () => {
    expect(zResponderEncuesta.safeParse({ k: K, puntaje: 5, comentario: 'x'.repeat(2000) }).success).toBe(true);
    const largo = zResponderEncuesta.safeParse({ k: K, puntaje: 5, comentario: 'x'.repeat(2001) });
    expect(largo.error?.issues[0]?.message).toBe('El comentario admite hasta 2000 caracteres.');
    expect(zResponderEncuesta.safeParse({ k: K, puntaje: 5, comentario: 'a\u0000b' }).success).toBe(false);
  });
});

describe('zEncuestasQuery', () => {
  it('convierte los números y rechaza un rango al revés', () => {
    expect(zEncuestasQuery.parse({ fechaDesde: '10', fechaHasta: '20', cliente: '4' })).toMatchObject({
      fechaDesde: 10,
      fechaHasta: 20,
      cliente: 4,
    });
    const r = zEncuestasQuery.safeParse({ fechaDesde: '20', fechaHasta: '10' });
    expect(r.error?.issues[0]?.message).toBe('La fecha «desde» no puede ser posterior a la fecha «hasta».');
  });
});

describe('textoPromedio', () => {
  it('una decimal con coma, o una raya sin promedio', () => {
    expect(textoPromedio(4.25)).toBe('4,3');
    expect(textoPromedio(5)).toBe('5,0');
    expect(textoPromedio(null)).toBe('—');
  });
});
