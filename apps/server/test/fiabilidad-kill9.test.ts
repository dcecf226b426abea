import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, it } from 'vitest';
import { killDuringCreates } from './kill9.js';

/** kill -9 with PGlite: a fresh data folder, the demo seeded by the server itself (see kill9.ts). */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-kill9-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('PGlite: tras SIGKILL con 200 altas en curso, toda orden confirmada sigue ahí e intacta', async () => {
  await killDuringCreates({ DATA_DIR: dataDir });
}, 180_000);
