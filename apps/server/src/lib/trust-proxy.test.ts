import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, listedProxy, parseTrustProxy } from './trust-proxy.js';

describe('parseTrustProxy', () => {
  it('lee false, true, un número de saltos y una lista de direcciones o CIDR', () => {
    expect(parseTrustProxy('')).toEqual({ value: false });
    expect(parseTrustProxy('FALSE')).toEqual({ value: false });
    expect(parseTrustProxy('true')).toEqual({ value: true });
    expect(parseTrustProxy('2')).toEqual({ value: 2 });
    expect(parseTrustProxy(' 10.0.0.1, 192.168.0.0/16 ,::1,fd00::/8, loopback')).toEqual({
      value: ['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('señala cada entrada que no es una dirección ni un CIDR', () => {
    expect(parseTrustProxy('10.0.0.1,proxy.local,10.0.0.0/33,1.2.3.4/8/1')).toEqual({
      invalid: ['proxy.local', '10.0.0.0/33', '1.2.3.4/8/1'],
    });
  });
});

describe('fastifyTrustProxy', () => {
  it('convierte los saltos en la función que confía en los últimos n', () => {
    const fn = fastifyTrustProxy(2);
    expect(typeof fn).toBe('function');
    if (typeof fn !== 'function') return;
    expect([fn('1.1.1.1', 0), fn('1.1.1.1', 1), fn('1.1.1.1', 2)]).toEqual([true, true, false]);
    expect(fastifyTrustProxy(0)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.1'])).toEqual(['10.0.0.1']);
  });
});

describe('listedProxy', () => {
  it('reconoce solo los proxies listados por dirección, también como IPv4 dentro de IPv6', () => {
    const esProxy = listedProxy(['10.0.0.0/8', '2001:db8::1', 'loopback']);
    expect(esProxy('10.20.30.40')).toBe(true);
    expect(esProxy('::ffff:10.20.30.40')).toBe(true);
    expect(esProxy('2001:db8::1')).toBe(true);
    expect(esProxy('127.0.0.1')).toBe(true);
    expect(esProxy('11.0.0.1')).toBe(false);
    expect(esProxy('no-es-ip')).toBe(false);
  });

  it('true y los saltos no nombran a ningún proxy: el límite de conexiones sigue valiendo', () => {
    expect(listedProxy(true)('10.0.0.1')).toBe(false);
    expect(listedProxy(1)('10.0.0.1')).toBe(false);
    expect(listedProxy(false)('10.0.0.1')).toBe(false);
  });
});
