// npm run dev: the server with reload (tsx watch) and the Vite dev server with its proxy to it.
// Both read packages/contract/src directly (apps/server/tsconfig.dev.json, Vite's alias): nothing
// has to be built first, and a change in the contract reloads both.
// PORT (API, 8080) and WEB_PORT (Vite, 5173) choose the ports.
import { ensureInstalled, run, say } from './lib.mjs';

const apiPort = process.env.PORT || '8080';
const webPort = process.env.WEB_PORT || '5173';

await ensureInstalled();
say(`Modo desarrollo: API en :${apiPort} (tsx watch), web en http://127.0.0.1:${webPort} (Vite)`);
const codes = await Promise.all([
  run('npm', ['run', 'dev', '-w', 'apps/server'], { env: { PORT: apiPort } }),
  run('npm', ['run', 'dev', '-w', 'apps/web', '--', '--host', '127.0.0.1', '--port', webPort, '--strictPort'], {
    env: { DELEGO_API_URL: `http://127.0.0.1:${apiPort}` },
  }),
]);
process.exit(Math.max(...codes));
