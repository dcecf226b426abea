import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import { resumenError } from '../../lib/log-redaction.js';
import { IdempotenciaService } from './idempotencia.service.js';

export { idempotenteParaActor } from './idempotencia.hooks.js';
/** What a module's routes need of the keys: the store `idempotenteParaActor` claims, completes and releases in. */
export type { AlmacenIdempotencia } from '../../lib/idempotencia.js';

/**
 * What other modules may ask of the idempotency keys: claim, complete and release one (the route
 * options of `idempotenteParaActor`), and remove the expired ones.
 */
export type PuertoIdempotencia = Pick<IdempotenciaService, 'reclamar' | 'completar' | 'liberar' | 'limpiar'>;

/** Idempotency keys of the changes the field app's outbox replays (issue 17). No routes of its own. */
export function moduloIdempotencia(n: Pick<Nucleo, 'db' | 'clock' | 'log' | 'config'>): Modulo<PuertoIdempotencia> {
  const servicio = new IdempotenciaService(
    n.db,
    n.clock,
    (error) => n.log.warn({ err: resumenError(error) }, 'idempotencia.limpiezaFallo'),
    n.config.requestTimeoutMs,
  );
  return { nombre: 'idempotencia', puerto: servicio };
}
