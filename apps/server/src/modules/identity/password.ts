import os from 'node:os';
import { hash, verify, type Options } from '@node-rs/argon2';
import { limitarConcurrencia } from '../../lib/concurrencia.js';

/**
 * argon2id (Algorithm.Argon2id = 2) with 7 MiB and 5 passes: one of the settings OWASP's password
 * storage cheat sheet lists as equal in defence to its 19 MiB, 2 passes (12 MiB/3, 9 MiB/4, 7 MiB/5).
 * The same work in less memory: a burst of logins was the server's peak under load (issue 18,
 * docs/BENCHMARKS.md). Hashes stored with other settings still verify (the hash names its own),
 * and are stored again with these at the next login (`necesitaRehash`).
 */
const OPTIONS: Options = { algorithm: 2, memoryCost: 7168, timeCost: 5, parallelism: 1 };
const PARAMETROS = `$m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}$`;

/** Whether a stored hash was made with other settings than today's (an older hash: store it again). */
export function necesitaRehash(storedHash: string): boolean {
  return !storedHash.startsWith('$argon2id$v=19' + PARAMETROS);
}

/**
 * At most one argon2 computation per core but one at a time (one on a 2-core machine, at most four).
 * Each holds its memory while it runs, and they run on libuv's threads (four): a burst of logins held
 * 76 MB (at 19 MiB each) and kept file reads waiting. The core left over serves the requests and
 * the database meanwhile; on 2 cores, two at a time were the server's peak memory under load, +14
 * MB, for ~150 more logins a second than one gives (issue 18, docs/BENCHMARKS.md).
 */
export const ARGON2_A_LA_VEZ = Math.max(1, Math.min(4, os.availableParallelism() - 1));
const argon2 = limitarConcurrencia(ARGON2_A_LA_VEZ);

/** Hashes the MD5 hex the client sends (the secret as the server sees it) with argon2id. */
export function hashSecret(md5Hex: string): Promise<string> {
  return argon2(() => hash(md5Hex.toLowerCase(), OPTIONS));
}

/** argon2's verification compares in constant time. */
export async function verifySecret(storedHash: string, md5Hex: string): Promise<boolean> {
  try {
    return await argon2(() => verify(storedHash, md5Hex.toLowerCase()));
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real verification, so unknown users cannot be told apart by timing. */
export async function verifyDummy(md5Hex: string): Promise<void> {
  dummy ??= hashSecret('00000000000000000000000000000000');
  await verifySecret(await dummy, md5Hex);
}
