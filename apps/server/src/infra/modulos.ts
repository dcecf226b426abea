import type { FastifyInstance } from 'fastify';
import { requireAuth, type Autenticador } from '../kernel/auth-hook.js';
import type { EventBus } from '../kernel/bus.js';
import type { Modulo } from '../kernel/modulo.js';

/**
 * Registers the modules' routes: the public ones (health, sign-up and recovery, the links' pages,
 * MercadoPago's webhook, the live socket that authenticates at CONNECT) as they are, every other
 * behind the auth hook. On close, each module's pending work ends, in the reverse order of
 * construction, and then the bus.
 */
export async function registrarModulos(
  app: FastifyInstance,
  modulos: readonly Modulo[],
  autenticador: Autenticador,
  bus: Pick<EventBus, 'close'>,
): Promise<void> {
  for (const m of modulos) if (m.rutasPublicas) await app.register(m.rutasPublicas);
  await app.register(async (scope) => {
    requireAuth(scope, autenticador);
    for (const m of modulos) if (m.rutas) await scope.register(m.rutas);
  });
  app.addHook('onClose', async () => {
    for (const m of [...modulos].reverse()) await m.alCerrar?.();
    await bus.close();
  });
}
