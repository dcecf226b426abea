import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { isEmpty, openDatabase, type Database } from './kernel/db/client.js';
import { LocalBus, type EventBus } from './kernel/bus.js';
import { EstadoInstancia } from './kernel/estado-instancia.js';
import { systemClock } from './kernel/clock.js';
import { PgBus } from './kernel/pg-bus.js';
import { seedCatalogo } from './seed/catalogo.js';
import { seedDemo } from './seed/demo.js';

/**
 * Opens the database, migrates, seeds the demo on first run, and builds the app. With
 * PostgreSQL, domain events travel between instances through LISTEN/NOTIFY.
 */
export async function boot(
  config: Config,
  estado = new EstadoInstancia(),
): Promise<{ app: FastifyInstance; database: Database; seeded: boolean }> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  await database.migrate();
  let seeded = false;
  if (config.seedDemo && (await isEmpty(database.db))) {
    await seedDemo(database.db, systemClock.now());
    seeded = true;
  } else {
    // Roles, permissions and plans, which a public sign-up needs even without the demo. Idempotent;
    // the lock keeps instances starting together from adding a permission twice.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(715018)`);
      await seedCatalogo(tx);
    });
  }
  const instanceId = randomUUID();
  let bus: EventBus;
  if (config.databaseUrl) {
    // Logs to stderr until buildApp hands the bus the app's logger.
    const pgBus = new PgBus(config.databaseUrl, database.pgClient as pg.Pool);
    await pgBus.start();
    bus = pgBus;
  } else {
    bus = new LocalBus();
  }
  // Answers are written by the compiled serializers alone; the tests check each against Zod too.
  const app = await buildApp({
    config,
    database,
    bus,
    instanceId,
    estado,
    verificarRespuestas: false,
    // After the modules have stopped their workers (the scheduler's tick, the outbox, the bus).
    cerrarAlFinal: () => database.close(),
  });
  estado.lista();
  app.puertos.notifications.startOverdueChecks();
  // Delivers the outbox (docs/CORREO.md); stopped by app.close().
  app.puertos.mail.start();
  // Delivers the WhatsApp outbox (docs/WHATSAPP.md); stopped by app.close(), before the mail's.
  app.puertos.whatsapp.start();
  return { app, database, seeded };
}
