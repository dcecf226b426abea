import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { IdempotenciaRepository, type DuenoClave } from './idempotencia.repository.js';

/** How long a key is remembered: a replay within it gets the first answer. */
export const VIGENCIA_IDEMPOTENCIA_MS = 24 * 60 * 60 * 1000;
/** Expired keys are removed at most this often (per instance). */
const LIMPIEZA_CADA_MS = 10 * 60 * 1000;

/** What claiming a key gives: run the request now, or send the answer it already gave. */
export type Reclamo = { tipo: 'nuevo' } | { tipo: 'repetida'; status: number; respuesta: string };

export type { DuenoClave };

export const MENSAJE_EN_PROCESO =
  'Esta operación ya se está procesando (se envió dos veces a la vez). Reintente en unos segundos.';
export const MENSAJE_DISTINTA =
  'La clave de idempotencia ya se usó con otra solicitud distinta. Envíe esta solicitud con una clave nueva.';

/**
 * Idempotency keys (docs/APP-DE-CAMPO.md, "Trabajo sin conexión"). A key is claimed before the
 * request runs (a row `en_proceso`, unique per company, user and key, so of two duplicates at the
 * same time exactly one claims it), then completed with the answer, or released when the request
 * failed in a way a retry may fix (5xx). The claim commits before the change and the answer after
 * it: a crash in between leaves the key `en_proceso` until it expires, so a retry is refused with
 * 409 instead of applying the change a second time (at most once; the outbox shows it).
 */
export class IdempotenciaService {
  private ultimaLimpieza = 0;
  private readonly repo: IdempotenciaRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly alFallarLimpieza: (error: unknown) => void = () => {},
  ) {
    this.repo = new IdempotenciaRepository(db);
  }

  async reclamar(dueno: DuenoClave, clave: string, huella: string): Promise<Reclamo> {
    const ahora = this.clock.now();
    this.limpiarSiToca(ahora);
    const vence = new Date(ahora.getTime() + VIGENCIA_IDEMPOTENCIA_MS);
    for (let intento = 0; intento < 2; intento++) {
      if (await this.repo.tomar(dueno, clave, huella, ahora, vence)) return { tipo: 'nuevo' };
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

  /** Records the answer the request gave (its status and JSON body as sent). */
  completar(dueno: DuenoClave, clave: string, status: number, respuesta: string): Promise<void> {
    return this.repo.completar(dueno, clave, status, respuesta);
  }

  /** Forgets a claim whose request failed before changing anything that counts (5xx): a retry runs it again. */
  liberar(dueno: DuenoClave, clave: string): Promise<void> {
    return this.repo.liberar(dueno, clave);
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
