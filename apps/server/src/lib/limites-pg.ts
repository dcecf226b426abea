import { sql } from 'drizzle-orm';
import type { Database } from '../kernel/db/client.js';
import { segundosHasta, type ContadorLimites, type Limite, type Ventana } from './rate-limit.js';

/** How often the ended windows are swept away. */
const BARRIDO_MS = 60_000;
/** `max` of a key counted with `sumar` (no ceiling of its own: the login throttle reads it). */
const SIN_TOPE = 2_147_483_647;

type FilaTomada = {
  lleno_hasta: string | null;
  contadas: string[] | null;
};

/**
 * The limits counted in PostgreSQL, in the UNLOGGED table `limites_compartidos` (migration 0018):
 * every instance on the database counts together (docs/DESPLIEGUE.md «Límites compartidos»). The
 * time is the server's clock (`now`, injectable), passed to each statement; the ended windows are
 * swept every minute (`iniciar`/`detener`).
 */
export class ContadorPostgres implements ContadorLimites {
  private barrido: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Pick<Database, 'db'>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * ONE statement: `lleno` reads (in the statement's snapshot) whether a key is used up; when none
   * is, every key is inserted or counted with ON CONFLICT DO UPDATE, which locks the row and sees
   * its latest committed count, and whose WHERE counts only below `max`. Two instances racing on
   * one key therefore never let more than `max` through. When a race fills a key between the
   * snapshot and the update, that key is not counted (missing from `contadas`): the others just
   * counted are given back and the call is refused, so a refused call still counts nothing.
   */
  async take(claves: readonly (readonly [string, Limite])[]): Promise<number> {
    // In one order for every call: two calls that lock the same rows lock them in the same order (no deadlock).
    const unicas = [...new Map(claves.map(([c, l]) => [c, l])).entries()].sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    if (unicas.length === 0) return 0;
    const t = this.now();
    const nombres = unicas.map(([c]) => c);
    const maximos = unicas.map(([, l]) => l.max);
    const ventanas = unicas.map(([, l]) => l.ventanaMs);
    const filas = await this.database.db.execute<FilaTomada>(sql`
      with e as (
        select * from unnest(${sql.param(nombres)}::text[], ${sql.param(maximos)}::int[], ${sql.param(ventanas)}::bigint[]) as e(clave, max, ventana)
      ),
      lleno as (
        select max(l.hasta) as hasta from limites_compartidos l join e on e.clave = l.clave
        where l.hasta > ${t} and l.usadas >= e.max
      ),
      contado as (
        insert into limites_compartidos as l (clave, usadas, max, hasta)
        select e.clave, 1, e.max, ${t}::bigint + e.ventana from e where (select hasta from lleno) is null
        on conflict (clave) do update set
          usadas = case when l.hasta <= ${t} then 1 else l.usadas + 1 end,
          hasta = case when l.hasta <= ${t} then excluded.hasta else l.hasta end,
          max = excluded.max
        where l.hasta <= ${t} or l.usadas < excluded.max
        returning l.clave
      )
      select (select hasta from lleno)::text as lleno_hasta, (select array_agg(clave) from contado) as contadas`);
    const fila = filas.rows[0];
    if (fila?.lleno_hasta != null) return segundosHasta(Number(fila.lleno_hasta), t);
    const contadas = fila?.contadas ?? [];
    if (contadas.length === nombres.length) return 0;
    // Lost a race: give back what was counted, and wait for the key that filled up.
    if (contadas.length > 0) await this.sumar(contadas, 0, -1);
    const llenas = await this.leer(nombres.filter((c) => !contadas.includes(c)));
    const hasta = Math.max(t + 1000, ...[...llenas.values()].map((v) => v.hasta));
    return segundosHasta(hasta, t);
  }

  async leer(claves: readonly string[]): Promise<Map<string, Ventana>> {
    const m = new Map<string, Ventana>();
    if (claves.length === 0) return m;
    const filas = await this.database.db.execute<{ clave: string; usadas: number; hasta: string }>(sql`
      select clave, usadas, hasta::text as hasta from limites_compartidos
      where clave = any(${sql.param([...claves])}::text[]) and hasta > ${this.now()}`);
    for (const f of filas.rows) m.set(f.clave, { usadas: f.usadas, hasta: Number(f.hasta) });
    return m;
  }

  async sumar(claves: readonly string[], ventanaMs: number, delta = 1): Promise<void> {
    if (claves.length === 0) return;
    const t = this.now();
    const lista = [...new Set(claves)].sort();
    if (delta <= 0) {
      await this.database.db.execute(sql`
        update limites_compartidos set usadas = greatest(0, usadas + ${delta}::int)
        where clave = any(${sql.param(lista)}::text[]) and hasta > ${t}`);
      return;
    }
    await this.database.db.execute(sql`
      insert into limites_compartidos as l (clave, usadas, max, hasta)
      select c, ${delta}::int, ${SIN_TOPE}::int, ${t + ventanaMs}::bigint from unnest(${sql.param(lista)}::text[]) as c
      on conflict (clave) do update set
        usadas = case when l.hasta <= ${t} then excluded.usadas else l.usadas + excluded.usadas end,
        hasta = case when l.hasta <= ${t} then excluded.hasta else l.hasta end`);
  }

  async fijar(clave: string, usadas: number, ventanaMs: number): Promise<void> {
    await this.database.db.execute(sql`
      insert into limites_compartidos (clave, usadas, max, hasta) values (${clave}, ${usadas}, ${SIN_TOPE}, ${this.now() + ventanaMs})
      on conflict (clave) do update set usadas = excluded.usadas, hasta = excluded.hasta`);
  }

  async borrar(claves: readonly string[]): Promise<void> {
    if (claves.length === 0) return;
    await this.database.db.execute(
      sql`delete from limites_compartidos where clave = any(${sql.param([...claves])}::text[])`,
    );
  }

  /** Deletes the ended windows; gives how many went. */
  async barrer(): Promise<number> {
    const r = await this.database.db.execute(sql`delete from limites_compartidos where hasta <= ${this.now()}`);
    return r.rowCount ?? 0;
  }

  /** Sweeps every minute until `detener` (a failed sweep is retried at the next one). */
  iniciar(alFallar: (err: unknown) => void): void {
    if (this.barrido) return;
    this.barrido = setInterval(() => void this.barrer().catch(alFallar), BARRIDO_MS);
    this.barrido.unref();
  }

  detener(): void {
    clearInterval(this.barrido);
    this.barrido = undefined;
  }
}
