import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, it } from 'vitest';
import { killDuranteLaBandeja } from './kill9-idempotencia.js';

/** kill -9 with the outbox's replay on PGlite: a fresh data folder (see kill9-idempotencia.ts). */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-kill9-bandeja-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('PGlite: con SIGKILL en momentos al azar y la bandeja reenviando con su clave, nada queda atascado, duplicado ni perdido', async () => {
  await killDuranteLaBandeja({ DATA_DIR: dataDir });
}, 300_000);
