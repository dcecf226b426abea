import { createHash } from 'node:crypto';
import SparkMD5 from 'spark-md5';
import { describe, expect, it } from 'vitest';
import { md5Hex } from './md5';

describe('md5Hex', () => {
  it('hashes the demo password like spark-md5 and like Node', () => {
    expect(md5Hex('Demo1234!')).toBe(SparkMD5.hash('Demo1234!'));
    expect(md5Hex('Demo1234!')).toBe('eb6bc90afb1de3b7e8a41c1afa38ee01');
  });

  it('matches the RFC 1321 test vectors', () => {
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5Hex('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
  });

  it('hashes non-ASCII passwords as UTF-8, as the server does', () => {
    const esperado = createHash('md5').update('contraseña', 'utf8').digest('hex');
    expect(md5Hex('contraseña')).toBe(esperado);
    expect(md5Hex('contraseña')).toBe('4c882dcb24bcb1bc225391a602feca7c');
  });

  it('returns 32 lower-case hex characters', () => {
    expect(md5Hex('Otra Clave 123')).toMatch(/^[0-9a-f]{32}$/);
  });
});
