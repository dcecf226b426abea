import { sql, type SQL } from 'drizzle-orm';
import type { ItemDefinido, TipoItemChecklist } from '@delego/contract';
import type { Consultar, DbOrTx } from '../../kernel/db/client.js';
import { leerJson } from '../../kernel/db/json.js';
import { lectorDe, type Leer } from '../../kernel/db/leer.js';

/** A template version as read. */
export interface PlantillaFila {
  id: number;
  version: number;
  items: ItemDefinido[];
  creada: number;
  usuarioNombre: string;
}

/** An order's checklist as a whole (its row in checklist_ordenes). */
export interface CabeceraFila {
  ordenId: number;
  tipoOrdenId: number | null;
  plantillaId: number | null;
  version: number | null;
  origenOrdenId: number | null;
  origenItemId: number | null;
  hechos: number;
  total: number;
}

/** The answer as stored in `respuesta` (who and when are columns of their own). */
export interface RespuestaGuardada {
  marcado: boolean | null;
  resultado: 'pasa' | 'falla' | 'na' | null;
  numero: number | null;
  texto: string | null;
  fotos: { id: number; nombre: string }[];
  firmante: string | null;
  nota: string | null;
}

/** One item of an order's checklist, with who answered it and its follow-up order. */
export interface ItemFila extends ItemDefinido {
  id: number;
  posicion: number;
  adHoc: boolean;
  respuesta: RespuestaGuardada | null;
  hecho: boolean;
  fallido: boolean;
  respondidoPor: number | null;
  respondidoPorNombre: string | null;
  respondidoEn: number | null;
  firmaClave: string | null;
  firmaMime: string | null;
  seguimiento: { ordenId: number; numero: number; titulo: string } | null;
}

/** What the sync of an order's checklist needs of the order (read with its company, no actor). */
export interface OrdenParaChecklist {
  id: number;
  tipoOrdenId: number | null;
  creada: number;
}

/** An item to write: its definition, where it goes, whether the order added it. */
export interface ItemNuevo extends ItemDefinido {
  posicion: number;
  adHoc: boolean;
}

const ms = (col: SQL) => sql`round(extract(epoch from ${col}) * 1000)::float8`;

const COLUMNAS_ITEM = sql`i.id, i.posicion, i.seccion, i.etiqueta, i.tipo, i.requerido, i.publico, i.unidad,
  i.min, i.max, i.ad_hoc as "adHoc", i.respuesta, i.hecho, i.fallido, i.respondido_por as "respondidoPor",
  case when u.id is null then null else trim(u.nombre || ' ' || u.apellido) end as "respondidoPorNombre",
  ${ms(sql`i.respondido_en`)} as "respondidoEn", i.firma_clave as "firmaClave", i.firma_mime as "firmaMime",
  case when s.id is null then null else json_build_object('ordenId', s.id, 'numero', s.numero, 'titulo', s.titulo) end as seguimiento`;

const DESDE_ITEMS = sql`from checklist_items i
  left join usuarios u on u.id = i.respondido_por
  left join ordenes s on s.id = i.seguimiento_orden_id and s.eliminada is null`;

function leerItem(r: ItemFila): ItemFila {
  return {
    ...r,
    tipo: r.tipo as TipoItemChecklist,
    respuesta: r.respuesta == null ? null : leerJson<RespuestaGuardada>(r.respuesta),
    seguimiento: r.seguimiento == null ? null : leerJson<ItemFila['seguimiento']>(r.seguimiento),
  };
}

/**
 * The checklists' SQL: every query filters by the company. Reads join users (who answered) and
 * orders (follow-ups, the order's type when syncing) for names, the read exception of
 * docs/ARCHITECTURE.md; the module writes only its own three tables.
 */
export class ChecklistsRepository {
  private readonly leer: Leer;

  /** `consultar`: the prepared reader, for reads outside a transaction (never inside one). */
  constructor(
    private readonly db: DbOrTx,
    consultar?: Consultar,
  ) {
    this.leer = lectorDe(db, consultar);
  }

  /** Whether the order type is the company's (archived ones too: their orders keep it). */
  async tipoDeEmpresa(entidadId: number, tipoOrdenId: number): Promise<boolean> {
    const r = await this.leer<{ id: number }>(
      sql`select id from tipos_orden where id = ${tipoOrdenId} and entidad_id = ${entidadId}`,
    );
    return r.length === 1;
  }

  /** The current template of a type, or the one current at `hasta` (an order's creation); null when none. */
  async plantilla(entidadId: number, tipoOrdenId: number, hasta?: number): Promise<PlantillaFila | null> {
    const cuando = hasta === undefined ? sql`` : sql`and p.creada <= ${new Date(hasta).toISOString()}::timestamptz`;
    const [r] = await this.leer<PlantillaFila>(sql`
      select p.id, p.version, p.items, ${ms(sql`p.creada`)} as creada,
             trim(u.nombre || ' ' || u.apellido) as "usuarioNombre"
      from checklist_plantillas p join usuarios u on u.id = p.usuario_id
      where p.entidad_id = ${entidadId} and p.tipo_orden_id = ${tipoOrdenId} ${cuando}
      order by p.version desc limit 1`);
    return r ? { ...r, items: leerJson<ItemDefinido[]>(r.items) } : null;
  }

  /**
   * Writes the next version of a type's template. Two saves at once may pick the same number: the
   * unique index refuses the second, which the service retries.
   */
  async insertarPlantilla(
    entidadId: number,
    tipoOrdenId: number,
    usuarioId: number,
    items: ItemDefinido[],
    creada: Date,
  ) {
    await this.db.execute(sql`
      insert into checklist_plantillas (entidad_id, tipo_orden_id, version, items, usuario_id, creada)
      select ${entidadId}, ${tipoOrdenId}, coalesce(max(version), 0) + 1, ${JSON.stringify(items)}::jsonb, ${usuarioId},
             ${creada.toISOString()}::timestamptz
      from checklist_plantillas where tipo_orden_id = ${tipoOrdenId}`);
  }

  /** The order's type and creation, for the sync that has no actor (a domain event); null when gone. */
  async ordenParaChecklist(entidadId: number, ordenId: number): Promise<OrdenParaChecklist | null> {
    // Locked like every other writer of the order locks it, before the checklist's row: taken in
    // the other order, a sync and an edit of the same checklist deadlock on PostgreSQL.
    const [r] = await this.leer<OrdenParaChecklist>(sql`
      select id, tipo_orden_id as "tipoOrdenId", ${ms(sql`creada`)} as creada
      from ordenes where id = ${ordenId} and entidad_id = ${entidadId} and eliminada is null for update`);
    return r ?? null;
  }

  /** The checklist's row; with `bloquear`, locked until the transaction ends (writes to one checklist queue up). */
  async cabecera(entidadId: number, ordenId: number, bloquear = false): Promise<CabeceraFila | null> {
    const [r] = await this.leer<CabeceraFila>(sql`
      select orden_id as "ordenId", tipo_orden_id as "tipoOrdenId", plantilla_id as "plantillaId", version,
             origen_orden_id as "origenOrdenId", origen_item_id as "origenItemId", hechos, total
      from checklist_ordenes where orden_id = ${ordenId} and entidad_id = ${entidadId}
      ${bloquear ? sql`for update` : sql``}`);
    return r ?? null;
  }

  /**
   * A new order's checklist row in one statement, when its type has no template, or one (current at
   * the order's creation) without items. It locks the order first, as every writer of an order does. False when nothing was written (no such order, a row already there, or
   * a template with items to copy: `sincronizar` does those).
   */
  async crearCabeceraVacia(entidadId: number, ordenId: number): Promise<boolean> {
    const r = await this.leer<{ ordenId: number }>(sql`
      with o as (
        select id, entidad_id, tipo_orden_id, creada from ordenes
         where id = ${ordenId} and entidad_id = ${entidadId} and eliminada is null for update)
      insert into checklist_ordenes (orden_id, entidad_id, tipo_orden_id, plantilla_id, version)
      select o.id, o.entidad_id, o.tipo_orden_id, p.id, p.version
        from o left join lateral (
               select p.id, p.version, p.items from checklist_plantillas p
                where p.entidad_id = o.entidad_id and p.tipo_orden_id = o.tipo_orden_id and p.creada <= o.creada
                order by p.version desc limit 1) p on true
       where coalesce(jsonb_array_length(p.items), 0) = 0
      on conflict (orden_id) do nothing
      returning orden_id as "ordenId"`);
    return r.length === 1;
  }

  /** Creates the checklist's row; false when it already existed (another request made it first). */
  async crearCabecera(
    entidadId: number,
    c: Pick<CabeceraFila, 'ordenId' | 'tipoOrdenId' | 'plantillaId' | 'version'> &
      Partial<Pick<CabeceraFila, 'origenOrdenId' | 'origenItemId'>>,
  ): Promise<boolean> {
    const r = await this.db.execute(sql`
      insert into checklist_ordenes (orden_id, entidad_id, tipo_orden_id, plantilla_id, version, origen_orden_id, origen_item_id)
      values (${c.ordenId}, ${entidadId}, ${c.tipoOrdenId}, ${c.plantillaId}, ${c.version}, ${c.origenOrdenId ?? null}, ${c.origenItemId ?? null})
      on conflict (orden_id) do nothing
      returning orden_id`);
    return r.rows.length === 1;
  }

  /** The checklist now follows this type and template version. */
  async cambiarPlantilla(
    entidadId: number,
    ordenId: number,
    c: Pick<CabeceraFila, 'tipoOrdenId' | 'plantillaId' | 'version'>,
  ) {
    await this.db.execute(sql`
      update checklist_ordenes set tipo_orden_id = ${c.tipoOrdenId}, plantilla_id = ${c.plantillaId}, version = ${c.version}
      where orden_id = ${ordenId} and entidad_id = ${entidadId}`);
  }

  /** The follow-up order now points at its origin. */
  async ponerOrigen(entidadId: number, ordenId: number, origenOrdenId: number, origenItemId: number) {
    await this.db.execute(sql`
      update checklist_ordenes set origen_orden_id = ${origenOrdenId}, origen_item_id = ${origenItemId}
      where orden_id = ${ordenId} and entidad_id = ${entidadId}`);
  }

  async insertarItems(entidadId: number, ordenId: number, items: readonly ItemNuevo[]): Promise<number[]> {
    if (!items.length) return [];
    const filas = items.map(
      (i) =>
        sql`(${entidadId}, ${ordenId}, ${i.posicion}, ${i.seccion}, ${i.etiqueta}, ${i.tipo}, ${i.requerido}, ${i.publico}, ${i.unidad}, ${i.min}::float8, ${i.max}::float8, ${i.adHoc})`,
    );
    const r = await this.leer<{ id: number }>(sql`
      insert into checklist_items (entidad_id, orden_id, posicion, seccion, etiqueta, tipo, requerido, publico, unidad, min, max, ad_hoc)
      values ${sql.join(filas, sql`, `)}
      returning id`);
    return r.map((x) => x.id);
  }

  /** Removes the items copied from a template (the ad-hoc ones stay). */
  async quitarItemsDePlantilla(entidadId: number, ordenId: number) {
    await this.db.execute(
      sql`delete from checklist_items where orden_id = ${ordenId} and entidad_id = ${entidadId} and not ad_hoc`,
    );
  }

  async quitarItem(entidadId: number, ordenId: number, itemId: number) {
    await this.db.execute(
      sql`delete from checklist_items where id = ${itemId} and orden_id = ${ordenId} and entidad_id = ${entidadId}`,
    );
  }

  /** Template items with an answer: re-applying the template would lose them. */
  async respondidosDePlantilla(entidadId: number, ordenId: number): Promise<number> {
    const [r] = await this.leer<{ n: number }>(sql`
      select count(*)::int as n from checklist_items
      where orden_id = ${ordenId} and entidad_id = ${entidadId} and not ad_hoc and respuesta is not null`);
    return r?.n ?? 0;
  }

  async items(entidadId: number, ordenId: number): Promise<ItemFila[]> {
    const r = await this.leer<ItemFila>(sql`
      select ${COLUMNAS_ITEM} ${DESDE_ITEMS}
      where i.orden_id = ${ordenId} and i.entidad_id = ${entidadId}
      order by i.posicion, i.id`);
    return r.map(leerItem);
  }

  async item(entidadId: number, ordenId: number, itemId: number): Promise<ItemFila | null> {
    const [r] = await this.leer<ItemFila>(sql`
      select ${COLUMNAS_ITEM} ${DESDE_ITEMS}
      where i.id = ${itemId} and i.orden_id = ${ordenId} and i.entidad_id = ${entidadId}`);
    return r ? leerItem(r) : null;
  }

  /** Where the next item goes: after the last one. */
  async siguientePosicion(entidadId: number, ordenId: number): Promise<{ posicion: number; cantidad: number }> {
    const [r] = await this.leer<{ posicion: number; cantidad: number }>(sql`
      select coalesce(max(posicion), 0) + 1 as posicion, count(*)::int as cantidad
      from checklist_items where orden_id = ${ordenId} and entidad_id = ${entidadId}`);
    return r ?? { posicion: 1, cantidad: 0 };
  }

  /** Writes (or clears, with null) one item's answer: only that row changes. */
  async guardarRespuesta(
    entidadId: number,
    itemId: number,
    r: {
      respuesta: RespuestaGuardada | null;
      hecho: boolean;
      fallido: boolean;
      por: number | null;
      en: Date | null;
      firmaClave: string | null;
      firmaMime: string | null;
    },
  ) {
    await this.db.execute(sql`
      update checklist_items set respuesta = ${r.respuesta === null ? null : JSON.stringify(r.respuesta)}::jsonb,
        hecho = ${r.hecho}, fallido = ${r.fallido}, respondido_por = ${r.por}, respondido_en = ${r.en?.toISOString() ?? null}::timestamptz,
        firma_clave = ${r.firmaClave}, firma_mime = ${r.firmaMime}
      where id = ${itemId} and entidad_id = ${entidadId}`);
  }

  async ponerSeguimiento(entidadId: number, itemId: number, seguimientoOrdenId: number) {
    await this.db.execute(sql`
      update checklist_items set seguimiento_orden_id = ${seguimientoOrdenId}
      where id = ${itemId} and entidad_id = ${entidadId}`);
  }

  /** Counts again what is done of the whole (kept in the checklist's row for the order list). */
  async recontar(entidadId: number, ordenId: number): Promise<{ hechos: number; total: number }> {
    const [r] = await this.leer<{ hechos: number; total: number }>(sql`
      update checklist_ordenes c set
        hechos = (select count(*)::int from checklist_items i where i.orden_id = c.orden_id and i.hecho),
        total = (select count(*)::int from checklist_items i where i.orden_id = c.orden_id)
      where c.orden_id = ${ordenId} and c.entidad_id = ${entidadId}
      returning c.hechos, c.total`);
    return r ?? { hechos: 0, total: 0 };
  }

  /** Labels of the required items not done, in order (what blocks Finalizada). */
  async faltantes(entidadId: number, ordenId: number): Promise<string[]> {
    const r = await this.leer<{ etiqueta: string }>(sql`
      select etiqueta from checklist_items
      where orden_id = ${ordenId} and entidad_id = ${entidadId} and requerido and not hecho
      order by posicion, id`);
    return r.map((x) => x.etiqueta);
  }

  /** The origin of a follow-up order: the order (if still there) and the item's label. */
  async origen(
    entidadId: number,
    origenOrdenId: number,
    origenItemId: number,
  ): Promise<{ ordenId: number; numero: number; titulo: string; itemId: number; etiqueta: string } | null> {
    const [r] = await this.leer<{
      ordenId: number;
      numero: number;
      titulo: string;
      itemId: number;
      etiqueta: string;
    }>(sql`
      select o.id as "ordenId", o.numero, o.titulo, ${origenItemId}::int as "itemId",
             coalesce((select i.etiqueta from checklist_items i where i.id = ${origenItemId} and i.orden_id = o.id), '') as etiqueta
      from ordenes o where o.id = ${origenOrdenId} and o.entidad_id = ${entidadId} and o.eliminada is null`);
    return r ?? null;
  }
}
