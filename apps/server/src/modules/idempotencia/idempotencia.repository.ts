import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../kernel/db/client.js';
import { idempotencia } from './idempotencia.tables.js';

/** Whose key it is: keys are per company and user, so two people can never collide. */
export interface DuenoClave {
  entidadId: number;
  usuarioId: number;
}

export interface FilaClave {
  huella: string;
  estado: string;
  status: number | null;
  respuesta: string | null;
}

/** The SQL of idempotency keys; every statement is scoped to the company and user that own the key. */
export class IdempotenciaRepository {
  constructor(private readonly db: DbOrTx) {}

  /**
   * Claims a new key, or takes again one past its `vence` (a completed key after 24 h, a claim
   * `en_proceso` after its lease); false when a live one already exists.
   */
  async tomar(dueno: DuenoClave, clave: string, huella: string, ahora: Date, vence: Date): Promise<boolean> {
    const tomada = await this.db
      .insert(idempotencia)
      .values({ ...dueno, clave, huella, estado: 'en_proceso', status: null, respuesta: null, creada: ahora, vence })
      .onConflictDoUpdate({
        target: [idempotencia.entidadId, idempotencia.usuarioId, idempotencia.clave],
        set: { huella, estado: 'en_proceso', status: null, respuesta: null, creada: ahora, vence },
        setWhere: lt(idempotencia.vence, ahora),
      })
      .returning({ clave: idempotencia.clave });
    return tomada.length > 0;
  }

  async leer(dueno: DuenoClave, clave: string): Promise<FilaClave | undefined> {
    const [fila] = await this.db
      .select({
        huella: idempotencia.huella,
        estado: idempotencia.estado,
        status: idempotencia.status,
        respuesta: idempotencia.respuesta,
      })
      .from(idempotencia)
      .where(donde(dueno, clave));
    return fila;
  }

  /** Completes the claim made at `toma`, if it still holds the key; false otherwise. */
  async completar(
    dueno: DuenoClave,
    clave: string,
    toma: Date,
    r: { status: number; respuesta: string; vence: Date },
  ): Promise<boolean> {
    const hecha = await this.db
      .update(idempotencia)
      .set({ estado: 'completada', status: r.status, respuesta: r.respuesta, vence: r.vence })
      .where(deLaToma(dueno, clave, toma))
      .returning({ clave: idempotencia.clave });
    return hecha.length > 0;
  }

  /** Forgets the claim made at `toma`, if it still holds the key and is not complete. */
  async liberar(dueno: DuenoClave, clave: string, toma: Date): Promise<void> {
    await this.db.delete(idempotencia).where(deLaToma(dueno, clave, toma));
  }

  async borrarVencidas(ahora: Date): Promise<number> {
    const borradas = await this.db
      .delete(idempotencia)
      .where(lt(idempotencia.vence, ahora))
      .returning({ clave: idempotencia.clave });
    return borradas.length;
  }
}

/** The key while claim `toma` (its `creada`) holds it and runs. */
function deLaToma(dueno: DuenoClave, clave: string, toma: Date) {
  return and(donde(dueno, clave), eq(idempotencia.estado, 'en_proceso'), eq(idempotencia.creada, toma));
}

function donde(dueno: DuenoClave, clave: string) {
  return and(
    eq(idempotencia.entidadId, dueno.entidadId),
    eq(idempotencia.usuarioId, dueno.usuarioId),
    eq(idempotencia.clave, clave),
  );
}
