import type { Actor } from './actor.js';
import type { DbOrTx } from './db/client.js';
import { AppError } from './errors.js';

/**
 * A state change about to happen, as the orders module sees it inside its transaction: the order
 * (locked), where it is and where it goes. `tx` is that transaction: a rule reads through it and
 * nothing else (PGlite has one connection; docs/FIABILIDAD.md).
 */
export interface TransicionPropuesta {
  actor: Actor;
  tx: DbOrTx;
  ordenId: number;
  tipoOrdenId: number | null;
  desde: number;
  hacia: number;
}

/**
 * A rule of another module about state changes: the Spanish reasons that block this one (each a
 * whole sentence), or none. It never writes: it only reads through `t.tx`.
 */
export type ReglaDeEstado = (t: TransicionPropuesta) => Promise<readonly string[]>;

/**
 * The rules that may block a state change (issue 31: required checklist items before Finalizada,
 * the client's conformity). Modules register theirs when the composition root builds them (the
 * registry is handed to each as a dependency); the orders module asks `exigir` inside
 * `cambiarEstado`'s transaction, after its own checks and before the change. Nothing here knows
 * any module, and no module reaches into another: each only adds a function.
 */
export class ReglasDeEstado {
  private readonly reglas: { nombre: string; regla: ReglaDeEstado }[] = [];

  /** Adds a rule under a name (one per name: a second registration replaces the first). */
  registrar(nombre: string, regla: ReglaDeEstado): void {
    const i = this.reglas.findIndex((r) => r.nombre === nombre);
    if (i >= 0) this.reglas[i] = { nombre, regla };
    else this.reglas.push({ nombre, regla });
  }

  /** Every reason that blocks the change, rule after rule (one at a time: they share the transaction). */
  async bloqueos(t: TransicionPropuesta): Promise<string[]> {
    const motivos: string[] = [];
    for (const { regla } of this.reglas) motivos.push(...(await regla(t)));
    return motivos;
  }

  /**
   * Throws TRANSICION_BLOQUEADA (409) when a rule blocks the change: the message joins every
   * reason, and `issues` carries them one by one (field `estado`) for a screen to list.
   */
  async exigir(t: TransicionPropuesta): Promise<void> {
    const motivos = await this.bloqueos(t);
    if (!motivos.length) return;
    throw new AppError('TRANSICION_BLOQUEADA', motivos.join(' '), {
      field: 'estado',
      issues: motivos.map((message) => ({ field: 'estado', message })),
    });
  }
}
