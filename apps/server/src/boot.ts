import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { isEmpty, openDatabase, type Database } from './db/client.js';
import { systemClock } from './lib/clock.js';
import { seedDemo } from './seed/demo.js';

/** Opens the database, migrates, seeds the demo on first run, and builds the app. */
export async function boot(config: Config): Promise<{ app: FastifyInstance; database: Database; seeded: boolean }> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  await database.migrate();
  let seeded = false;
  if (config.seedDemo && (await isEmpty(database.db))) {
    await seedDemo(database.db, systemClock.now());
    seeded = true;
  }
  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
  });
  return { app, database, seeded };
}
