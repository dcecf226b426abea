import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The share link's token kept encrypted (docs/CLIENTE.md): the company can copy the same link again
 * later. The key is the installation's (`enlaces` in `secretos_instancia`, modules/secretos, shared
 * by every instance): the column alone, in an export of the orders, does not give the token away.
 * AES-256-GCM; the stored text is `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export interface CifradorEnlaces {
  cifrar(token: string): string | null;
  /** The token, or null when it cannot be read (another key, a damaged value). */
  descifrar(cifrado: string): string | null;
}

/** The cipher of the share links with a 32-byte key, or with how to read it once the database has given it. */
export function cifradorCon(claveO: Buffer | (() => Buffer)): CifradorEnlaces {
  const deClave = typeof claveO === 'function' ? claveO : () => claveO;
  const clave = (): Buffer => {
    const c = deClave();
    if (c.length !== 32) throw new Error('La clave de los enlaces debe tener 32 bytes.');
    return c;
  };
  if (typeof claveO !== 'function') clave();
  return {
    cifrar(token) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', clave(), iv);
      const ct = Buffer.concat([c.update(token, 'utf8'), c.final()]);
      return ['v1', iv, c.getAuthTag(), ct].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    descifrar(cifrado) {
      const [v, iv, tag, ct] = cifrado.split('.');
      if (v !== 'v1' || !iv || !tag || ct === undefined) return null;
      try {
        const d = createDecipheriv('aes-256-gcm', clave(), Buffer.from(iv, 'base64url'));
        d.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
