import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cifradorCon } from './enlace-cifrado.js';

describe('cifrador de enlaces', () => {
  it('gives the token back, and never the token itself in what is stored', () => {
    const c = cifradorCon(randomBytes(32));
    const token = randomBytes(32).toString('base64url');
    const guardado = c.cifrar(token) as string;
    expect(guardado).not.toContain(token);
    expect(c.descifrar(guardado)).toBe(token);
    // Two encryptions of the same token differ (random IV).
    expect(c.cifrar(token)).not.toBe(guardado);
  });

  it('reads nothing with another key or a changed value', () => {
    const a = cifradorCon(randomBytes(32));
    const b = cifradorCon(randomBytes(32));
    const guardado = a.cifrar('token-de-prueba') as string;
    expect(b.descifrar(guardado)).toBeNull();
    const partes = guardado.split('.');
    partes[3] = Buffer.from('otra cosa').toString('base64url');
    expect(a.descifrar(partes.join('.'))).toBeNull();
    expect(a.descifrar('basura')).toBeNull();
  });
});
