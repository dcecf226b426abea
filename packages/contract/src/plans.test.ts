import { describe, expect, it } from 'vitest';
import { TOKEN_PRUEBA, zPlanEstado, zSuscribir, zWebhookMercadoPago } from './plans.js';

const tarjeta = { token: 'prueba_0123456789abcdef', marca: 'visa', ultimosCuatro: '3704', titular: 'APRO' };

describe('plan', () => {
  it('zSuscribir: la tarjeta es opcional; sus datos se validan', () => {
    expect(zSuscribir.parse({ entidadId: 1, planId: '2' })).toEqual({ entidadId: 1, planId: 2 });
    expect(zSuscribir.safeParse({ entidadId: 1, planId: 2, datosTarjeta: tarjeta }).success).toBe(true);
    for (const malo of [
      { ...tarjeta, token: '' },
      { ...tarjeta, token: 'con espacios 123' },
      { ...tarjeta, token: 'x'.repeat(201) },
      { ...tarjeta, ultimosCuatro: '370' },
      { ...tarjeta, ultimosCuatro: 'abcd' },
      { ...tarjeta, titular: ' ' },
      { ...tarjeta, titular: 'x'.repeat(101) },
      { ...tarjeta, marca: '' },
      { ...tarjeta, marca: 'Visa' },
      { ...tarjeta, marca: '4509953566233704' },
      { ...tarjeta, marca: 'visa ' },
    ]) {
      expect(zSuscribir.safeParse({ entidadId: 1, planId: 2, datosTarjeta: malo }).success, JSON.stringify(malo)).toBe(
        false,
      );
    }
  });
  it('TOKEN_PRUEBA: prueba_ y 16 a 64 [a-z0-9]', () => {
    expect(TOKEN_PRUEBA.test('prueba_0123456789abcdef')).toBe(true);
    expect(TOKEN_PRUEBA.test('prueba_0123')).toBe(false);
    expect(TOKEN_PRUEBA.test('ff8080814c11e237014c1ff593b57b4d')).toBe(false);
  });
  it('zPlanEstado: gracia y pendiente son aditivos (un estado sin ellos sigue valiendo)', () => {
    const viejo = { nombre: 'Pyme', quota: 100, quotaDisponible: 3, fechaProximoVencimiento: 1 };
    expect(zPlanEstado.parse(viejo)).toEqual(viejo);
    expect(zPlanEstado.parse({ ...viejo, gracia: { hasta: 2 }, pendiente: null }).gracia).toEqual({ hasta: 2 });
  });
  it('zWebhookMercadoPago: ids numéricos o texto, como texto; data.id obligatorio', () => {
    expect(zWebhookMercadoPago.parse({ id: 123, type: 'payment', data: { id: 456 }, live_mode: true })).toMatchObject({
      id: '123',
      data: { id: '456' },
    });
    expect(zWebhookMercadoPago.safeParse({ id: 1, type: 'payment', data: { id: '' } }).success).toBe(false);
    expect(zWebhookMercadoPago.safeParse({ id: 1, type: 'payment' }).success).toBe(false);
  });
});
