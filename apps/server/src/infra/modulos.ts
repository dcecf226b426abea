import type { FastifyInstance } from 'fastify';
import { requireAuth, type Autenticador } from '../kernel/auth-hook.js';
import type { EventBus } from '../kernel/bus.js';
import type { Modulo } from '../kernel/modulo.js';
import type { ContadorLimites, Limite } from '../lib/rate-limit.js';
import { techoPublico } from './techo-publico.js';

/**
 * Registers the modules' routes: the public ones (health, sign-up and recovery, the links' pages,
 * MercadoPago's webhook, the live socket that authenticates at CONNECT) as they are (those of
 * people's anonymous calls under the general per-address ceiling, `techoPublico`), every other
 * behind the auth hook. On close, each module's pending work ends, in the reverse order of
 * construction, and then the bus.
 */
export async function registrarModulos(
  app: FastifyInstance,
  modulos: readonly Modulo[],
  autenticador: Autenticador,
  bus: Pick<EventBus, 'close'>,
  techo: { contador: ContadorLimites; limite?: Limite | undefined },
): Promise<void> {
  for (const m of modulos) {
    const rutas = m.rutasPublicas;
    if (!rutas) continue;
    if (!m.techoPublico) await app.register(rutas);
    else
      await app.register(async (scope) => {
        await techoPublico(scope, techo.contador, techo.limite);
        await scope.register(rutas);
      });
  }
  await app.register(async (scope) => {
    const alternos = modulos.flatMap((m) => (m.autenticador ? [m.autenticador] : []));
    requireAuth(scope, autenticador, alternos);
    for (const m of modulos) if (m.rutas) await scope.register(m.rutas);
  });
  app.addHook('onClose', async () => {
    for (const m of [...modulos].reverse()) await m.alCerrar?.();
    await bus.close();
  });
}
