import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { PREFIJO_EXTERNO } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { leerJson } from '../../kernel/db/json.js';
import { firstRow, whereDeOrden } from '../../lib/queries.js';
// Reads with JOIN of other modules' tables (ARCHITECTURE.md, the deliberate exception for reads):
// the public summary is one screen, resolved here without an actor.
import { entidades } from '../entidades/entidades.tables.js';
import { ordenArchivos } from '../files/files.tables.js';
import { ordenEventos, ordenResponsables, ordenes } from '../orders/orders.tables.js';
import { usuarios } from '../identity/users.tables.js';
import { ordenArchivosCompartidos, ordenEnlaces, ordenFacturacion } from './client-side.tables.js';

export interface EnlaceFila {
  id: number;
  entidadId: number;
  ordenId: number;
  cifrado: string | null;
  creado: Date;
  creadoPor: number;
}

export type FacturacionFila = typeof ordenFacturacion.$inferSelect;

/** What the order detail shows of the billing row: the data and whether a delegation is pending. */
export type FacturacionDeDetalle = Pick<
  FacturacionFila,
  | 'razonSocial'
  | 'cuit'
  | 'condicionIva'
  | 'domicilioFiscal'
  | 'email'
  | 'actualizado'
  | 'porCliente'
  | 'delegadaEmail'
  | 'delegada'
  | 'respondida'
  | 'formularioVence'
>;

/**
 * The order's billing row as one JSON value (null when it has none), as a column of another
 * module's read: the order detail reads it in the statement that reads the order, so the detail is
 * one round trip (BENCHMARKS.md, detail). Dates are milliseconds; `facturacionDeJson` reads it back.
 *
 * @param ordenId the order's id column (`o.id`); @param entidadId its company column.
 */
export function facturacionDeOrdenSql(ordenId: SQL, entidadId: SQL): SQL {
  const ms = (c: string) => sql.raw(`(extract(epoch from f.${c}) * 1000)::bigint`);
  return sql`(select json_build_object(
      'razonSocial', f.razon_social, 'cuit', f.cuit, 'condicionIva', f.condicion_iva,
      'domicilioFiscal', f.domicilio_fiscal, 'email', f.email, 'actualizado', ${ms('actualizado')},
      'porCliente', f.por_cliente, 'delegadaEmail', f.delegada_email, 'delegada', ${ms('delegada')},
      'respondida', ${ms('respondida')}, 'formularioVence', ${ms('formulario_vence')})
    from orden_facturacion f where f.orden_id = ${ordenId} and f.entidad_id = ${entidadId})`;
}

/** The value of `facturacionDeOrdenSql` (parsed by node-postgres, text from PGlite), as a row. */
export function facturacionDeJson(valor: unknown): FacturacionDeDetalle | undefined {
  if (valor == null) return undefined;
  const j = leerJson<Record<string, unknown>>(valor);
  const texto = (k: string) => (typeof j[k] === 'string' ? j[k] : null);
  const fecha = (k: string) => (j[k] == null ? null : new Date(Number(j[k])));
  return {
    razonSocial: texto('razonSocial'),
    cuit: texto('cuit'),
    condicionIva: texto('condicionIva'),
    domicilioFiscal: texto('domicilioFiscal'),
    email: texto('email'),
    actualizado: fecha('actualizado'),
    porCliente: j.porCliente === true,
    delegadaEmail: texto('delegadaEmail'),
    delegada: fecha('delegada'),
    respondida: fecha('respondida'),
    formularioVence: fecha('formularioVence'),
  };
}

export interface DatosGuardar {
  razonSocial: string;
  cuit: string;
  condicionIva: string;
  domicilioFiscal: string;
  email: string;
}

/** What the public page shows of an order, read without an actor (the link names the order). */
export interface OrdenPublicaFila {
  numero: number;
  titulo: string;
  estadoId: number;
  creada: Date;
  fechaInicio: Date | null;
  fechaFin: Date | null;
  finalizada: Date | null;
  entidadNombre: string;
  entidadLogo: string | null;
}

/** What a link read returns (`EnlaceFila`): never the hash. */
const COLUMNAS_ENLACE = {
  id: ordenEnlaces.id,
  entidadId: ordenEnlaces.entidadId,
  ordenId: ordenEnlaces.ordenId,
  cifrado: ordenEnlaces.cifrado,
  creado: ordenEnlaces.creado,
  creadoPor: ordenEnlaces.creadoPor,
};

/**
 * The client's side of orders: public links, shared files, billing data and its delegation. Every
 * query filters by the company; the public look-ups start from a token's hash and then do the same
 * with the company the link belongs to.
 */
export class ClientSideRepository {
  constructor(private readonly db: DbOrTx) {}

  // ---------------------------------------------------------------------------------------------
  // Links

  findEnlaceActivo(entidadId: number, ordenId: number): Promise<EnlaceFila | undefined> {
    const e = ordenEnlaces;
    return firstRow(
      this.db
        .select(COLUMNAS_ENLACE)
        .from(e)
        .where(and(eq(e.entidadId, entidadId), eq(e.ordenId, ordenId), isNull(e.revocado))),
    );
  }

  /** An active link of an order that still exists (not deleted), by the hash of its token. */
  findEnlacePorHash(hash: string): Promise<EnlaceFila | undefined> {
    const e = ordenEnlaces;
    return firstRow(
      this.db
        .select(COLUMNAS_ENLACE)
        .from(e)
        .innerJoin(ordenes, and(eq(ordenes.id, e.ordenId), eq(ordenes.entidadId, e.entidadId)))
        .where(and(eq(e.hash, hash), isNull(e.revocado), isNull(ordenes.eliminada))),
    );
  }

  /** Revokes the order's active link (if any); true when there was one. */
  async revokeEnlace(entidadId: number, ordenId: number, ahora: Date): Promise<boolean> {
    const r = await this.db
      .update(ordenEnlaces)
      .set({ revocado: ahora })
      .where(
        and(eq(ordenEnlaces.entidadId, entidadId), eq(ordenEnlaces.ordenId, ordenId), isNull(ordenEnlaces.revocado)),
      )
      .returning({ id: ordenEnlaces.id });
    return r.length > 0;
  }

  async insertEnlace(v: {
    entidadId: number;
    ordenId: number;
    hash: string;
    cifrado: string | null;
    creado: Date;
    creadoPor: number;
  }): Promise<void> {
    await this.db.insert(ordenEnlaces).values(v);
  }

  // ---------------------------------------------------------------------------------------------
  // Shared files

  async listCompartidos(entidadId: number, ordenId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: ordenArchivosCompartidos.archivoId })
      .from(ordenArchivosCompartidos)
      .where(whereDeOrden(ordenArchivosCompartidos, entidadId, ordenId))
      .orderBy(asc(ordenArchivosCompartidos.archivoId));
    return rows.map((r) => r.id);
  }

  /** The ids among `ids` that are files of this order of this company. */
  async archivosDeOrden(entidadId: number, ordenId: number, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .select({ id: ordenArchivos.id })
      .from(ordenArchivos)
      .where(
        and(eq(ordenArchivos.entidadId, entidadId), eq(ordenArchivos.ordenId, ordenId), inArray(ordenArchivos.id, ids)),
      );
    return rows.map((r) => r.id);
  }

  async setCompartidos(entidadId: number, ordenId: number, ids: number[]): Promise<void> {
    await this.db.delete(ordenArchivosCompartidos).where(whereDeOrden(ordenArchivosCompartidos, entidadId, ordenId));
    if (ids.length) {
      await this.db
        .insert(ordenArchivosCompartidos)
        .values(ids.map((archivoId) => ({ archivoId, entidadId, ordenId })));
    }
  }

  /** The shared files of an order, as the public page lists them. */
  listArchivosPublicos(entidadId: number, ordenId: number) {
    const a = ordenArchivos;
    return this.db
      .select({ id: a.id, nombre: a.nombre, tamanio: a.tamanio, esImagen: a.esImagen })
      .from(ordenArchivosCompartidos)
      .innerJoin(a, eq(a.id, ordenArchivosCompartidos.archivoId))
      .where(whereDeOrden(ordenArchivosCompartidos, entidadId, ordenId))
      .orderBy(asc(a.id));
  }

  // ---------------------------------------------------------------------------------------------
  // The public summary

  findOrdenPublica(entidadId: number, ordenId: number): Promise<OrdenPublicaFila | undefined> {
    const o = ordenes;
    return firstRow(
      this.db
        .select({
          numero: o.numero,
          titulo: o.titulo,
          estadoId: o.estadoId,
          creada: o.creada,
          fechaInicio: o.fechaInicio,
          fechaFin: o.fechaFin,
          finalizada: o.finalizada,
          entidadNombre: entidades.nombre,
          entidadLogo: entidades.logo,
        })
        .from(o)
        .innerJoin(entidades, eq(entidades.id, o.entidadId))
        .where(and(eq(o.entidadId, entidadId), eq(o.id, ordenId), isNull(o.eliminada))),
    );
  }

  /**
   * The first names of the order's responsables (nothing else of them). A contractor's hidden user
   * is named «Externo: <nombre>»: his first name is the one after the prefix.
   */
  async nombresResponsables(entidadId: number, ordenId: number): Promise<string[]> {
    const rows = await this.db
      .select({ nombre: usuarios.nombre, externo: usuarios.externo })
      .from(ordenResponsables)
      .innerJoin(usuarios, eq(usuarios.id, ordenResponsables.usuarioId))
      .where(and(eq(ordenResponsables.ordenId, ordenId), eq(usuarios.entidadId, entidadId)))
      .orderBy(asc(usuarios.nombre));
    return rows
      .map((r) =>
        r.externo && r.nombre.startsWith(PREFIJO_EXTERNO) ? r.nombre.slice(PREFIJO_EXTERNO.length) : r.nombre,
      )
      .map((nombre) => nombre.trim().split(/\s+/)[0] ?? '')
      .filter(Boolean);
  }

  /** The state of the order at creation and after each change, oldest first. */
  listEstados(entidadId: number, ordenId: number) {
    const e = ordenEventos;
    return this.db
      .select({ tipo: e.tipo, estadoNuevo: e.estadoNuevoId, fecha: e.fecha })
      .from(e)
      .where(and(eq(e.entidadId, entidadId), eq(e.ordenId, ordenId), inArray(e.tipo, ['CREADA', 'ESTADO'])))
      .orderBy(asc(e.fecha), asc(e.id));
  }

  /** The order's creator and responsables (whom the client's answer is announced to). */
  async interesados(entidadId: number, ordenId: number): Promise<{ numero: number; titulo: string; ids: number[] }> {
    const o = await firstRow(
      this.db
        .select({ numero: ordenes.numero, titulo: ordenes.titulo, creador: ordenes.registroResponsableId })
        .from(ordenes)
        .where(and(eq(ordenes.entidadId, entidadId), eq(ordenes.id, ordenId))),
    );
    if (!o) return { numero: 0, titulo: '', ids: [] };
    const rs = await this.db
      .select({ id: ordenResponsables.usuarioId })
      .from(ordenResponsables)
      .where(eq(ordenResponsables.ordenId, ordenId));
    return { numero: o.numero, titulo: o.titulo, ids: [...new Set([o.creador, ...rs.map((r) => r.id)])] };
  }

  // ---------------------------------------------------------------------------------------------
  // Billing data

  findFacturacion(entidadId: number, ordenId: number): Promise<FacturacionFila | undefined> {
    return firstRow(
      this.db
        .select()
        .from(ordenFacturacion)
        .where(whereDeOrden(ordenFacturacion, entidadId, ordenId)),
    );
  }

  findFacturacionPorFormulario(hash: string): Promise<FacturacionFila | undefined> {
    return firstRow(this.db.select().from(ordenFacturacion).where(eq(ordenFacturacion.formularioHash, hash)));
  }

  /** Writes the billing data (a row is created the first time). */
  async saveDatos(
    entidadId: number,
    ordenId: number,
    d: DatosGuardar,
    ahora: Date,
    porCliente: boolean,
  ): Promise<void> {
    const set = { ...d, actualizado: ahora, porCliente };
    await this.db
      .insert(ordenFacturacion)
      .values({ entidadId, ordenId, ...set })
      .onConflictDoUpdate({ target: ordenFacturacion.ordenId, set, where: eq(ordenFacturacion.entidadId, entidadId) });
  }

  /** A new delegation: the previous form (if any) stops working. */
  async saveDelegacion(
    entidadId: number,
    ordenId: number,
    v: { email: string; ahora: Date; usuarioId: number; hash: string; vence: Date },
  ): Promise<void> {
    const set = {
      delegadaEmail: v.email,
      delegada: v.ahora,
      delegadaPor: v.usuarioId,
      formularioHash: v.hash,
      formularioVence: v.vence,
      respondida: null,
    };
    await this.db
      .insert(ordenFacturacion)
      .values({ entidadId, ordenId, ...set })
      .onConflictDoUpdate({ target: ordenFacturacion.ordenId, set, where: eq(ordenFacturacion.entidadId, entidadId) });
  }

  /** Marks the delegation answered, once: false when the form was used (or replaced) meanwhile. */
  async spendFormulario(entidadId: number, ordenId: number, hash: string, ahora: Date): Promise<boolean> {
    const r = await this.db
      .update(ordenFacturacion)
      .set({ respondida: ahora })
      .where(
        and(
          eq(ordenFacturacion.entidadId, entidadId),
          eq(ordenFacturacion.ordenId, ordenId),
          eq(ordenFacturacion.formularioHash, hash),
          isNull(ordenFacturacion.respondida),
        ),
      )
      .returning({ id: ordenFacturacion.ordenId });
    return r.length > 0;
  }

  /** Takes the order's row lock (the writes of one order's billing data go one at a time). */
  async lockOrden(entidadId: number, ordenId: number): Promise<void> {
    await this.db.execute(
      sql`select 1 from ${ordenes} where ${ordenes.entidadId} = ${entidadId} and ${ordenes.id} = ${ordenId} for update`,
    );
  }
}
