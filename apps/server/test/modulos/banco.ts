/**
 * The bench of a module test: one module built alone, from the kernel's real parts (a fresh
 * database, a bus that records what it publishes, a clock the test moves) and fakes of exactly
 * the other modules' ports it declares. Its routes are served by a bare Fastify with the
 * kernel's validation, serialization and errors, and an auth hook that knows one actor.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { testConfig } from '../../src/config.js';
import type { Actor } from '../../src/kernel/actor.js';
import { requireAuth } from '../../src/kernel/auth-hook.js';
import { LocalBus, type DomainEvent } from '../../src/kernel/bus.js';
import type { Database } from '../../src/kernel/db/client.js';
import { installErrorHandler } from '../../src/kernel/error-handler.js';
import { AppError } from '../../src/kernel/errors.js';
import type { Modulo, Nucleo } from '../../src/kernel/modulo.js';
import { serializadorDeRespuestas } from '../../src/lib/serializer.js';
import { validatorCompilerSeguro } from '../../src/lib/validator.js';
import { makeEntidad } from '../../src/seed/factories.js';
import { seedCatalogo } from '../../src/seed/catalogo.js';
import { openTestDatabase, TestClock } from '../helpers.js';

z.config(z.locales.es());

export interface Banco {
  nucleo: Nucleo;
  database: Database;
  clock: TestClock;
  /** Every event the module published, in order. */
  eventos: DomainEvent[];
  /** A company of its own in the fresh database, and another one (isolation). */
  entidadId: number;
  otraEntidadId: number;
  /** An actor of `entidadId` (admin by default). */
  actor(o?: Partial<Actor>): Actor;
  /** The module's routes behind a hook that authenticates `Authorization: prueba` as `actor`. */
  servir(modulo: Modulo, actor: Actor): Promise<FastifyInstance>;
  close(): Promise<void>;
}

const silencio = { level: 'silent' } as const;

export async function bancoDeModulo(): Promise<Banco> {
  const { database, drop } = await openTestDatabase();
  // PGlite opens from a migrated template; a new PostgreSQL database is empty (idempotent).
  await database.migrate();
  await seedCatalogo(database.db);
  const clock = new TestClock(new Date('2026-06-15T12:00:00Z'));
  const eventos: DomainEvent[] = [];
  const bus = new LocalBus({ error: () => undefined, warn: () => undefined });
  bus.subscribe((e) => {
    eventos.push(e);
  });
  const log = Fastify({ logger: silencio }).log;
  const nucleo: Nucleo = { config: testConfig(), db: database.db, database, clock, bus, log };
  const entidadId = await makeEntidad(database.db, { nombre: 'Módulo SA', plan: 'Ilimitado', now: clock.now() });
  const otraEntidadId = await makeEntidad(database.db, { nombre: 'Otra SA', plan: 'Ilimitado', now: clock.now() });
  const servidas: FastifyInstance[] = [];
  return {
    nucleo,
    database,
    clock,
    eventos,
    entidadId,
    otraEntidadId,
    actor: (o = {}) => ({
      id: 1,
      usuario: 'prueba',
      nombre: 'Ana',
      apellido: 'Prueba',
      email: null,
      entidadId,
      roles: [{ id: 1, nombre: 'Administrador', descripcion: 'Administrador' }],
      permisosResumen: [],
      permisos: { clientes: [] },
      ...o,
    }),
    async servir(modulo, actor) {
      const app = Fastify({ logger: silencio }).withTypeProvider<ZodTypeProvider>();
      app.setValidatorCompiler(validatorCompilerSeguro);
      app.setSerializerCompiler(serializadorDeRespuestas({ verificar: true }));
      app.decorateRequest('actor', null);
      installErrorHandler(app);
      if (modulo.rutasPublicas) await app.register(modulo.rutasPublicas);
      const rutas = modulo.rutas;
      if (rutas) {
        await app.register(async (scope) => {
          requireAuth(scope, {
            cached: (h) => (h === 'prueba' ? actor : undefined),
            authenticate: async (h) => {
              if (h === 'prueba') return actor;
              throw new AppError('NO_AUTENTICADO', 'Usuario o contraseña incorrectos.');
            },
          });
          await scope.register(rutas);
        });
      }
      await app.ready();
      servidas.push(app);
      return app;
    },
    async close() {
      for (const a of servidas) await a.close();
      await drop();
    },
  };
}
