import { idempotente, type AlmacenIdempotencia } from '../../lib/idempotencia.js';
import { actorOf } from '../../kernel/actor.js';

/**
 * The route options of a change the field app's outbox replays (state, hours and expenses, files,
 * new order): `Idempotency-Key` per company and user of the actor (lib/idempotencia.ts).
 */
export function idempotenteParaActor(almacen: AlmacenIdempotencia) {
  return idempotente(almacen, (req) => {
    const actor = actorOf(req);
    return { entidadId: actor.entidadId, usuarioId: actor.id };
  });
}
