import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { esLoopback, modoDePagos } from './modo-pagos.js';

const modo = (env: NodeJS.ProcessEnv) => modoDePagos(loadConfig(env));

describe('modoDePagos', () => {
  it('con credenciales de MercadoPago, siempre MercadoPago', () => {
    expect(modo({ MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1', HOST: '0.0.0.0', NODE_ENV: 'production' })).toBe(
      'mercadopago',
    );
    expect(modo({ MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1', PAGOS_MODO_PRUEBA: 'true' })).toBe('mercadopago');
  });

  it('sin credenciales, en esta máquina y fuera de producción: modo de prueba', () => {
    expect(modo({})).toBe('prueba');
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2']) {
      expect(modo({ HOST, NODE_ENV: 'development' }), HOST).toBe('prueba');
    }
  });

  it('sin credenciales, servido a la red o en producción: sin configurar, salvo PAGOS_MODO_PRUEBA=true', () => {
    for (const env of [{ HOST: '0.0.0.0' }, { HOST: '::' }, { HOST: '192.168.1.5' }, { NODE_ENV: 'production' }]) {
      expect(modo(env), JSON.stringify(env)).toBe('sin-configurar');
      expect(modo({ ...env, PAGOS_MODO_PRUEBA: 'true' }), JSON.stringify(env)).toBe('prueba');
    }
  });

  it('PAGOS_MODO_PRUEBA=false lo niega también en esta máquina; otro valor no arranca', () => {
    expect(modo({ PAGOS_MODO_PRUEBA: 'false' })).toBe('sin-configurar');
    expect(() => loadConfig({ PAGOS_MODO_PRUEBA: 'si' })).toThrow(/pagosModoPrueba: debe ser true o false/);
  });

  it('esLoopback', () => {
    expect(esLoopback('127.0.0.1')).toBe(true);
    expect(esLoopback('0.0.0.0')).toBe(false);
    expect(esLoopback('127.example.com')).toBe(false);
  });
});
