// npm run bench: build, then run the benchmarks against the built server on PostgreSQL.
import { ensureBuilt, ensureInstalled, runOrDie, say } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();
say('Benchmarks (PostgreSQL, autocannon)');
await runOrDie('npx', ['tsx', 'apps/server/bench/run.ts']);
