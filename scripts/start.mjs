// npm start: install what is missing, build, then serve app + API on one port.
// The server migrates the database and seeds the demo company on first run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, enNodeDelProyecto, ensureBuilt, ensureInstalled, say } from './lib.mjs';

await ensureInstalled();
// From here on, on the project's Node (26) even when the system's (20) ran the install.
await enNodeDelProyecto();
await ensureBuilt();
// Node flags and allocator settings of the server process (apps/server/src/proceso.ts).
const { NODE_FLAGS, ENTORNO_NODE } = await import('../apps/server/dist/proceso.js');
// The demo on this machine keeps paying in test mode (docs/PLANES.md «Modo de prueba»): NODE_ENV is
// production here, which alone would turn it off; HOST beyond loopback or PAGOS_MODO_PRUEBA decide.
const soloEstaMaquina = ['', '127.0.0.1', 'localhost', '::1'].includes((process.env.HOST ?? '').trim());
const pagosDeLaDemo =
  soloEstaMaquina && !process.env.MERCADOPAGO_ACCESS_TOKEN && !process.env.PAGOS_MODO_PRUEBA
    ? { PAGOS_MODO_PRUEBA: 'true' }
    : {};
say('Iniciando Delego');
const child = spawn(process.execPath, [...NODE_FLAGS, path.join(ROOT, 'apps/server/dist/main.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...ENTORNO_NODE, ...process.env, ...pagosDeLaDemo, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
child.on('exit', (code) => process.exit(code ?? 0));
