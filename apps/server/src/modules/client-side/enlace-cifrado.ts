import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The share link's token kept encrypted (docs/CLIENTE.md): the company can copy the same link again
 * later, while the database alone does not give it away (the key lives in DATA_DIR, not in the
 * database). AES-256-GCM; the stored text is `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export interface CifradorEnlaces {
  cifrar(token: string): string | null;
  /** The token, or null when it cannot be read (another key, a damaged value). */
  descifrar(cifrado: string): string | null;
}

export function cifradorCon(clave: Buffer): CifradorEnlaces {
  if (clave.length !== 32) throw new Error('La clave de los enlaces debe tener 32 bytes.');
  return {
    cifrar(token) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', clave, iv);
      const ct = Buffer.concat([c.update(token, 'utf8'), c.final()]);
      return ['v1', iv, c.getAuthTag(), ct].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    descifrar(cifrado) {
      const [v, iv, tag, ct] = cifrado.split('.');
      if (v !== 'v1' || !iv || !tag || ct === undefined) return null;
      try {
        const d = createDecipheriv('aes-256-gcm', clave, Buffer.from(iv, 'base64url'));
        d.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/**
 * The key in `DATA_DIR/enlaces.key` (32 random bytes, created on first use, mode 0600), read once.
 * Several instances must share the file, as they share vapid.json. If it cannot be read or written,
 * links still work but are shown only when created (the company renews to get one again).
 */
export function cifradorEnArchivo(dataDir: string, onError: (err: unknown) => void): CifradorEnlaces {
  let cifrador: CifradorEnlaces | null | undefined;
  const cargar = (): CifradorEnlaces | null => {
    if (cifrador !== undefined) return cifrador;
    const archivo = path.join(dataDir, 'enlaces.key');
    try {
      let clave: Buffer;
      try {
        clave = Buffer.from(fs.readFileSync(archivo, 'utf8').trim(), 'base64url');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        fs.mkdirSync(dataDir, { recursive: true });
        const nueva = randomBytes(32);
        try {
          fs.writeFileSync(archivo, nueva.toString('base64url'), { mode: 0o600, flag: 'wx' });
          clave = nueva;
        } catch (e) {
          // Another instance wrote it first: use theirs.
          if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
          clave = Buffer.from(fs.readFileSync(archivo, 'utf8').trim(), 'base64url');
        }
      }
      cifrador = cifradorCon(clave);
    } catch (err) {
      onError(err);
      cifrador = null;
    }
    return cifrador;
  };
  return {
    cifrar: (t) => cargar()?.cifrar(t) ?? null,
    descifrar: (c) => cargar()?.descifrar(c) ?? null,
  };
}
