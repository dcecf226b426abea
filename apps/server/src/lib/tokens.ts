import { createHash, randomBytes } from 'node:crypto';

/** Random bytes in a token: 256 bits, far past the 128 a guess would have to beat. */
const BYTES = 32;

/**
 * A new token for a mailed link, and the hash that is stored: 43 base64url characters (A-Z a-z
 * 0-9 - _), no `.`, no padding. The token travels once, in the mail; the database keeps the hash.
 */
export function crearToken(): { token: string; hash: string } {
  const token = randomBytes(BYTES).toString('base64url');
  return { token, hash: hashDeToken(token) };
}

/** SHA-256 of a token, base64url: a link's token is looked up by this. */
export function hashDeToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}
