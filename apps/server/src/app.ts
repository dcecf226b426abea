import type { FastifyInstance } from 'fastify';
import type { AppParts } from './app-parts.js';
import { crearCaches } from './caches.js';
import { LocalBus } from './kernel/bus.js';
import { systemClock } from './kernel/clock.js';
import { crearServidor } from './infra/servidor.js';
import { registrarDocs } from './infra/docs.js';
import { registrarMetricas } from './infra/metricas.js';
import { registrarModulos } from './infra/modulos.js';
import { crearNucleo } from './infra/nucleo.js';
import { armarModulos } from './modulos.js';
import { registerWeb } from './infra/web.js';

export type { AppParts, Puertos } from './app-parts.js';

/** The composition root: infra, caches, the modules (modulos.ts, each after the ones whose ports it takes), then their routes. */
export async function buildApp(parts: AppParts): Promise<FastifyInstance> {
  const { config } = parts;
  const clock = parts.clock ?? systemClock;
  const bus = parts.bus ?? new LocalBus();
  const app = crearServidor(config, parts);
  // Fastify runs onClose hooks last-registered first: registered before any other, this one runs last.
  const { cerrarAlFinal } = parts;
  if (cerrarAlFinal) app.addHook('onClose', async () => cerrarAlFinal());
  bus.useLogger(app.log); // subscribers' failures, in the redacting log
  // Every in-memory cache, with what invalidates it, in one place (src/caches.ts).
  const caches = crearCaches({ bus, log: app.log, clock, config });
  const n = crearNucleo(app, parts, clock, bus);
  const { modulos, puertos, fuentes, alCerrar } = await armarModulos(n, parts, caches);
  app.addHook('onClose', alCerrar);
  app.decorate('puertos', puertos).decorate('bus', bus).decorate('caches', caches);

  // Before any route is registered: each gets its own measurement.
  registrarMetricas(app, config, fuentes);
  await registrarDocs(app);
  await registrarModulos(app, modulos, puertos.identity, bus, { contador: n.limites, limite: parts.techoPublico });
  await registerWeb(app, config.webDist);
  return app;
}
