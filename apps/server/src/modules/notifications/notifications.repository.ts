import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { ESTADOS_ABIERTOS } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { leerJson } from '../../kernel/db/json.js';
import { filaInsertada, joinIds } from '../../lib/queries.js';
import { dispositivos, notificaciones, presenciaLive } from './notifications.tables.js';

export class NotificationsRepository {
  constructor(private readonly db: DbOrTx) {}

  async insert(row: typeof notificaciones.$inferInsert) {
    return filaInsertada(this.db.insert(notificaciones).values(row).returning(), 'notificación no creada');
  }

  /** Several rows in one statement, in the order given. */
  insertVarias(rows: (typeof notificaciones.$inferInsert)[]) {
    return this.db.insert(notificaciones).values(rows).returning();
  }

  list(entidadId: number, usuarioId: number, limit: number) {
    return this.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.entidadId, entidadId), eq(notificaciones.usuarioId, usuarioId)))
      .orderBy(desc(notificaciones.creada), desc(notificaciones.id))
      .limit(limit);
  }

  async markRead(entidadId: number, usuarioId: number, id: number): Promise<boolean> {
    const r = await this.db
      .update(notificaciones)
      .set({ leida: true })
      .where(
        and(
          eq(notificaciones.id, id),
          eq(notificaciones.entidadId, entidadId),
          eq(notificaciones.usuarioId, usuarioId),
        ),
      )
      .returning({ id: notificaciones.id });
    return r.length > 0;
  }

  /**
   * Registers the token for the user; a token already registered moves to them only within the
   * same company. False: the token belongs to another company and nothing changed.
   */
  async upsertDevice(entidadId: number, usuarioId: number, token: string): Promise<boolean> {
    const r = await this.db
      .insert(dispositivos)
      .values({ entidadId, usuarioId, token })
      .onConflictDoUpdate({
        target: dispositivos.token,
        set: { usuarioId, creado: sql`now()` },
        setWhere: eq(dispositivos.entidadId, entidadId),
      })
      .returning({ id: dispositivos.id });
    return r.length > 0;
  }

  async deleteDevice(usuarioId: number, token: string): Promise<void> {
    await this.db.delete(dispositivos).where(and(eq(dispositivos.usuarioId, usuarioId), eq(dispositivos.token, token)));
  }

  async deleteToken(token: string): Promise<void> {
    await this.db.delete(dispositivos).where(eq(dispositivos.token, token));
  }

  devicesOf(usuarioId: number) {
    return this.db
      .select({ token: dispositivos.token })
      .from(dispositivos)
      .where(eq(dispositivos.usuarioId, usuarioId));
  }

  /** Responsables of an order (to notify them), with the order's number and title. */
  async ordenYResponsables(entidadId: number, ordenId: number) {
    const r = await this.db.execute<{ numero: number; titulo: string; responsables: unknown }>(sql`
      select o.numero, o.titulo, coalesce((select json_agg(r.usuario_id) from orden_responsables r where r.orden_id = o.id), '[]'::json) as responsables
      from ordenes o where o.id = ${ordenId} and o.entidad_id = ${entidadId}`);
    const row = r.rows[0];
    if (!row) return undefined;
    return { numero: row.numero, titulo: row.titulo, responsables: leerJson<number[]>(row.responsables) };
  }

  /**
   * Claims the orders that became overdue recently and were not announced yet. The insert is the
   * claim, so with several instances each order is announced once.
   */
  async claimOverdue(now: Date, since: Date) {
    const r = await this.db.execute<{ orden_id: number }>(sql`
      insert into avisos_vencimiento (orden_id)
      select o.id from ordenes o
      where o.eliminada is null and o.estado_id in (${joinIds(ESTADOS_ABIERTOS)})
        and o.fecha_fin < ${now.toISOString()}::timestamptz and o.fecha_fin >= ${since.toISOString()}::timestamptz
      on conflict do nothing
      returning orden_id`);
    const ids = r.rows.map((x) => x.orden_id);
    if (!ids.length) return [];
    const o = await this.db.execute<{
      id: number;
      entidadId: number;
      numero: number;
      titulo: string;
      responsables: unknown;
    }>(sql`
      select o.id, o.entidad_id as "entidadId", o.numero, o.titulo,
             coalesce((select json_agg(r.usuario_id) from orden_responsables r where r.orden_id = o.id), '[]'::json) as responsables
      from ordenes o where o.id in (${joinIds(ids)})`);
    return o.rows.map((x) => ({ ...x, responsables: leerJson<number[]>(x.responsables) }));
  }

  async touchPresence(instancia: string, usuarioIds: number[]): Promise<void> {
    if (!usuarioIds.length) return;
    await this.db
      .insert(presenciaLive)
      .values(usuarioIds.map((usuarioId) => ({ usuarioId, instancia })))
      .onConflictDoUpdate({ target: [presenciaLive.usuarioId, presenciaLive.instancia], set: { visto: sql`now()` } });
  }

  async dropPresence(instancia: string, usuarioId?: number): Promise<void> {
    await this.db
      .delete(presenciaLive)
      .where(
        usuarioId === undefined
          ? eq(presenciaLive.instancia, instancia)
          : and(eq(presenciaLive.instancia, instancia), eq(presenciaLive.usuarioId, usuarioId)),
      );
  }

  async seenRecently(usuarioId: number, since: Date): Promise<boolean> {
    const r = await this.db
      .select({ u: presenciaLive.usuarioId })
      .from(presenciaLive)
      .where(and(eq(presenciaLive.usuarioId, usuarioId), gt(presenciaLive.visto, since)))
      .limit(1);
    return r.length > 0;
  }
}
