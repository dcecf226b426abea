import { idempotente } from '../../lib/idempotencia.js';
import { actorOf } from '../../kernel/actor.js';
import type { IdempotenciaService } from './idempotencia.service.js';

/**
 * The route options of a change the field app's outbox replays (state, hours and expenses, files,
 * new order): `Idempotency-Key` per company and user of the actor (lib/idempotencia.ts).
 */
export function idempotenteParaActor(servicio: IdempotenciaService) {
  return idempotente(servicio, (req) => {
    const actor = actorOf(req);
    return { entidadId: actor.entidadId, usuarioId: actor.id };
  });
}
