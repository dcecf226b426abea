// npm run dev: the server with reload (tsx watch) and the Vite dev server with its proxy to it.
import { ensureInstalled, run, say } from './lib.mjs';

await ensureInstalled();
say('Modo desarrollo: API en :8080 (tsx watch), web en :5173 (Vite)');
const codes = await Promise.all([
  run('npm', ['run', 'dev', '-w', 'apps/server']),
  run('npm', ['run', 'dev', '-w', 'apps/web']),
]);
process.exit(Math.max(...codes));
