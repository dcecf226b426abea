import { createRequire } from 'node:module';

const requerir = createRequire(import.meta.url);

/**
 * A heavy CommonJS library, loaded the first time it is used rather than with the server: what a
 * process never uses costs it no memory (docs/BENCHMARKS.md, issues 18 and 37). Synchronous, so a
 * synchronous caller keeps its signature; `import('x')` is the way for asynchronous ones.
 */
export function alUsar<T>(id: string): () => T {
  let modulo: T | undefined;
  return () => (modulo ??= requerir(id) as T);
}
