// Starts the built server for the browser journeys on a fresh data folder, so every run begins
// with the same demo data. Used by playwright.config.ts (webServer).
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const servidor = path.join(raiz, 'apps', 'server', 'dist', 'main.js');
const web = path.join(raiz, 'apps', 'web', 'dist', 'index.html');
const puerto = process.env.PORT ?? '8181';
// One data folder per port, so two runs on different ports (E2E_PORT) do not share data.
const datos = path.join(raiz, puerto === '8181' ? '.data-e2e' : `.data-e2e-${puerto}`);

for (const archivo of [servidor, web]) {
  if (!existsSync(archivo)) {
    console.error(`Falta ${path.relative(raiz, archivo)}: ejecute "npm run build" antes de las pruebas e2e.`);
    process.exit(1);
  }
}

rmSync(datos, { recursive: true, force: true });

const hijo = spawn(process.execPath, [servidor], {
  cwd: raiz,
  stdio: 'inherit',
  // The plan journeys pay with the sandbox's test cards: the test mode, chosen.
  env: { ...process.env, PORT: process.env.PORT ?? '8181', DATA_DIR: datos, PAGOS_MODO_PRUEBA: 'true' },
});

for (const senal of ['SIGINT', 'SIGTERM']) {
  process.on(senal, () => hijo.kill(senal));
}
hijo.on('exit', (codigo, senal) => process.exit(codigo ?? (senal ? 0 : 1)));
