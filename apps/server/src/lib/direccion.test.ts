import { describe, expect, it } from 'vitest';
import { grupoDeDireccion } from './direccion.js';

describe('grupoDeDireccion', () => {
  it('deja una IPv4 como está y lee la IPv4 escrita como IPv6', () => {
    expect(grupoDeDireccion('203.0.113.7')).toBe('203.0.113.7');
    expect(grupoDeDireccion('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(grupoDeDireccion('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('agrupa una IPv6 por su /64, se escriba como se escriba', () => {
    const g = grupoDeDireccion('2001:db8:1:2::1');
    expect(g).toBe('2001:db8:1:2::/64');
    expect(grupoDeDireccion('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(g);
    expect(grupoDeDireccion('2001:DB8:1:2:abcd::9')).toBe(g);
    expect(grupoDeDireccion('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(grupoDeDireccion('::1')).toBe('0:0:0:0::/64');
    expect(grupoDeDireccion('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    // The next /64 is another client.
    expect(grupoDeDireccion('2001:db8:1:3::1')).not.toBe(g);
  });

  it('deja como está lo que no es una dirección', () => {
    expect(grupoDeDireccion('limpia')).toBe('limpia');
    expect(grupoDeDireccion('')).toBe('');
  });
});
