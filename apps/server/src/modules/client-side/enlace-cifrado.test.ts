import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { cifradorCon, cifradorEnArchivo } from './enlace-cifrado.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-enlaces-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

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

  it('keeps its key in DATA_DIR/enlaces.key (0600), shared by every instance of that folder', () => {
    const errores: unknown[] = [];
    const uno = cifradorEnArchivo(dir, (e) => errores.push(e));
    const guardado = uno.cifrar('abc') as string;
    const otro = cifradorEnArchivo(dir, (e) => errores.push(e));
    expect(otro.descifrar(guardado)).toBe('abc');
    const st = fs.statSync(path.join(dir, 'enlaces.key'));
    expect(st.mode & 0o777).toBe(0o600);
    expect(errores).toEqual([]);
  });
});
