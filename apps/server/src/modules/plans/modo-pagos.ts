import type { Config } from '../../config.js';

/**
 * How this server takes payments (docs/PLANES.md «Modo de prueba»), decided once at start:
 * - `mercadopago`: it has MercadoPago credentials (MERCADOPAGO_ACCESS_TOKEN);
 * - `prueba`: no credentials, and the test mode was chosen (PAGOS_MODO_PRUEBA=true) or the server
 *   is a development one that only this machine reaches (loopback HOST, NODE_ENV not production);
 * - `sin-configurar`: no credentials on a server others can reach (another HOST) or a production
 *   one, and PAGOS_MODO_PRUEBA is not true: a change to a paid plan is refused, so nobody takes a
 *   plan for free with the sandbox's «APRO» holder. PAGOS_MODO_PRUEBA=false refuses it everywhere.
 */
export type ModoPagos = 'mercadopago' | 'prueba' | 'sin-configurar';

type ConfigPagos = Pick<Config, 'host' | 'nodeEnv' | 'pagosModoPrueba' | 'mercadoPagoAccessToken'>;

/** The addresses only this machine reaches. */
export function esLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

export function modoDePagos(c: ConfigPagos): ModoPagos {
  if (c.mercadoPagoAccessToken) return 'mercadopago';
  if (c.pagosModoPrueba !== undefined) return c.pagosModoPrueba ? 'prueba' : 'sin-configurar';
  return esLoopback(c.host) && c.nodeEnv !== 'production' ? 'prueba' : 'sin-configurar';
}
