/**
 * How the server process is started (`npm start`, `npm run bench`): Node flags and allocator
 * settings that must be given before the process starts (issue 18, docs/BENCHMARKS.md).
 */

/**
 * - V8's young generation at most 4 MB per semi-space (16 MB by default): under load it stays
 *   full, and the default holds about 25 MB more for a handful of scavenges less per second.
 * - The old generation may grow 20 % over what survived the last full collection before the next
 *   one. Left to itself, V8 picks a factor between 1.1 and 4, and picked ~4 after the start: the
 *   requests' objects promoted out of the small young generation then piled up as garbage, old
 *   space 35 → 130 MB over the bench's load, until a single full collection. Not a cap: the limit
 *   is recomputed after every collection from what stays alive. Under the bench's load a full
 *   collection now runs every few seconds, 3–15 ms of pause each (docs/BENCHMARKS.md, issue 18).
 */
export const NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--heap-growing-percent=20'];

/**
 * glibc's allocator: two arenas instead of one per thread (the WASM compiler's and libuv's
 * threads kept 20–30 MB each), and blocks over 128 KB always mapped and given back (argon2's
 * 19 MB per verification otherwise stays with the thread that ran it). Ignored by other libcs.
 */
export const ENTORNO_NODE: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
};
