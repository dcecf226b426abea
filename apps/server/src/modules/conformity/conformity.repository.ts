import { and, eq, isNull } from 'drizzle-orm';
import type { ConformidadRequerida, EstadoConformidad } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { firstRow, hasRow, whereDeOrden, whereId } from '../../lib/queries.js';
// Reads with JOIN of other modules' tables (ARCHITECTURE.md, the deliberate exception for reads):
// the public answer has no actor, and the order type's setting is read with the order.
import { ordenResponsables, ordenes } from '../orders/orders.tables.js';
import { tiposOrden } from '../catalog/catalog.tables.js';
import { usuarios } from '../identity/users.tables.js';
import { ordenConformidad, tipoOrdenConformidad } from './conformity.tables.js';

export type ConformidadFila = typeof ordenConformidad.$inferSelect;

/** What a signature or an answer writes: the state, when it changed, and its own columns. */
type CambioConformidad = Omit<typeof ordenConformidad.$inferInsert, 'ordenId' | 'entidadId'> & {
  estado: EstadoConformidad;
};

/** The order as a public answer needs it (no actor): its state, type, number and who to notify. */
export interface OrdenParaConformidad {
  estadoId: number;
  tipoOrdenId: number | null;
  numero: number;
  titulo: string;
  creador: number;
}

const REQUERIDAS = new Set<string>(['no', 'antes_de_finalizar', 'antes_de_facturar']);
const requerida = (v: string | null | undefined): ConformidadRequerida =>
  v && REQUERIDAS.has(v) ? (v as ConformidadRequerida) : 'no';

/** The conformity rows of a company (docs/CONFORMIDAD.md); every query is filtered by `entidad_id`. */
export class ConformityRepository {
  constructor(private readonly db: DbOrTx) {}

  find(entidadId: number, ordenId: number): Promise<ConformidadFila | undefined> {
    return firstRow(this.deLaOrden(entidadId, ordenId));
  }

  /** The row, locked until the transaction ends (two answers at once apply one after the other). */
  findParaCambio(entidadId: number, ordenId: number): Promise<ConformidadFila | undefined> {
    return firstRow(this.deLaOrden(entidadId, ordenId).for('update'));
  }

  private deLaOrden(entidadId: number, ordenId: number) {
    return this.db
      .select()
      .from(ordenConformidad)
      .where(whereDeOrden(ordenConformidad, entidadId, ordenId));
  }

  /** Writes the signature on site: the order becomes conforme. */
  async saveFirma(
    entidadId: number,
    ordenId: number,
    f: {
      clave: string;
      tipo: string;
      nombre: string;
      dni: string | null;
      fecha: Date;
      registrada: Date;
      usuarioId: number;
      lat: number | null;
      lng: number | null;
      precision: number | null;
    },
  ): Promise<void> {
    await this.guardar(entidadId, ordenId, {
      estado: 'conforme',
      fecha: f.registrada,
      firmaClave: f.clave,
      firmaTipo: f.tipo,
      firmaNombre: f.nombre,
      firmaDni: f.dni,
      firmaFecha: f.fecha,
      firmaRegistrada: f.registrada,
      firmaUsuarioId: f.usuarioId,
      firmaLat: f.lat,
      firmaLng: f.lng,
      firmaPrecision: f.precision,
    });
  }

  /** Writes the client's answer from the public summary. */
  async saveRemota(
    entidadId: number,
    ordenId: number,
    r: { conforme: boolean; motivo: string | null; fecha: Date },
  ): Promise<void> {
    await this.guardar(entidadId, ordenId, {
      estado: r.conforme ? 'conforme' : 'no_conforme',
      fecha: r.fecha,
      remotaConforme: r.conforme,
      remotaMotivo: r.motivo,
      remotaFecha: r.fecha,
    });
  }

  /** The order's one row: inserted the first time, these columns updated after (the others kept). */
  private async guardar(entidadId: number, ordenId: number, valores: CambioConformidad): Promise<void> {
    await this.db
      .insert(ordenConformidad)
      .values({ ordenId, entidadId, ...valores })
      .onConflictDoUpdate({ target: ordenConformidad.ordenId, set: valores });
  }

  /** The order for a public answer, locked (null when it does not exist or was deleted). */
  async findOrden(entidadId: number, ordenId: number, bloquear = false): Promise<OrdenParaConformidad | undefined> {
    const q = this.db
      .select({
        estadoId: ordenes.estadoId,
        tipoOrdenId: ordenes.tipoOrdenId,
        numero: ordenes.numero,
        titulo: ordenes.titulo,
        creador: ordenes.registroResponsableId,
      })
      .from(ordenes)
      .where(and(eq(ordenes.entidadId, entidadId), eq(ordenes.id, ordenId), isNull(ordenes.eliminada)));
    return firstRow(bloquear ? q.for('update') : q);
  }

  async responsables(ordenId: number): Promise<number[]> {
    const rs = await this.db
      .select({ id: ordenResponsables.usuarioId })
      .from(ordenResponsables)
      .where(eq(ordenResponsables.ordenId, ordenId));
    return rs.map((r) => r.id);
  }

  async nombreUsuario(entidadId: number, usuarioId: number): Promise<string> {
    const u = await firstRow(
      this.db
        .select({ nombre: usuarios.nombre, apellido: usuarios.apellido, usuario: usuarios.usuario })
        .from(usuarios)
        .where(and(eq(usuarios.entidadId, entidadId), eq(usuarios.id, usuarioId))),
    );
    return u ? `${u.nombre} ${u.apellido}`.trim() || u.usuario : '—';
  }

  // -------------------------------------------------------------------------------------------
  // Order types

  async requeridaDeTipo(entidadId: number, tipoOrdenId: number | null): Promise<ConformidadRequerida> {
    if (tipoOrdenId == null) return 'no';
    const r = await firstRow(
      this.db
        .select({ conformidad: tipoOrdenConformidad.conformidad })
        .from(tipoOrdenConformidad)
        .where(and(eq(tipoOrdenConformidad.entidadId, entidadId), eq(tipoOrdenConformidad.tipoOrdenId, tipoOrdenId))),
    );
    return requerida(r?.conformidad);
  }

  async listTipos(entidadId: number): Promise<{ tipoOrdenId: number; conformidad: ConformidadRequerida }[]> {
    const rs = await this.db
      .select({ tipoOrdenId: tipoOrdenConformidad.tipoOrdenId, conformidad: tipoOrdenConformidad.conformidad })
      .from(tipoOrdenConformidad)
      .where(eq(tipoOrdenConformidad.entidadId, entidadId))
      .orderBy(tipoOrdenConformidad.tipoOrdenId);
    return rs.map((r) => ({ tipoOrdenId: r.tipoOrdenId, conformidad: requerida(r.conformidad) }));
  }

  /** Whether the order type is the company's (another company's is "does not exist"). */
  async existeTipo(entidadId: number, tipoOrdenId: number): Promise<boolean> {
    return hasRow(
      this.db
        .select({ id: tiposOrden.id })
        .from(tiposOrden)
        .where(whereId(tiposOrden, entidadId, tipoOrdenId)),
    );
  }

  async saveTipo(entidadId: number, tipoOrdenId: number, conformidad: ConformidadRequerida): Promise<void> {
    await this.db
      .insert(tipoOrdenConformidad)
      .values({ tipoOrdenId, entidadId, conformidad })
      .onConflictDoUpdate({ target: tipoOrdenConformidad.tipoOrdenId, set: { conformidad } });
  }
}
