import { and, between, count, eq } from 'drizzle-orm';
import type { SemanaHabilContrato } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { feriadosEmpresa, semanasHabiles } from './sla.tables.js';

export type TipoCambioFeriado = 'agregado' | 'trabajado';

export interface CambioFeriado {
  dia: string;
  tipo: TipoCambioFeriado;
  nombre: string;
}

/** The business calendar's rows; every statement scoped by the company. */
export class SlaRepository {
  constructor(private readonly db: DbOrTx) {}

  async semana(entidadId: number): Promise<SemanaHabilContrato | null> {
    const [fila] = await this.db
      .select({ semana: semanasHabiles.semana })
      .from(semanasHabiles)
      .where(eq(semanasHabiles.entidadId, entidadId));
    return fila?.semana ?? null;
  }

  async guardarSemana(entidadId: number, semana: SemanaHabilContrato, ahora: Date): Promise<void> {
    await this.db
      .insert(semanasHabiles)
      .values({ entidadId, semana, actualizado: ahora })
      .onConflictDoUpdate({ target: semanasHabiles.entidadId, set: { semana, actualizado: ahora } });
  }

  /** The company's changes to its holidays between two days (inclusive). */
  async cambios(entidadId: number, desde: string, hasta: string): Promise<CambioFeriado[]> {
    return this.db
      .select({ dia: feriadosEmpresa.dia, tipo: feriadosEmpresa.tipo, nombre: feriadosEmpresa.nombre })
      .from(feriadosEmpresa)
      .where(and(eq(feriadosEmpresa.entidadId, entidadId), between(feriadosEmpresa.dia, desde, hasta)))
      .orderBy(feriadosEmpresa.dia);
  }

  async propios(entidadId: number): Promise<number> {
    const [fila] = await this.db
      .select({ n: count() })
      .from(feriadosEmpresa)
      .where(and(eq(feriadosEmpresa.entidadId, entidadId), eq(feriadosEmpresa.tipo, 'agregado')));
    return fila?.n ?? 0;
  }

  /** Writes a change unless that day already has one: false when it had (one statement, no race). */
  async anotar(entidadId: number, c: CambioFeriado): Promise<boolean> {
    const filas = await this.db
      .insert(feriadosEmpresa)
      .values({ entidadId, ...c })
      .onConflictDoNothing()
      .returning({ dia: feriadosEmpresa.dia });
    return filas.length > 0;
  }

  /** Removes the change of that kind on that day: false when there was none. */
  async borrar(entidadId: number, dia: string, tipo: TipoCambioFeriado): Promise<boolean> {
    const filas = await this.db
      .delete(feriadosEmpresa)
      .where(
        and(eq(feriadosEmpresa.entidadId, entidadId), eq(feriadosEmpresa.dia, dia), eq(feriadosEmpresa.tipo, tipo)),
      )
      .returning({ dia: feriadosEmpresa.dia });
    return filas.length > 0;
  }
}
