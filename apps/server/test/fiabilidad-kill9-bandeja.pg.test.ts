import { it } from 'vitest';
import { killDuranteLaBandeja } from './kill9-idempotencia.js';
import { basePgParaKill9 } from './kill9.js';

/** kill -9 with the outbox's replay on PostgreSQL: a fresh database on TEST_DATABASE_URL's server. */
const entorno = basePgParaKill9('delego-kill9-bandeja-pg');

it('PostgreSQL: con SIGKILL en momentos al azar y la bandeja reenviando con su clave, nada queda atascado, duplicado ni perdido', async () => {
  await killDuranteLaBandeja(entorno());
}, 300_000);
