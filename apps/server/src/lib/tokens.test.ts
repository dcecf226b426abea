import { describe, expect, it } from 'vitest';
import { crearToken, hashDeToken } from './tokens.js';

describe('tokens de enlaces', () => {
  it('tienen 256 bits en base64url, sin punto ni relleno, y se guardan solo como SHA-256', () => {
    const vistos = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const { token, hash } = crearToken();
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(hash).toBe(hashDeToken(token));
      expect(hash).not.toContain(token);
      vistos.add(token);
    }
    expect(vistos.size).toBe(200);
  });

  it('el hash es el SHA-256 conocido', () => {
    expect(hashDeToken('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
  });
});
