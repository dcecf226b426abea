import { it } from 'vitest';
import { basePgParaKill9, killDuringCreates } from './kill9.js';

/** kill -9 with PostgreSQL: a fresh database on the server of TEST_DATABASE_URL (see kill9.ts). */
const entorno = basePgParaKill9('delego-kill9-pg');

it('PostgreSQL: tras SIGKILL con 200 altas en curso, toda orden confirmada sigue ahí e intacta', async () => {
  await killDuringCreates(entorno());
}, 180_000);
