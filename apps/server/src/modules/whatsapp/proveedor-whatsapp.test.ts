import { describe, expect, it } from 'vitest';
import { esReintentable } from './proveedor-whatsapp.js';

describe('esReintentable', () => {
  it('sin respuesta, un 5xx o un 429 se reintentan', () => {
    expect(esReintentable(null, null)).toBe(true);
    expect(esReintentable(500, null)).toBe(true);
    expect(esReintentable(503, 131000)).toBe(true);
    expect(esReintentable(429, null)).toBe(true);
  });

  it('nuestras credenciales, los límites de envío y los problemas de la cuenta se reintentan (un operador los arregla)', () => {
    for (const [status, codigo] of [
      [401, 190],
      [403, 10],
      [400, 4],
      [400, 80007],
      [400, 130429],
      [400, 131048],
      [400, 131056],
      [400, 131049],
      [400, 131042],
      [400, 133010],
      [400, 368],
      [400, 200],
    ] as const) {
      expect(esReintentable(status, codigo), `${status} #${codigo}`).toBe(true);
    }
  });

  it('un número que no es de WhatsApp, una plantilla que falta, pausada o rechazada, o parámetros malos: nunca', () => {
    for (const [status, codigo] of [
      [400, 131026],
      [400, 131047],
      [404, 132001],
      [400, 132000],
      [400, 132015],
      [400, 132016],
      [400, 131008],
      [400, 131009],
      [400, 100],
      [400, 131050],
      [400, null],
    ] as const) {
      expect(esReintentable(status, codigo), `${status} #${codigo}`).toBe(false);
    }
  });
});
