// npm run cluster: build if needed, then two instances on one PostgreSQL behind HAProxy
// (apps/server/scripts/cluster/main.ts; docs/DESPLIEGUE.md «Clúster con HAProxy»).
import { ensureBuilt, ensureInstalled, run, say } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();
say('Iniciando el clúster (dos instancias detrás de HAProxy)');
// Ctrl-C reaches the whole process group (the instances and HAProxy too): wait for the child's exit.
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => undefined);
process.exit(await run('npx', ['tsx', 'apps/server/scripts/cluster/main.ts']));
