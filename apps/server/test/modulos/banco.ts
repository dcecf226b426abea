/**
 * The bench of a module test: one module built alone, from the kernel's real parts (a fresh
 * database, a bus that records what it publishes, a clock the test moves) and fakes of exactly
 * the other modules' ports it declares. Its routes are served by a bare Fastify with the
 * kernel's validation, serialization and errors, and an auth hook that knows one actor.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { ContadorEnMemoria } from '../../src/lib/rate-limit.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ESTADO } from '@delego/contract';
import { testConfig } from '../../src/config.js';
import type { Actor } from '../../src/kernel/actor.js';
import { requireAuth } from '../../src/kernel/auth-hook.js';
import { LocalBus, type DomainEvent } from '../../src/kernel/bus.js';
import type { Database } from '../../src/kernel/db/client.js';
import { installErrorHandler } from '../../src/kernel/error-handler.js';
import { AppError } from '../../src/kernel/errors.js';
import type { Modulo, Nucleo } from '../../src/kernel/modulo.js';
import { ordenes, ordenResponsables } from '../../src/modules/orders/orders.tables.js';
import { serializadorDeRespuestas } from '../../src/lib/serializer.js';
import { validatorCompilerSeguro } from '../../src/lib/validator.js';
import { makeEntidad, makeUsuario } from '../../src/seed/factories.js';
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
  /** A person of `entidadId` (for rows that name one; no password that logs in). */
  usuario(entidadId: number, nombre?: string): Promise<number>;
  /** A pending order of `entidadId` created by `creadaPor`, with the next number and its responsables. */
  orden(
    entidadId: number,
    creadaPor: number,
    o?: { titulo?: string; responsables?: number[] },
  ): Promise<{ id: number; numero: number; titulo: string }>;
  /** The module's routes behind a hook that authenticates `Authorization: prueba` as `actor`. */
  servir(modulo: Modulo, actor: Actor): Promise<FastifyInstance>;
  close(): Promise<void>;
}

const silencio = { level: 'silent' } as const;

export async function bancoDeModulo(): Promise<Banco> {
  const { database, drop } = await openTestDatabase();
  // PGlite's template is migrated already; a fresh PostgreSQL database is empty.
  await database.migrate();
  await seedCatalogo(database.db);
  const clock = new TestClock(new Date('2026-06-15T12:00:00Z'));
  const eventos: DomainEvent[] = [];
  const bus = new LocalBus({ error: () => undefined, warn: () => undefined });
  bus.subscribe((e) => {
    eventos.push(e);
  });
  const log = Fastify({ logger: silencio }).log;
  const limites = new ContadorEnMemoria(() => clock.now().getTime());
  const nucleo: Nucleo = { config: testConfig(), db: database.db, database, clock, bus, log, limites };
  const entidadId = await makeEntidad(database.db, { nombre: 'Módulo SA', plan: 'Ilimitado', now: clock.now() });
  const otraEntidadId = await makeEntidad(database.db, { nombre: 'Otra SA', plan: 'Ilimitado', now: clock.now() });
  const servidas: FastifyInstance[] = [];
  let personas = 0;
  let numero = 0;
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
      roles: [{ id: 1, nombre: 'ADMIN', descripcion: 'Administrador' }],
      permisosResumen: [],
      permisos: { clientes: [] },
      ...o,
    }),
    async usuario(entidad, nombre = 'Persona') {
      personas += 1;
      return makeUsuario(database.db, {
        entidadId: entidad,
        usuario: `persona${personas}`,
        passwordHash: 'sin-clave',
        nombre,
        email: `persona${personas}@example.com`,
      });
    },
    async orden(entidad, creadaPor, o = {}) {
      numero += 1;
      const titulo = o.titulo ?? `Orden ${numero}`;
      const [fila] = await database.db
        .insert(ordenes)
        .values({
          entidadId: entidad,
          numero,
          titulo,
          estadoId: ESTADO.PENDIENTE,
          registroResponsableId: creadaPor,
          creada: clock.now(),
          actualizada: clock.now(),
        })
        .returning({ id: ordenes.id });
      if (!fila) throw new Error('orden no creada');
      if (o.responsables?.length) {
        await database.db
          .insert(ordenResponsables)
          .values(o.responsables.map((usuarioId) => ({ ordenId: fila.id, usuarioId })));
      }
      return { id: fila.id, numero, titulo };
    },
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
          requireAuth(
            scope,
            {
              cached: (h) => (h === 'prueba' ? actor : undefined),
              authenticate: async (h) => {
                if (h === 'prueba') return actor;
                throw new AppError('NO_AUTENTICADO', 'Usuario o contraseña incorrectos.');
              },
            },
            modulo.autenticador ? [modulo.autenticador] : [],
          );
          await scope.register(rutas);
        });
      }
      // What the module started (a periodic worker) stops with its server, as app.ts does.
      const alCerrar = modulo.alCerrar;
      if (alCerrar) app.addHook('onClose', async () => alCerrar());
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
