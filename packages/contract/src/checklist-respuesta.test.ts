import { describe, expect, it } from 'vitest';
import { textoRespuestaItem } from './checklist-respuesta.js';

describe('textoRespuestaItem', () => {
  it('writes each kind of answer as the report and the public summary show it', () => {
    expect(textoRespuestaItem('tick', { marcado: true })).toBe('Hecho');
    expect(textoRespuestaItem('pasa_falla', { resultado: 'na' })).toBe('No aplica');
    expect(textoRespuestaItem('numero', { numero: 12.5 }, 'bar')).toBe('12,5 bar');
    expect(textoRespuestaItem('texto', { texto: '<b>ok</b>' })).toBe('<b>ok</b>');
    expect(textoRespuestaItem('foto', { fotos: [1, 2] })).toBe('2 fotos');
    expect(textoRespuestaItem('firma', { firmante: 'Rosa' })).toBe('Firmado por Rosa');
    expect(textoRespuestaItem('numero', null)).toBeNull();
  });
});
