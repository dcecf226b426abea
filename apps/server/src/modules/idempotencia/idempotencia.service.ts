import type { Db, DbOrTx } from '../../kernel/db/client.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError } from '../../kernel/errors.js';
import { MENSAJE_EN_PROCESO, type RespuestaGuardada } from '../../lib/idempotencia.js';
import { IdempotenciaRepository, type DuenoClave } from './idempotencia.repository.js';

/** How long a key is remembered: a replay within it gets the first answer. */
export const VIGENCIA_IDEMPOTENCIA_MS = 24 * 60 * 60 * 1000;
/** Expired keys are removed at most this often (per instance). */
const LIMPIEZA_CADA_MS = 10 * 60 * 1000;

/** What claiming a key gives: run the request now, or send the answer it already gave. */
export type Reclamo = { tipo: 'nuevo'; toma: Date } | { tipo: 'repetida'; status: number; respuesta: string };

export type { DuenoClave };
export { MENSAJE_EN_PROCESO };
export const MENSAJE_DISTINTA =
  'La clave de idempotencia ya se usó con otra solicitud distinta. Envíe esta solicitud con una clave nueva.';

/**
 * Idempotency keys (docs/APP-DE-CAMPO.md, "Trabajo sin conexión"). A key is claimed before the
 * request runs (a row `en_proceso`, unique per company, user and key, so of two duplicates at the
 * same time exactly one claims it) with a lease of `plazoEnProcesoMs` (the request timeout); the
 * service completes it with the answer inside the change's own transaction, so the change and the
 * completed key commit together or not at all. A claim still `en_proceso` past its lease belongs
 * to a request that died (a crash): its change did not commit, so a retry takes the key and runs
 * it. The first claim, if it is somehow still running, then fails to complete (its transaction
 * rolls back): exactly one of them commits.
 */
export class IdempotenciaService {
  private ultimaLimpieza = 0;
  private readonly repo: IdempotenciaRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly alFallarLimpieza: (error: unknown) => void = () => {},
    /** How long a claim may stay `en_proceso` before a retry takes it: the request timeout. */
    private readonly plazoEnProcesoMs = 120_000,
  ) {
    this.repo = new IdempotenciaRepository(db);
  }

  async reclamar(dueno: DuenoClave, clave: string, huella: string): Promise<Reclamo> {
    const ahora = this.clock.now();
    this.limpiarSiToca(ahora);
    const vence = new Date(ahora.getTime() + this.plazoEnProcesoMs);
    for (let intento = 0; intento < 2; intento++) {
      if (await this.repo.tomar(dueno, clave, huella, ahora, vence)) return { tipo: 'nuevo', toma: ahora };
      const fila = await this.repo.leer(dueno, clave);
      // Released between the two statements (the first attempt failed with 5xx): claim again.
      if (!fila) continue;
      if (fila.huella !== huella) {
        throw new AppError('IDEMPOTENCIA_DISTINTA', MENSAJE_DISTINTA, { field: 'Idempotency-Key' });
      }
      if (fila.estado !== 'completada' || fila.status == null || fila.respuesta == null) {
        throw new AppError('IDEMPOTENCIA_EN_PROCESO', MENSAJE_EN_PROCESO, { retryAfterS: 5 });
      }
      return { tipo: 'repetida', status: fila.status, respuesta: fila.respuesta };
    }
    throw new AppError('IDEMPOTENCIA_EN_PROCESO', MENSAJE_EN_PROCESO, { retryAfterS: 5 });
  }

  /**
   * Records the answer the request gave (its status and JSON body as sent), kept 24 h, inside `tx`
   * when given (the change's transaction); false when claim `toma` no longer holds the key.
   */
  completar(dueno: DuenoClave, clave: string, toma: Date, r: RespuestaGuardada, tx?: DbOrTx): Promise<boolean> {
    const vence = new Date(this.clock.now().getTime() + VIGENCIA_IDEMPOTENCIA_MS);
    const repo = tx ? new IdempotenciaRepository(tx) : this.repo;
    return repo.completar(dueno, clave, toma, { ...r, vence });
  }

  /** Forgets a claim whose request failed before changing anything that counts (5xx): a retry runs it again. */
  liberar(dueno: DuenoClave, clave: string, toma: Date): Promise<void> {
    return this.repo.liberar(dueno, clave, toma);
  }

  /** Removes the expired keys; returns how many. */
  limpiar(ahora: Date = this.clock.now()): Promise<number> {
    return this.repo.borrarVencidas(ahora);
  }

  private limpiarSiToca(ahora: Date): void {
    if (ahora.getTime() - this.ultimaLimpieza < LIMPIEZA_CADA_MS) return;
    this.ultimaLimpieza = ahora.getTime();
    this.limpiar(ahora).catch(this.alFallarLimpieza);
  }
}
