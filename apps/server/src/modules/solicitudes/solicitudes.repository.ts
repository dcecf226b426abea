import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ROLES_ADMIN, type EstadoSolicitud } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { firstRow } from '../../lib/queries.js';
// Reads with JOIN of other modules' tables (ARCHITECTURE.md, the deliberate exception for reads):
// the names a public page or the inbox shows, and who may delegate for a client, in one query.
import { clientes } from '../clients/clients.tables.js';
import { entidades } from '../entidades/entidades.tables.js';
import { equipos, ubicaciones } from '../equipment/equipment.tables.js';
import { usuarios } from '../identity/users.tables.js';
import { ordenes } from '../orders/orders.tables.js';
import { solicitudEnlaces, solicitudes, solicitudFotos } from './solicitudes.tables.js';

/** A client's request link as the public calls find it: its client and company, by name. */
export interface EnlacePublico {
  id: number;
  entidadId: number;
  clienteId: number;
  revocado: Date | null;
  clienteNombre: string;
  clienteActivo: boolean;
  empresa: string;
}

/** The active link of a client, as the company's screen shows it. */
export interface EnlaceActivo {
  id: number;
  cifrado: string | null;
  creado: Date;
}

export type NuevaSolicitud = typeof solicitudes.$inferInsert;

/** A request as the inbox shows it (names resolved; its photos apart). */
export interface SolicitudFila {
  id: number;
  clienteId: number;
  clienteNombre: string;
  que: string;
  donde: string | null;
  ubicacionId: number | null;
  ubicacionNombre: string | null;
  equipoId: number | null;
  equipoNombre: string | null;
  nombre: string;
  email: string | null;
  telefono: string | null;
  creada: Date;
  estado: EstadoSolicitud;
  motivo: string | null;
  resuelta: Date | null;
  resueltaPorNombre: string | null;
  resueltaPorApellido: string | null;
  ordenId: number | null;
  ordenNumero: number | null;
}

/** A request locked for its decision: what accepting it needs. */
export interface SolicitudBloqueada {
  id: number;
  clienteId: number;
  estado: EstadoSolicitud;
  que: string;
  donde: string | null;
  nombre: string;
  email: string | null;
  telefono: string | null;
  ubicacionId: number | null;
  equipoId: number | null;
  creada: Date;
  seguimientoCifrado: string | null;
}

export interface FotoFila {
  id: number;
  solicitudId: number;
  nombre: string;
  mime: string;
  tamano: number;
  clave: string;
}

const COLUMNAS_LISTA = {
  id: solicitudes.id,
  clienteId: solicitudes.clienteId,
  clienteNombre: clientes.nombre,
  que: solicitudes.que,
  donde: solicitudes.donde,
  ubicacionId: solicitudes.ubicacionId,
  ubicacionNombre: ubicaciones.nombre,
  equipoId: solicitudes.equipoId,
  equipoNombre: equipos.nombre,
  nombre: solicitudes.nombre,
  email: solicitudes.email,
  telefono: solicitudes.telefono,
  creada: solicitudes.creada,
  estado: solicitudes.estado,
  motivo: solicitudes.motivo,
  resuelta: solicitudes.resuelta,
  resueltaPorNombre: usuarios.nombre,
  resueltaPorApellido: usuarios.apellido,
  ordenId: solicitudes.ordenId,
  ordenNumero: ordenes.numero,
};

/**
 * Requests, their photos and the clients' request links. Every query of the company's side filters
 * by the company (and, for the inbox, by the clients the user may delegate for); the public
 * look-ups start from a token's hash and then use the company the row belongs to.
 */
/** The columns of a photo as the inbox and its download read them. */
const COLUMNAS_FOTO = {
  id: solicitudFotos.id,
  solicitudId: solicitudFotos.solicitudId,
  nombre: solicitudFotos.nombre,
  mime: solicitudFotos.mime,
  tamano: solicitudFotos.tamano,
  clave: solicitudFotos.clave,
};

export class SolicitudesRepository {
  constructor(private readonly db: DbOrTx) {}

  // ---------------------------------------------------------------------------------------------
  // Links

  private selectEnlacePublico() {
    const e = solicitudEnlaces;
    return this.db
      .select({
        id: e.id,
        entidadId: e.entidadId,
        clienteId: e.clienteId,
        revocado: e.revocado,
        clienteNombre: clientes.nombre,
        clienteActivo: clientes.activo,
        empresa: entidades.nombre,
      })
      .from(e)
      .innerJoin(clientes, and(eq(clientes.id, e.clienteId), eq(clientes.entidadId, e.entidadId)))
      .innerJoin(entidades, eq(entidades.id, e.entidadId));
  }

  /** A link by the hash of its token, active or not (a rotated or switched-off one answers 410). */
  enlacePorHash(hash: string): Promise<EnlacePublico | undefined> {
    return firstRow(this.selectEnlacePublico().where(eq(solicitudEnlaces.hash, hash)));
  }

  /** The client's active link with the names a public form shows (a QR takes requests through it). */
  enlacePublicoDeCliente(entidadId: number, clienteId: number): Promise<EnlacePublico | undefined> {
    const e = solicitudEnlaces;
    return firstRow(
      this.selectEnlacePublico().where(and(eq(e.entidadId, entidadId), eq(e.clienteId, clienteId), isNull(e.revocado))),
    );
  }

  enlaceActivo(entidadId: number, clienteId: number): Promise<EnlaceActivo | undefined> {
    const e = solicitudEnlaces;
    return firstRow(
      this.db
        .select({ id: e.id, cifrado: e.cifrado, creado: e.creado })
        .from(e)
        .where(and(eq(e.entidadId, entidadId), eq(e.clienteId, clienteId), isNull(e.revocado))),
    );
  }

  /** Turning one client's link on, off or anew goes one at a time (the one-active index never trips). */
  async bloquearEnlaces(clienteId: number): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`solicitud_enlace:${clienteId}`}))`);
  }

  /** Ends the client's active link, if any: its token answers 410 from now on. */
  async revocarEnlace(entidadId: number, clienteId: number, ahora: Date): Promise<boolean> {
    const e = solicitudEnlaces;
    const r = await this.db
      .update(e)
      .set({ revocado: ahora })
      .where(and(eq(e.entidadId, entidadId), eq(e.clienteId, clienteId), isNull(e.revocado)))
      .returning({ id: e.id });
    return r.length > 0;
  }

  async insertEnlace(v: typeof solicitudEnlaces.$inferInsert): Promise<void> {
    await this.db.insert(solicitudEnlaces).values(v);
  }

  // ---------------------------------------------------------------------------------------------
  // Arrival

  /** The request of a send (`clave`) already stored in the company, if any. */
  porClave(
    entidadId: number,
    clave: string,
  ): Promise<{ id: number; email: string | null; seguimientoCifrado: string | null } | undefined> {
    const s = solicitudes;
    return firstRow(
      this.db
        .select({ id: s.id, email: s.email, seguimientoCifrado: s.seguimientoCifrado })
        .from(s)
        .where(and(eq(s.entidadId, entidadId), eq(s.clave, clave))),
    );
  }

  /**
   * Stores a request; undefined when a request with the same `clave` is already in the company
   * (another send of it committed first: this one waited for it and wrote nothing).
   */
  async insertSolicitud(v: NuevaSolicitud): Promise<number | undefined> {
    const r = await this.db
      .insert(solicitudes)
      .values(v)
      .onConflictDoNothing({ target: [solicitudes.entidadId, solicitudes.clave] })
      .returning({ id: solicitudes.id });
    return r[0]?.id;
  }

  async insertFotos(filas: (typeof solicitudFotos.$inferInsert)[]): Promise<void> {
    if (filas.length) await this.db.insert(solicitudFotos).values(filas);
  }

  /** A new tracking token for a request whose stored one can no longer be read (another key). */
  async renovarSeguimiento(entidadId: number, id: number, hash: string, cifrado: string | null): Promise<void> {
    await this.db
      .update(solicitudes)
      .set({ seguimientoHash: hash, seguimientoCifrado: cifrado })
      .where(and(eq(solicitudes.entidadId, entidadId), eq(solicitudes.id, id)));
  }

  /**
   * The active users of the company who may delegate orders for the client: admins and owners, and
   * whoever holds delegarOrden for it (packages/contract permissions.ts, `tienePermisoCliente`).
   */
  async quienesPuedenDelegar(entidadId: number, clienteId: number): Promise<number[]> {
    const admins = sql.join(
      ROLES_ADMIN.map((r) => sql`${r}`),
      sql`, `,
    );
    const r = await this.db.execute<{ id: number }>(sql`
      select u.id from usuarios u
      where u.entidad_id = ${entidadId} and u.activo and (
        exists (select 1 from usuario_roles ur join roles r on r.id = ur.rol_id
                where ur.usuario_id = u.id and r.nombre in (${admins}))
        or exists (select 1 from usuario_cliente_permisos p
                   where p.usuario_id = u.id and p.entidad_id = ${entidadId}
                     and p.cliente_id = ${clienteId} and p.delegar_orden))
      order by u.id`);
    return r.rows.map((f) => Number(f.id));
  }

  // ---------------------------------------------------------------------------------------------
  // The inbox

  /** `clientes` undefined: every client of the company; otherwise only those (none: nothing). */
  private deClientes(entidadId: number, clientesIds: readonly number[] | undefined): SQL | undefined {
    const base = eq(solicitudes.entidadId, entidadId);
    return clientesIds === undefined ? base : and(base, inArray(solicitudes.clienteId, [...clientesIds]));
  }

  private selectLista() {
    return this.db
      .select(COLUMNAS_LISTA)
      .from(solicitudes)
      .innerJoin(clientes, eq(clientes.id, solicitudes.clienteId))
      .leftJoin(ubicaciones, eq(ubicaciones.id, solicitudes.ubicacionId))
      .leftJoin(equipos, eq(equipos.id, solicitudes.equipoId))
      .leftJoin(ordenes, eq(ordenes.id, solicitudes.ordenId))
      .leftJoin(usuarios, eq(usuarios.id, solicitudes.resueltaPor));
  }

  /** The newest `limite` requests of those clients (in that state), newest first. */
  async lista(
    entidadId: number,
    clientesIds: readonly number[] | undefined,
    estado: EstadoSolicitud | undefined,
    limite: number,
  ): Promise<SolicitudFila[]> {
    if (clientesIds?.length === 0) return [];
    return this.selectLista()
      .where(and(this.deClientes(entidadId, clientesIds), estado ? eq(solicitudes.estado, estado) : undefined))
      .orderBy(desc(solicitudes.creada), desc(solicitudes.id))
      .limit(limite);
  }

  /** One request of the company, if it is of one of those clients. */
  una(entidadId: number, clientesIds: readonly number[] | undefined, id: number): Promise<SolicitudFila | undefined> {
    if (clientesIds?.length === 0) return Promise.resolve(undefined);
    return firstRow(this.selectLista().where(and(this.deClientes(entidadId, clientesIds), eq(solicitudes.id, id))));
  }

  async pendientes(entidadId: number, clientesIds: readonly number[] | undefined): Promise<number> {
    if (clientesIds?.length === 0) return 0;
    const [r] = await this.db
      .select({ n: count() })
      .from(solicitudes)
      .where(and(this.deClientes(entidadId, clientesIds), eq(solicitudes.estado, 'pendiente')));
    return r?.n ?? 0;
  }

  /** The photos of these requests of the company, in the order they were sent. */
  fotos(entidadId: number, ids: readonly number[]): Promise<FotoFila[]> {
    if (!ids.length) return Promise.resolve([]);
    const f = solicitudFotos;
    return this.db
      .select(COLUMNAS_FOTO)
      .from(f)
      .where(and(eq(f.entidadId, entidadId), inArray(f.solicitudId, [...ids])))
      .orderBy(asc(f.solicitudId), asc(f.id));
  }

  foto(entidadId: number, solicitudId: number, fotoId: number): Promise<FotoFila | undefined> {
    const f = solicitudFotos;
    return firstRow(
      this.db
        .select(COLUMNAS_FOTO)
        .from(f)
        .where(and(eq(f.entidadId, entidadId), eq(f.solicitudId, solicitudId), eq(f.id, fotoId))),
    );
  }

  // ---------------------------------------------------------------------------------------------
  // Decisions

  /** Locks the request row for its decision (a second accept or reject waits, then sees it resolved). */
  bloquear(entidadId: number, id: number): Promise<SolicitudBloqueada | undefined> {
    const s = solicitudes;
    return firstRow(
      this.db
        .select({
          id: s.id,
          clienteId: s.clienteId,
          estado: s.estado,
          que: s.que,
          donde: s.donde,
          nombre: s.nombre,
          email: s.email,
          telefono: s.telefono,
          ubicacionId: s.ubicacionId,
          equipoId: s.equipoId,
          creada: s.creada,
          seguimientoCifrado: s.seguimientoCifrado,
        })
        .from(s)
        .where(and(eq(s.entidadId, entidadId), eq(s.id, id)))
        .for('update'),
    );
  }

  async resolver(
    entidadId: number,
    id: number,
    v: {
      estado: 'aceptada' | 'rechazada';
      motivo: string | null;
      resuelta: Date;
      resueltaPor: number;
      ordenId: number | null;
      resumenCifrado: string | null;
    },
  ): Promise<void> {
    await this.db
      .update(solicitudes)
      .set(v)
      .where(and(eq(solicitudes.entidadId, entidadId), eq(solicitudes.id, id), eq(solicitudes.estado, 'pendiente')));
  }

  // ---------------------------------------------------------------------------------------------
  // Tracking

  /** What the tracking page shows, by the hash of its token. */
  porSeguimiento(hash: string): Promise<
    | {
        empresa: string;
        que: string;
        creada: Date;
        estado: EstadoSolicitud;
        motivo: string | null;
        resumenCifrado: string | null;
      }
    | undefined
  > {
    const s = solicitudes;
    return firstRow(
      this.db
        .select({
          empresa: entidades.nombre,
          que: s.que,
          creada: s.creada,
          estado: s.estado,
          motivo: s.motivo,
          resumenCifrado: s.resumenCifrado,
        })
        .from(s)
        .innerJoin(entidades, eq(entidades.id, s.entidadId))
        .where(eq(s.seguimientoHash, hash)),
    );
  }
}
