import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { claveDeEnlace, sha256 } from './clave-enlace';

const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
const TOKEN = 'Zk3_-q9wE1rT5yU7iO0pA2sD4fG6hJ8kL0zX2cV4bN6';

describe('the key of a link on the device', () => {
  it('is the SHA-256 hex of the token, never the token', async () => {
    const clave = await claveDeEnlace(TOKEN);
    expect(clave).toBe(createHash('sha256').update(TOKEN).digest('hex'));
    expect(clave).not.toContain(TOKEN);
  });

  it.each(['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'ñandú '.repeat(40)])(
    'the fallback without crypto.subtle gives the same digest (%#)',
    (texto) => {
      const bytes = new TextEncoder().encode(texto);
      expect(hex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
    },
  );
});
