import os from 'node:os';
import { hash, verify, type Options } from '@node-rs/argon2';
import { limitarConcurrencia } from '../../lib/concurrencia.js';

/** argon2id (Algorithm.Argon2id = 2) with OWASP's minimum: 19 MiB, 2 passes. */
const OPTIONS: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * At most one argon2 computation per core at a time. Each holds 19 MiB while it runs, and they run
 * on libuv's threads (four): a burst of logins held 76 MB and kept file reads waiting, for no more
 * throughput than one per core gives (issue 18, the server's peak memory under load).
 */
const argon2 = limitarConcurrencia(Math.max(1, Math.min(4, os.availableParallelism())));

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
