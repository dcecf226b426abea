import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { RespuestaExterno } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { leerFecha, leerFechaONull } from '../../kernel/db/json.js';
import { firstRow } from '../../lib/queries.js';
// Reads with JOIN of other modules' tables (ARCHITECTURE.md, the deliberate exception for reads):
// the order a link opens (state, end, deletion), the names the screens show, in one query.
import { clientes } from '../clients/clients.tables.js';
import { entidades } from '../entidades/entidades.tables.js';
import { equipos, ubicaciones } from '../equipment/equipment.tables.js';
import { prioridades, tiposOrden } from '../catalog/catalog.tables.js';
import { ordenes } from '../orders/orders.tables.js';
import { ordenExternos } from './externos.tables.js';

export type NuevoEnlace = typeof ordenExternos.$inferInsert;

/** What checking a link's token needs: the link, and its order's state, end and deletion. */
export interface EnlaceConOrden {
  id: number;
  entidadId: number;
  ordenId: number;
  usuarioId: number;
  nombre: string;
  respuesta: RespuestaExterno;
  revocado: Date | null;
  renovadoHasta: Date | null;
  finalizada: Date | null;
  eliminada: Date | null;
}

/** A link as the company's screen shows it. */
export interface EnlaceFila extends EnlaceConOrden {
  [columna: string]: unknown;
  email: string | null;
  whatsapp: string | null;
  mensaje: string | null;
  cifrado: string | null;
  motivo: string | null;
  respondido: Date | null;
  creado: Date;
  creadoPorNombre: string;
  creadoPorApellido: string;
  revocadoPorNombre: string | null;
  revocadoPorApellido: string | null;
  correoEnviado: boolean;
}

const columnasConOrden = {
  id: ordenExternos.id,
  entidadId: ordenExternos.entidadId,
  ordenId: ordenExternos.ordenId,
  usuarioId: ordenExternos.usuarioId,
  nombre: ordenExternos.nombre,
  respuesta: sql<RespuestaExterno>`${ordenExternos.respuesta}`,
  revocado: ordenExternos.revocado,
  renovadoHasta: ordenExternos.renovadoHasta,
  finalizada: ordenes.finalizada,
  eliminada: ordenes.eliminada,
};

const creador = sql`creador`;
const revocador = sql`revocador`;

export class ExternosRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The link of a token's hash, with its order; every company (the token names it). */
  porHash(hash: string): Promise<EnlaceConOrden | undefined> {
    return firstRow(
      this.db
        .select(columnasConOrden)
        .from(ordenExternos)
        .innerJoin(ordenes, eq(ordenes.id, ordenExternos.ordenId))
        .where(eq(ordenExternos.hash, hash)),
    );
  }

  /** The links of an order, newest first, with who handed and who revoked each. */
  async deOrden(entidadId: number, ordenId: number, id?: number): Promise<EnlaceFila[]> {
    const r = await this.db.execute<EnlaceFila>(sql`
      select e.id, e.entidad_id as "entidadId", e.orden_id as "ordenId", e.usuario_id as "usuarioId",
             e.nombre, e.respuesta, e.revocado, e.renovado_hasta as "renovadoHasta",
             o.finalizada, o.eliminada, e.email, e.whatsapp, e.mensaje, e.cifrado, e.motivo, e.respondido,
             e.creado, ${creador}.nombre as "creadoPorNombre", ${creador}.apellido as "creadoPorApellido",
             ${revocador}.nombre as "revocadoPorNombre", ${revocador}.apellido as "revocadoPorApellido",
             e.correo_enviado as "correoEnviado"
        from orden_externos e
        join ordenes o on o.id = e.orden_id
        join usuarios ${creador} on ${creador}.id = e.creado_por
        left join usuarios ${revocador} on ${revocador}.id = e.revocado_por
       where e.entidad_id = ${entidadId} and e.orden_id = ${ordenId}
             ${id === undefined ? sql`` : sql`and e.id = ${id}`}
       order by e.id desc`);
    // Timestamps come back as Date on node-postgres and as Date on PGlite with the parsers of db/client.
    return r.rows.map((f) => ({
      ...f,
      revocado: leerFechaONull(f.revocado),
      renovadoHasta: leerFechaONull(f.renovadoHasta),
      finalizada: leerFechaONull(f.finalizada),
      eliminada: leerFechaONull(f.eliminada),
      respondido: leerFechaONull(f.respondido),
      creado: leerFecha(f.creado),
    }));
  }

  /** The order of a link of the company (to check the actor's access to it first). */
  async ordenDe(entidadId: number, id: number): Promise<number | undefined> {
    const f = await firstRow(
      this.db
        .select({ ordenId: ordenExternos.ordenId })
        .from(ordenExternos)
        .where(and(eq(ordenExternos.entidadId, entidadId), eq(ordenExternos.id, id))),
    );
    return f?.ordenId;
  }

  /**
   * The hidden user of an earlier link of the company to the same email or WhatsApp number: the
   * same outsider keeps one identity (one row in the scorecard).
   */
  async usuarioDeContacto(
    entidadId: number,
    email: string | null,
    whatsapp: string | null,
  ): Promise<number | undefined> {
    if (!email && !whatsapp) return undefined;
    const f = await firstRow(
      this.db
        .select({ usuarioId: ordenExternos.usuarioId })
        .from(ordenExternos)
        .where(
          and(
            eq(ordenExternos.entidadId, entidadId),
            or(
              email ? eq(sql`lower(${ordenExternos.email})`, email.toLowerCase()) : undefined,
              whatsapp ? eq(ordenExternos.whatsapp, whatsapp) : undefined,
            ),
          ),
        )
        .orderBy(desc(ordenExternos.id)),
    );
    return f?.usuarioId;
  }

  /** Whether the order has an open link (not revoked, not rejected). */
  async hayAbierto(ordenId: number): Promise<boolean> {
    const f = await firstRow(
      this.db
        .select({ id: ordenExternos.id })
        .from(ordenExternos)
        .where(
          and(
            eq(ordenExternos.ordenId, ordenId),
            isNull(ordenExternos.revocado),
            ne(ordenExternos.respuesta, 'rechazada'),
          ),
        ),
    );
    return f !== undefined;
  }

  async insert(v: NuevoEnlace): Promise<number> {
    const [f] = await this.db.insert(ordenExternos).values(v).returning({ id: ordenExternos.id });
    if (!f) throw new Error('orden_externos: no row');
    return f.id;
  }

  /** Locks the link for a change of its state; its row as it is now. */
  async bloquear(
    id: number,
  ): Promise<{ respuesta: RespuestaExterno; revocado: Date | null; creadoPor: number } | undefined> {
    const r = await this.db.execute<{ respuesta: RespuestaExterno; revocado: Date | null; creadoPor: number }>(
      sql`select respuesta, revocado, creado_por as "creadoPor" from orden_externos where id = ${id} for update`,
    );
    return r.rows[0];
  }

  async revocar(id: number, ahora: Date, por: number): Promise<void> {
    await this.db.update(ordenExternos).set({ revocado: ahora, revocadoPor: por }).where(eq(ordenExternos.id, id));
  }

  async renovar(id: number, hasta: Date): Promise<void> {
    await this.db.update(ordenExternos).set({ renovadoHasta: hasta }).where(eq(ordenExternos.id, id));
  }

  async responder(id: number, respuesta: RespuestaExterno, motivo: string | null, ahora: Date): Promise<void> {
    await this.db.update(ordenExternos).set({ respuesta, motivo, respondido: ahora }).where(eq(ordenExternos.id, id));
  }

  async marcarCorreo(id: number): Promise<void> {
    await this.db.update(ordenExternos).set({ correoEnviado: true }).where(eq(ordenExternos.id, id));
  }

  /** The company's name and time zone, and the order with its names, as the outsider's page shows them. */
  async vista(entidadId: number, ordenId: number) {
    return firstRow(
      this.db
        .select({
          empresa: entidades.nombre,
          id: ordenes.id,
          numero: ordenes.numero,
          titulo: ordenes.titulo,
          detalle: ordenes.detalle,
          estadoId: ordenes.estadoId,
          fechaFin: ordenes.fechaFin,
          tipoOrdenId: ordenes.tipoOrdenId,
          cliente: clientes.nombre,
          ubicacion: ubicaciones.nombre,
          equipo: equipos.nombre,
          tipo: tiposOrden.nombre,
          prioridad: prioridades.nombre,
          tieneChecklist: sql<boolean>`exists (select 1 from checklist_ordenes k where k.orden_id = ${ordenes.id} and k.total > 0)`,
        })
        .from(ordenes)
        .innerJoin(entidades, eq(entidades.id, ordenes.entidadId))
        .leftJoin(clientes, eq(clientes.id, ordenes.clienteId))
        .leftJoin(ubicaciones, eq(ubicaciones.id, ordenes.ubicacionId))
        .leftJoin(equipos, eq(equipos.id, ordenes.equipoId))
        .leftJoin(tiposOrden, eq(tiposOrden.id, ordenes.tipoOrdenId))
        .leftJoin(prioridades, eq(prioridades.id, ordenes.prioridadId))
        .where(and(eq(ordenes.entidadId, entidadId), eq(ordenes.id, ordenId))),
    );
  }

  /** The order's state changes and comments, newest first (at most 100), with who made them. */
  async historial(entidadId: number, ordenId: number) {
    const r = await this.db.execute<{
      fecha: Date;
      nombre: string;
      apellido: string;
      estadoAnteriorId: number | null;
      estadoNuevoId: number | null;
      comentario: string | null;
    }>(sql`
      select e.fecha, u.nombre, u.apellido, e.estado_anterior_id as "estadoAnteriorId",
             e.estado_nuevo_id as "estadoNuevoId", e.comentario
        from orden_eventos e join usuarios u on u.id = e.usuario_id
       where e.entidad_id = ${entidadId} and e.orden_id = ${ordenId}
         and (e.tipo = 'ESTADO' or (e.comentario is not null and e.comentario <> ''))
       order by e.fecha desc, e.id desc
       limit 100`);
    return r.rows.map((f) => ({ ...f, fecha: leerFecha(f.fecha) }));
  }

  /** The outsider's own hours and expenses on the order. */
  async registroPropio(entidadId: number, ordenId: number, usuarioId: number) {
    const horas = await this.db.execute<{ id: number; fecha: Date; minutos: number; descripcion: string }>(sql`
      select id, fecha, minutos, descripcion from registro_horas
       where entidad_id = ${entidadId} and orden_id = ${ordenId} and usuario_id = ${usuarioId}
       order by fecha desc, id desc`);
    const gastos = await this.db.execute<{
      id: number;
      fecha: Date;
      concepto: string;
      centavos: number;
      moneda: string;
    }>(
      sql`select id, fecha, concepto, centavos::int as centavos, moneda from registro_gastos
           where entidad_id = ${entidadId} and orden_id = ${ordenId} and autor_id = ${usuarioId}
           order by fecha desc, id desc`,
    );
    return { horas: horas.rows, gastos: gastos.rows };
  }
}
