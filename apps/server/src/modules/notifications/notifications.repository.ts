import { and, asc, desc, eq, gt, gte, sql } from 'drizzle-orm';
import { ESTADOS_ABIERTOS, type CanalAviso, type Canales, type EventoUsuario } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { leerJson } from '../../kernel/db/json.js';
import { lectorDe } from '../../kernel/db/leer.js';
import { intArray, joinIds } from '../../lib/queries.js';
import { esCanal } from './canales.js';
import { canalesAviso, dispositivos, notificaciones, presenciaLive } from './notifications.tables.js';

/**
 * A user a batch of notifications is for: their company, first name, address (when active), chosen
 * channels, and whether it is an outsider's hidden user (`usuarios.externo`, docs/EXTERNOS.md).
 */
export interface Destinatario {
  entidadId: number;
  /** An outsider's hidden user has no inbox: nothing is stored, announced, mailed or sent for it. */
  externo: boolean;
  nombre: string;
  /** Null when the user has none or is inactive: no mail then. */
  email: string | null;
  canales: ({ evento: string } & Canales)[];
}

/** The order `o`'s responsables, as a JSON array of user ids. */
const responsablesDeLaOrden = sql`coalesce((select json_agg(r.usuario_id) from orden_responsables r where r.orden_id = o.id), '[]'::json) as responsables`;

/** A user's notifications that the app shows: never the hidden ones (app turned off for their kind). */
const visiblesDe = (entidadId: number, usuarioId: number) =>
  and(
    eq(notificaciones.entidadId, entidadId),
    eq(notificaciones.usuarioId, usuarioId),
    eq(notificaciones.oculta, false),
  );

export class NotificationsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Several rows in one statement, in the order given. */
  insertVarias(rows: (typeof notificaciones.$inferInsert)[]) {
    return this.db.insert(notificaciones).values(rows).returning();
  }

  /** The user's notifications, newest first; the hidden ones (app turned off for their kind) never. */
  list(entidadId: number, usuarioId: number, limit: number) {
    return this.db
      .select()
      .from(notificaciones)
      .where(visiblesDe(entidadId, usuarioId))
      .orderBy(desc(notificaciones.creada), desc(notificaciones.id))
      .limit(limit);
  }

  async markRead(entidadId: number, usuarioId: number, id: number): Promise<boolean> {
    const r = await this.db
      .update(notificaciones)
      .set({ leida: true })
      .where(and(eq(notificaciones.id, id), visiblesDe(entidadId, usuarioId)))
      .returning({ id: notificaciones.id });
    return r.length > 0;
  }

  /**
   * Notifications created since `desde`, of any company, that their user chose to get by WhatsApp,
   * oldest first (the partial index notificaciones_whatsapp_idx).
   */
  whatsappDesde(desde: Date, limite: number) {
    return this.db
      .select({
        notificacionId: notificaciones.id,
        entidadId: notificaciones.entidadId,
        usuarioId: notificaciones.usuarioId,
        tipo: notificaciones.tipo,
        ordenId: notificaciones.ordenId,
        titulo: notificaciones.titulo,
        mensaje: notificaciones.mensaje,
      })
      .from(notificaciones)
      .where(and(eq(notificaciones.whatsapp, true), gte(notificaciones.creada, desde)))
      .orderBy(asc(notificaciones.creada), asc(notificaciones.id))
      .limit(limite);
  }

  /** The rows a user chose (no row for a kind: its defaults). */
  canales(entidadId: number, usuarioId: number) {
    return this.db
      .select({
        evento: canalesAviso.evento,
        app: canalesAviso.app,
        push: canalesAviso.push,
        correo: canalesAviso.correo,
        whatsapp: canalesAviso.whatsapp,
      })
      .from(canalesAviso)
      .where(and(eq(canalesAviso.usuarioId, usuarioId), eq(canalesAviso.entidadId, entidadId)));
  }

  /**
   * Writes the rows of `filas` for a user of `entidadId` (one statement; a user of another company
   * gets nothing written): a new row as given, an existing one only in `columnas`. How many rows
   * were written (0: no such user in the company).
   */
  async guardarCanales(
    entidadId: number,
    usuarioId: number,
    filas: readonly { evento: EventoUsuario; canales: Canales }[],
    columnas: readonly CanalAviso[],
    ahora: Date,
  ): Promise<number> {
    // Column names come from the four channels only (checked), never from the caller's text.
    const actualizar = columnas.filter(esCanal).map((c) => sql.raw(`${c} = excluded.${c}`));
    if (!filas.length || !actualizar.length) return 0;
    const valores = sql.join(
      filas.map(
        (f) =>
          sql`(${f.evento}::text, ${f.canales.app}::boolean, ${f.canales.push}::boolean, ${f.canales.correo}::boolean, ${f.canales.whatsapp}::boolean)`,
      ),
      sql`, `,
    );
    const r = await lectorDe(this.db)<{ evento: string }>(sql`
      insert into canales_aviso (usuario_id, entidad_id, evento, app, push, correo, whatsapp, actualizado)
      select u.id, u.entidad_id, v.evento, v.app, v.push, v.correo, v.whatsapp, ${ahora.toISOString()}::timestamptz
        from usuarios u, (values ${valores}) as v(evento, app, push, correo, whatsapp)
       where u.id = ${usuarioId} and u.entidad_id = ${entidadId}
      on conflict (usuario_id, evento) do update set ${sql.join(actualizar, sql`, `)}, actualizado = excluded.actualizado
      returning evento`);
    return r.length;
  }

  /**
   * The people of a batch of notifications (of any company), by id: their company, first name,
   * address (only an active user's, and not empty) and the channel rows of their own company.
   */
  async destinatarios(usuarioIds: readonly number[]): Promise<Map<number, Destinatario>> {
    if (!usuarioIds.length) return new Map();
    const filas = await lectorDe(this.db)<Omit<Destinatario, 'canales'> & { id: number; canales: unknown }>(sql`
      select u.id, u.entidad_id as "entidadId", u.nombre, u.externo,
             case when u.activo then nullif(trim(coalesce(u.email, '')), '') end as email,
             coalesce((select json_agg(json_build_object('evento', c.evento, 'app', c.app, 'push', c.push,
                                                         'correo', c.correo, 'whatsapp', c.whatsapp))
                         from canales_aviso c where c.usuario_id = u.id and c.entidad_id = u.entidad_id), '[]'::json) as canales
        from usuarios u where u.id = any(${intArray(usuarioIds)})`);
    return new Map(
      filas.map((f) => [
        f.id,
        {
          entidadId: f.entidadId,
          externo: f.externo,
          nombre: f.nombre,
          email: f.email,
          canales: leerJson<({ evento: string } & Canales)[]>(f.canales),
        },
      ]),
    );
  }

  /** Orders' company, number and title, by id (the caller checks the company). */
  async ordenes(ids: readonly number[]): Promise<Map<number, { entidadId: number; numero: number; titulo: string }>> {
    if (!ids.length) return new Map();
    const filas = await lectorDe(this.db)<{ id: number; entidadId: number; numero: number; titulo: string }>(sql`
      select id, entidad_id as "entidadId", numero, titulo from ordenes where id = any(${intArray(ids)})`);
    return new Map(filas.map((f) => [f.id, { entidadId: f.entidadId, numero: f.numero, titulo: f.titulo }]));
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
      select o.numero, o.titulo, ${responsablesDeLaOrden}
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
             ${responsablesDeLaOrden}
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
