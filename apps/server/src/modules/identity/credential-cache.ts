import { hash, randomBytes } from 'node:crypto';
import type { Actor } from '../../kernel/actor.js';
import type { ManagedCache } from '../../kernel/cache-registry.js';

interface Entry {
  actor: Actor;
  expiresAt: number;
  /** `huellaDe` of the stored hash the header was verified against. */
  huella: string;
}

/** A digest of a stored password hash: what a renewal compares, so the memory holds no hash. */
export function huellaDe(passwordHash: string): string {
  return hash('sha256', passwordHash, 'binary');
}

/**
 * Verified credentials remembered for a short time, so that argon2 runs once per TTL and not on
 * every call. Keys are a keyed hash of the Authorization header (SHA-256 over a per-process random
 * secret followed by the header), so the memory never holds the header itself. The digest is never
 * shown to anyone, so the prefix construction is as good as an HMAC here, at a fifth of the cost
 * on the path every authenticated call takes (docs/BENCHMARKS.md). A user's entries are forgotten at once when their password
 * or permissions change.
 *
 * An expired entry is not served, but stays (within `maxEntries`) as the proof of a renewal: the
 * same header, verified against the same stored hash (`huella`), needs no second argon2 (ADR 0003).
 */
export class CredentialCache implements ManagedCache<number> {
  private readonly secret = randomBytes(32).toString('base64');
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 50_000,
  ) {}

  /**
   * The key of a header: the digest's 32 bytes as a one-byte string ('binary', that is latin1).
   * Encoding them as base64url took longer than the hash itself, on every authenticated call.
   */
  private digest(header: string): string {
    return hash('sha256', this.secret + header, 'binary');
  }

  get(header: string): Actor | undefined {
    const k = this.digest(header);
    const e = this.entries.get(k);
    if (!e || e.expiresAt <= this.now()) return undefined;
    return e.actor;
  }

  /** The user and stored hash a header was last verified against, served or expired. */
  verificada(header: string): { usuarioId: number; huella: string } | undefined {
    const e = this.entries.get(this.digest(header));
    return e && { usuarioId: e.actor.id, huella: e.huella };
  }

  set(header: string, actor: Actor, huella: string): void {
    if (this.ttlMs <= 0) return;
    const k = this.digest(header);
    // A renewal sets its entry anew, so that it is the newest in the eviction order.
    const anterior = this.entries.get(k);
    if (anterior) this.remove(k, anterior.actor.id);
    else if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.entries().next().value;
      if (oldest) this.remove(oldest[0], oldest[1].actor.id);
    }
    this.entries.set(k, { actor, expiresAt: this.now() + this.ttlMs, huella });
    let keys = this.byUser.get(actor.id);
    if (!keys) this.byUser.set(actor.id, (keys = new Set()));
    keys.add(k);
  }

  forgetUser(userId: number): void {
    const keys = this.byUser.get(userId);
    if (!keys) return;
    for (const k of keys) this.entries.delete(k);
    this.byUser.delete(userId);
  }

  forgetEntidad(entidadId: number): void {
    for (const [k, e] of this.entries) {
      if (e.actor.entidadId === entidadId) this.remove(k, e.actor.id);
    }
  }

  /** Keys are user ids: those users' entries go; without keys, the whole company's. */
  invalidate(entidadId: number, userIds?: readonly number[]): void {
    if (!userIds) this.forgetEntidad(entidadId);
    else for (const id of userIds) this.forgetUser(id);
  }

  clearAll(): void {
    this.entries.clear();
    this.byUser.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(k: string, userId: number): void {
    this.entries.delete(k);
    const keys = this.byUser.get(userId);
    keys?.delete(k);
    if (keys && keys.size === 0) this.byUser.delete(userId);
  }
}
