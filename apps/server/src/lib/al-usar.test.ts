import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { alUsar } from './al-usar.js';

const requerir = createRequire(import.meta.url);

describe('alUsar', () => {
  it('loads the library on the first use, not before, and only once', () => {
    const ruta = requerir.resolve('qrcode');
    expect(requerir.cache[ruta]).toBeUndefined();
    const qr = alUsar<typeof import('qrcode')>('qrcode');
    expect(requerir.cache[ruta]).toBeUndefined();
    const primera = qr();
    expect(requerir.cache[ruta]).toBeDefined();
    expect(typeof primera.create).toBe('function');
    expect(qr()).toBe(primera);
  });
});
