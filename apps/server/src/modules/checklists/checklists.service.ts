import { esViolacionDeUnicidad } from '../../kernel/db-errors.js';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ESTADO,
  LIMITES_CHECKLIST,
  LIMITES_ORDEN,
  MENSAJES_CHECKLIST,
  fueraDeLimites,
  respuestaHecha,
  textoLimites,
  tienePermiso,
  zOrdenGuardar,
  type ChecklistOrden,
  type ItemChecklist,
  type ItemDefinido,
  type ItemGuardado,
  type PlantillaChecklist,
  type SeguimientoCreado,
  type zAgregarItem,
  type zCrearSeguimiento,
  type zPlantillaGuardar,
  type zReaplicarChecklist,
  type zResponderItem,
} from '@delego/contract';
import type { z } from 'zod';
import type { Actor } from '../../kernel/actor.js';
import type { DomainEvent, EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import type { Consultar, Db, DbOrTx } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import type { TransicionPropuesta } from '../../kernel/reglas-de-estado.js';
import { responderEnTransaccion } from '../../lib/idempotencia.js';
import { leerImagenFirma } from '../../lib/imagen-firma.js';
import type { PuertoArchivos, Storage } from '../files/index.js';
import type { EventoAjeno, PuertoOrdenes } from '../orders/index.js';
import {
  ChecklistsRepository,
  type CabeceraFila,
  type ItemFila,
  type ItemNuevo,
  type OrdenParaChecklist,
  type RespuestaGuardada,
} from './checklists.repository.js';

type Responder = z.output<typeof zResponderItem>;
type NuevoItem = z.output<typeof zAgregarItem>;

const NO_EXISTE_TIPO = 'El tipo de orden no existe.';
const RESULTADO_TEXTO = { pasa: 'Pasa', falla: 'Falla', na: 'No aplica' } as const;
const numeroTexto = (n: number) => n.toLocaleString('es-AR', { maximumFractionDigits: 6 });
/** A text in the history: at most 200 characters. */
const corto = (s: string) => (s.length > 200 ? `${s.slice(0, 199)}…` : s);

/** A definition as stored: empty section or unit is none; limits only on numbers. */
export function normalizarItem(i: NuevoItem): ItemDefinido {
  const numero = i.tipo === 'numero';
  return {
    seccion: i.seccion?.trim() || null,
    etiqueta: i.etiqueta,
    tipo: i.tipo,
    requerido: i.requerido,
    publico: i.publico,
    unidad: numero ? i.unidad?.trim() || null : null,
    min: numero ? (i.min ?? null) : null,
    max: numero ? (i.max ?? null) : null,
  };
}

/** What the history says an answer was ("Falla", "12,5 bar (fuera de límites)", «texto», 2 fotos). */
export function valorEnHistorial(item: ItemDefinido, r: RespuestaGuardada, fallido: boolean): string {
  switch (item.tipo) {
    case 'tick':
      return r.marcado ? 'Hecho' : 'Sin hacer';
    case 'pasa_falla':
      return r.resultado ? RESULTADO_TEXTO[r.resultado] : '—';
    case 'numero': {
      const v = `${numeroTexto(r.numero ?? 0)}${item.unidad ? ` ${item.unidad}` : ''}`;
      return fallido ? `${v} (fallido)` : v;
    }
    case 'texto':
      return `«${corto(r.texto ?? '')}»`;
    case 'foto':
      return `${r.fotos.length} ${r.fotos.length === 1 ? 'foto' : 'fotos'}: ${r.fotos.map((f) => f.nombre).join(', ')}`;
    case 'firma':
      return r.firmante ? `Firmó ${r.firmante}` : 'Firmado';
  }
}

/**
 * Checklists (docs/CHECKLISTS.md): each order type's template, versioned; each order's checklist,
 * copied from the template current when the order was created (or its type changed) plus ad-hoc
 * items, answered item by item; the follow-up order of a failed item; and the rule that required
 * items block Finalizada. Every call reaches the order through the orders port (`acceso`: another
 * company's order is a 404) and writes the order's history through it, in its own transaction.
 */
export class ChecklistsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    private readonly orders: Pick<
      PuertoOrdenes,
      'acceso' | 'insertEventos' | 'crearEnTransaccion' | 'renovarCupoSiVencio'
    >,
    private readonly files: Pick<PuertoArchivos, 'nombresEnOrden' | 'copiarEnTransaccion'>,
    private readonly storage: Storage,
    /** The prepared reader (kernel/db/client.ts), for the reads outside a transaction. */
    private readonly consultar?: Consultar,
  ) {}

  /** Inside a transaction, its handle; outside, the prepared reader. */
  private repo(tx?: DbOrTx) {
    return tx ? new ChecklistsRepository(tx) : new ChecklistsRepository(this.db, this.consultar);
  }

  // -------------------------------------------------------------------------------------------
  // Templates

  /** GET: the current template of a company's order type (version 0 when it has none). */
  async plantilla(actor: Actor, tipoOrdenId: number, tx?: DbOrTx): Promise<PlantillaChecklist> {
    const repo = this.repo(tx);
    if (!(await repo.tipoDeEmpresa(actor.entidadId, tipoOrdenId))) throw AppError.notFound(NO_EXISTE_TIPO);
    const p = await repo.plantilla(actor.entidadId, tipoOrdenId);
    return {
      tipoOrdenId,
      version: p?.version ?? 0,
      actualizada: p?.creada ?? null,
      actualizadaPor: p?.usuarioNombre ?? null,
      items: p?.items ?? [],
    };
  }

  /** PUT: a new version of the template (altaEtiquetas). Orders keep the copy they have. */
  async guardarPlantilla(
    actor: Actor,
    tipoOrdenId: number,
    b: z.output<typeof zPlantillaGuardar>,
  ): Promise<PlantillaChecklist> {
    if (!tienePermiso(actor, 'altaEtiquetas')) throw AppError.forbidden(MENSAJES_CHECKLIST.sinPermisoPlantilla);
    const items = b.items.map(normalizarItem);
    const guardar = () =>
      this.db.transaction(async (tx) => {
        const repo = this.repo(tx);
        if (!(await repo.tipoDeEmpresa(actor.entidadId, tipoOrdenId))) throw AppError.notFound(NO_EXISTE_TIPO);
        await repo.insertarPlantilla(actor.entidadId, tipoOrdenId, actor.id, items, this.clock.now());
        return this.plantilla(actor, tipoOrdenId, tx);
      });
    try {
      return await guardar();
    } catch (e) {
      // Two saves of the same type at once took the same version number: the later one goes next.
      if (esViolacionDeUnicidad(e)) return guardar();
      throw e;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Copying the template to an order

  /**
   * Makes the order's checklist follow its type, inside `tx`: a checklist that does not exist yet
   * is copied from the template current when the order was created; when the order's type changed
   * since the copy and no copied item has an answer, the new type's current template replaces the
   * copied items (ad-hoc ones stay). With answers it is left alone: the checklist says
   * `plantillaDesactualizada` and the re-apply call asks first. True when something changed.
   */
  async sincronizar(
    tx: DbOrTx,
    entidadId: number,
    orden: OrdenParaChecklist,
    { tipoCambiado = false }: { tipoCambiado?: boolean } = {},
  ): Promise<boolean> {
    const repo = this.repo(tx);
    const c = await repo.cabecera(entidadId, orden.id, true);
    if (!c) {
      // An order created without a type has no row until it needs one: given a type later, it
      // follows that type's current template, as a row copied at the create would.
      const hasta = tipoCambiado ? undefined : orden.creada;
      const p = orden.tipoOrdenId == null ? null : await repo.plantilla(entidadId, orden.tipoOrdenId, hasta);
      const creada = await repo.crearCabecera(entidadId, {
        ordenId: orden.id,
        tipoOrdenId: orden.tipoOrdenId,
        plantillaId: p?.id ?? null,
        version: p?.version ?? null,
      });
      if (!creada || !p?.items.length) return false;
      await repo.insertarItems(entidadId, orden.id, this.copias(p.items, 1));
      await repo.recontar(entidadId, orden.id);
      return true;
    }
    if (c.tipoOrdenId === orden.tipoOrdenId) return false;
    if ((await repo.respondidosDePlantilla(entidadId, orden.id)) > 0) return false;
    await this.aplicarPlantilla(repo, entidadId, orden.id, orden.tipoOrdenId);
    return true;
  }

  /** The items of a template as copies for an order, from `desde` on. */
  private copias(items: readonly ItemDefinido[], desde: number): ItemNuevo[] {
    return items.map((i, n) => ({ ...i, posicion: desde + n, adHoc: false }));
  }

  /**
   * Replaces the copied items with the current template of `tipoOrdenId` (none when null), before
   * the ad-hoc items, and records which version the checklist follows.
   */
  private async aplicarPlantilla(
    repo: ChecklistsRepository,
    entidadId: number,
    ordenId: number,
    tipoOrdenId: number | null,
  ) {
    const p = tipoOrdenId == null ? null : await repo.plantilla(entidadId, tipoOrdenId);
    await repo.quitarItemsDePlantilla(entidadId, ordenId);
    // Template items take positions below the ad-hoc ones, which keep theirs.
    await repo.insertarItems(entidadId, ordenId, this.copias(p?.items ?? [], -LIMITES_CHECKLIST.items * 2));
    await repo.cambiarPlantilla(entidadId, ordenId, {
      tipoOrdenId,
      plantillaId: p?.id ?? null,
      version: p?.version ?? null,
    });
    await repo.recontar(entidadId, ordenId);
  }

  /**
   * For the bus (an order was created, or its type changed): syncs its checklist at once, so the
   * list shows its progress. Reads the order with its company (an event has no actor).
   */
  async alCambiarOrden(
    entidadId: number,
    ordenId: number,
    usuarioId: number,
    causa: 'alta' | 'tipo' | 'lectura' = 'lectura',
  ): Promise<void> {
    // A new order with nothing to copy: one prepared statement, no transaction (after every create).
    if (causa === 'alta' && (await this.repo().crearCabeceraVacia(entidadId, ordenId))) return;
    const cambio = await this.db.transaction(async (tx) => {
      const orden = await this.repo(tx).ordenParaChecklist(entidadId, ordenId);
      return orden ? this.sincronizar(tx, entidadId, orden, { tipoCambiado: causa === 'tipo' }) : false;
    });
    if (cambio) this.bus.publish({ type: 'orden.checklistCambiada', entidadId, ordenId, usuarioId });
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  /** GET: the order's checklist (synced first when its type changed or it was never copied). */
  async checklist(actor: Actor, ordenId: number): Promise<ChecklistOrden> {
    const acc = await this.orders.acceso(actor, ordenId);
    const o = acc.orden;
    const repo = this.repo();
    let c = await repo.cabecera(actor.entidadId, ordenId);
    let items = c ? await repo.items(actor.entidadId, ordenId) : [];
    const conRespuestas = items.some((i) => !i.adHoc && i.respuesta !== null);
    // No row and no type: nothing to copy, so reading writes nothing (the row comes with an item or a type).
    const nadaQueCopiar = !c && o.tipoOrdenId == null;
    if (!nadaQueCopiar && (!c || (c.tipoOrdenId !== o.tipoOrdenId && !conRespuestas))) {
      await this.alCambiarOrden(actor.entidadId, ordenId, actor.id);
      c = await repo.cabecera(actor.entidadId, ordenId);
      items = await repo.items(actor.entidadId, ordenId);
    }
    return this.armar(repo, actor, o.id, o.tipoOrdenId, c, items, acc.modificar);
  }

  /** The checklist as the contract shows it, from its rows. */
  private async armar(
    repo: ChecklistsRepository,
    actor: Actor,
    ordenId: number,
    tipoOrdenId: number | null,
    c: CabeceraFila | null,
    filas: ItemFila[],
    modificar: boolean,
  ): Promise<ChecklistOrden> {
    const items = filas.map((i) => this.aItem(i));
    const origen =
      c?.origenOrdenId != null && c.origenItemId != null
        ? await repo.origen(actor.entidadId, c.origenOrdenId, c.origenItemId)
        : null;
    return {
      ordenId,
      tipoOrdenId: c?.tipoOrdenId ?? null,
      version: c?.version ?? null,
      plantillaDesactualizada: !!c && c.tipoOrdenId !== tipoOrdenId,
      progreso: { hechos: items.filter((i) => i.hecho).length, total: items.length },
      faltantes: items.filter((i) => i.requerido && !i.hecho).map((i) => i.etiqueta),
      items,
      origen,
      seguimientos: items.flatMap((i) => (i.seguimiento ? [{ ...i.seguimiento, itemId: i.id }] : [])),
      modificar,
    };
  }

  private aItem(i: ItemFila): ItemChecklist {
    return {
      id: i.id,
      seccion: i.seccion,
      etiqueta: i.etiqueta,
      tipo: i.tipo,
      requerido: i.requerido,
      publico: i.publico,
      unidad: i.unidad,
      min: i.min,
      max: i.max,
      adHoc: i.adHoc,
      respuesta:
        i.respuesta && i.respondidoPor != null && i.respondidoEn != null
          ? {
              ...i.respuesta,
              por: { id: i.respondidoPor, nombre: i.respondidoPorNombre ?? '' },
              en: i.respondidoEn,
            }
          : null,
      hecho: i.hecho,
      fallido: i.fallido,
      seguimiento: i.seguimiento,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Writing

  /**
   * The start of every write to an order's checklist, inside `tx`: the order locked (changes to
   * one order, its state included, queue up), the actor allowed to modify it, its checklist synced
   * and locked (by the sync).
   */
  private async abrir(tx: DbOrTx, actor: Actor, ordenId: number) {
    const acc = await this.orders.acceso(actor, ordenId, { tx, bloquear: true });
    if (!acc.modificar) throw AppError.forbidden(MENSAJES_CHECKLIST.sinPermisoModificar);
    const o = acc.orden;
    // The sync locks the checklist's row (or creates it, locked until the commit).
    await this.sincronizar(tx, actor.entidadId, { id: o.id, tipoOrdenId: o.tipoOrdenId, creada: o.creada });
    return { repo: this.repo(tx), orden: o };
  }

  private async itemDe(repo: ChecklistsRepository, actor: Actor, ordenId: number, itemId: number) {
    const item = await repo.item(actor.entidadId, ordenId, itemId);
    if (!item) throw AppError.notFound(MENSAJES_CHECKLIST.itemNoEncontrado);
    return item;
  }

  private cambiada(actor: Actor, ordenId: number, itemId?: number): DomainEvent {
    return {
      type: 'orden.checklistCambiada',
      entidadId: actor.entidadId,
      ordenId,
      usuarioId: actor.id,
      ...(itemId === undefined ? {} : { itemId }),
    };
  }

  /** The answer as stored, from what was sent, checked against the item (kind, limits, photos). */
  private async respuestaDe(
    tx: DbOrTx,
    actor: Actor,
    ordenId: number,
    item: ItemFila,
    b: Responder,
  ): Promise<{ r: RespuestaGuardada; fallido: boolean }> {
    if (b.tipo !== item.tipo) throw AppError.invalid('tipo', MENSAJES_CHECKLIST.tipoDistinto(item.etiqueta, item.tipo));
    // Photos (a photo item's answer, or any answer's evidence) must be files of this order.
    const ids = [...new Set(b.archivos ?? [])];
    const nombres = ids.length
      ? await this.files.nombresEnOrden(actor, ordenId, ids, tx, { soloImagenes: true })
      : new Map<number, string>();
    if (nombres.size !== ids.length) throw AppError.invalid('archivos', MENSAJES_CHECKLIST.fotoAjena);
    const r: RespuestaGuardada = {
      marcado: null,
      resultado: null,
      numero: null,
      texto: null,
      fotos: ids.map((id) => ({ id, nombre: nombres.get(id) as string })),
      firmante: null,
      nota: b.nota?.trim() || null,
    };
    switch (b.tipo) {
      case 'tick':
        return { r: { ...r, marcado: b.marcado }, fallido: false };
      case 'pasa_falla':
        return { r: { ...r, resultado: b.resultado }, fallido: b.resultado === 'falla' };
      case 'numero': {
        const fuera = fueraDeLimites(b.numero, item);
        if (fuera && b.fallido !== true) {
          throw AppError.invalid('numero', MENSAJES_CHECKLIST.fueraDeRango(item.etiqueta, textoLimites(item)));
        }
        return { r: { ...r, numero: b.numero }, fallido: fuera || b.fallido === true };
      }
      case 'texto':
        return { r: { ...r, texto: b.texto }, fallido: false };
      case 'foto':
        return { r, fallido: false };
      case 'firma':
        return { r: { ...r, firmante: b.firmante?.trim() || null }, fallido: false };
    }
  }

  /**
   * PUT: one item's answer. Only that item's row changes (two people answering the same checklist
   * never lose each other's items); the later answer to one item wins and each is in the history.
   */
  async responder(actor: Actor, ordenId: number, itemId: number, b: Responder): Promise<ItemGuardado> {
    // A signature is checked (and its bytes stored) before the transaction: no database work waits on it.
    let firma: { clave: string; mime: string } | null = null;
    if (b.tipo === 'firma') {
      const img = leerImagenFirma(b.imagen, LIMITES_CHECKLIST.firmaBytes);
      if (img === 'grande') throw new AppError('DEMASIADO_GRANDE', MENSAJES_CHECKLIST.firmaGrande, { field: 'imagen' });
      if (img === 'invalida') throw AppError.invalid('imagen', MENSAJES_CHECKLIST.firmaInvalida);
      firma = { clave: `e${actor.entidadId}/o${ordenId}/firma-${randomUUID()}.${img.extension}`, mime: img.mime };
      // The order must be visible before anything is written for it.
      await this.orders.acceso(actor, ordenId);
      await this.storage.put(firma.clave, Readable.from([img.bytes]));
    }
    const ahora = this.clock.now();
    let anterior: string | null = null;
    try {
      const res = await this.db.transaction(async (tx) => {
        const { repo } = await this.abrir(tx, actor, ordenId);
        const item = await this.itemDe(repo, actor, ordenId, itemId);
        const { r, fallido } = await this.respuestaDe(tx, actor, ordenId, item, b);
        anterior = item.firmaClave;
        await repo.guardarRespuesta(actor.entidadId, itemId, {
          respuesta: r,
          hecho: respuestaHecha(item.tipo, { ...r, por: { id: actor.id, nombre: '' }, en: 0 }),
          fallido,
          por: actor.id,
          en: ahora,
          firmaClave: firma?.clave ?? null,
          firmaMime: firma?.mime ?? null,
        });
        const evento: EventoAjeno | null =
          item.tipo === 'firma'
            ? { tipo: 'CHECKLIST_FIRMA', datos: { itemId, etiqueta: item.etiqueta, firmante: r.firmante } }
            : eventoDeRespuesta(item, r, fallido);
        if (evento) {
          await this.orders.insertEventos(tx, actor, ordenId, [{ ...evento, comentario: r.nota, fecha: ahora }]);
        }
        return responderEnTransaccion(tx, await this.guardado(repo, actor, ordenId, itemId));
      });
      this.bus.publish(this.cambiada(actor, ordenId, itemId));
      // The replaced signature's bytes are no longer referenced.
      if (anterior && anterior !== firma?.clave) await this.storage.delete(anterior).catch(() => undefined);
      return res;
    } catch (e) {
      if (firma) await this.storage.delete(firma.clave).catch(() => undefined);
      throw e;
    }
  }

  /** The item as it is now, and the checklist's progress (recounted in the row the list reads). */
  private async guardado(repo: ChecklistsRepository, actor: Actor, ordenId: number, itemId: number) {
    const progreso = await repo.recontar(actor.entidadId, ordenId);
    const item = await this.itemDe(repo, actor, ordenId, itemId);
    return { item: this.aItem(item), progreso, faltantes: await repo.faltantes(actor.entidadId, ordenId) };
  }

  /** DELETE: clears one item's answer (in the history too). */
  async borrarRespuesta(actor: Actor, ordenId: number, itemId: number): Promise<ItemGuardado> {
    let anterior: string | null = null;
    const res = await this.db.transaction(async (tx) => {
      const { repo } = await this.abrir(tx, actor, ordenId);
      const item = await this.itemDe(repo, actor, ordenId, itemId);
      anterior = item.firmaClave;
      if (item.respuesta !== null) {
        await repo.guardarRespuesta(actor.entidadId, itemId, {
          respuesta: null,
          hecho: false,
          fallido: false,
          por: null,
          en: null,
          firmaClave: null,
          firmaMime: null,
        });
        await this.orders.insertEventos(tx, actor, ordenId, [
          { tipo: 'CHECKLIST', datos: { accion: 'borro', itemId, etiqueta: item.etiqueta } },
        ]);
      }
      return responderEnTransaccion(tx, await this.guardado(repo, actor, ordenId, itemId));
    });
    this.bus.publish(this.cambiada(actor, ordenId, itemId));
    if (anterior) await this.storage.delete(anterior).catch(() => undefined);
    return res;
  }

  /** The checklist after a write, read inside its transaction. */
  private async leerEn(tx: DbOrTx, actor: Actor, ordenId: number): Promise<ChecklistOrden> {
    const acc = await this.orders.acceso(actor, ordenId, { tx });
    const repo = this.repo(tx);
    const c = await repo.cabecera(actor.entidadId, ordenId);
    const items = await repo.items(actor.entidadId, ordenId);
    return this.armar(repo, actor, ordenId, acc.orden.tipoOrdenId, c, items, acc.modificar);
  }

  /** POST: an item of this order only, at the end (at most 200 items in all). */
  async agregarItem(actor: Actor, ordenId: number, b: NuevoItem): Promise<ChecklistOrden> {
    const item = normalizarItem(b);
    const res = await this.db.transaction(async (tx) => {
      const { repo } = await this.abrir(tx, actor, ordenId);
      const { posicion, cantidad } = await repo.siguientePosicion(actor.entidadId, ordenId);
      if (cantidad >= LIMITES_CHECKLIST.items) throw AppError.invalid('items', MENSAJES_CHECKLIST.demasiadosItems);
      const [id] = await repo.insertarItems(actor.entidadId, ordenId, [{ ...item, posicion, adHoc: true }]);
      await repo.recontar(actor.entidadId, ordenId);
      await this.orders.insertEventos(tx, actor, ordenId, [
        { tipo: 'CHECKLIST', datos: { accion: 'agrego', itemId: id, etiqueta: item.etiqueta } },
      ]);
      return responderEnTransaccion(tx, await this.leerEn(tx, actor, ordenId));
    });
    this.bus.publish(this.cambiada(actor, ordenId));
    return res;
  }

  /** DELETE: removes an item added to the order (the template's stay). */
  async quitarItem(actor: Actor, ordenId: number, itemId: number): Promise<ChecklistOrden> {
    let firma: string | null = null;
    const res = await this.db.transaction(async (tx) => {
      const { repo } = await this.abrir(tx, actor, ordenId);
      const item = await this.itemDe(repo, actor, ordenId, itemId);
      if (!item.adHoc) throw AppError.invalid('itemId', MENSAJES_CHECKLIST.soloAdHoc);
      firma = item.firmaClave;
      await repo.quitarItem(actor.entidadId, ordenId, itemId);
      await repo.recontar(actor.entidadId, ordenId);
      await this.orders.insertEventos(tx, actor, ordenId, [
        { tipo: 'CHECKLIST', datos: { accion: 'quito', itemId, etiqueta: item.etiqueta } },
      ]);
      return responderEnTransaccion(tx, await this.leerEn(tx, actor, ordenId));
    });
    this.bus.publish(this.cambiada(actor, ordenId));
    if (firma) await this.storage.delete(firma).catch(() => undefined);
    return res;
  }

  /**
   * POST: copies the current template of the order's type again (a new version, or after the type
   * changed; an order left without a type loses the copied items). With answers in the copied
   * items it asks first: 409 unless `reemplazar`. Ad-hoc items stay.
   */
  async reaplicar(actor: Actor, ordenId: number, b: z.output<typeof zReaplicarChecklist>): Promise<ChecklistOrden> {
    const res = await this.db.transaction(async (tx) => {
      const { repo, orden } = await this.abrir(tx, actor, ordenId);
      const respondidos = await repo.respondidosDePlantilla(actor.entidadId, ordenId);
      if (respondidos > 0 && !b.reemplazar) {
        throw new AppError('CONFLICTO', MENSAJES_CHECKLIST.reemplazarRespuestas(respondidos), { field: 'reemplazar' });
      }
      await this.aplicarPlantilla(repo, actor.entidadId, ordenId, orden.tipoOrdenId);
      const c = await repo.cabecera(actor.entidadId, ordenId);
      await this.orders.insertEventos(tx, actor, ordenId, [
        { tipo: 'CHECKLIST', datos: { accion: 'reaplico', version: c?.version ?? null, respuestas: respondidos } },
      ]);
      return this.leerEn(tx, actor, ordenId);
    });
    this.bus.publish(this.cambiada(actor, ordenId));
    return res;
  }

  /**
   * POST: the follow-up order of a failed item, created through the orders' own create (quota,
   * number, history) in this transaction, pre-filled from the origin and linked both ways. An item
   * has one follow-up: asking again answers it.
   */
  async crearSeguimiento(
    actor: Actor,
    ordenId: number,
    itemId: number,
    b: z.output<typeof zCrearSeguimiento>,
  ): Promise<SeguimientoCreado> {
    const eventos: DomainEvent[] = [];
    let deshacerFotos: (() => Promise<void>) | undefined;
    const crear = () =>
      this.db.transaction(async (tx) => {
        const { repo, orden } = await this.abrir(tx, actor, ordenId);
        const item = await this.itemDe(repo, actor, ordenId, itemId);
        if (item.seguimiento) {
          return responderEnTransaccion(tx, { seguimiento: item.seguimiento, item: this.aItem(item), creado: false });
        }
        if (!item.fallido) throw AppError.invalid('itemId', MENSAJES_CHECKLIST.noFallido);
        const r = item.respuesta;
        const valor = r ? valorEnHistorial(item, r, true) : '—';
        const lineas = [
          `Seguimiento de la orden N° ${orden.numero} («${orden.titulo}»).`,
          `Ítem fallido: «${item.etiqueta}»: ${valor}.`,
          ...(r?.nota ? [`Nota: ${r.nota}`] : []),
        ];
        const titulo = b.titulo ?? `Seguimiento: ${item.etiqueta}`.slice(0, LIMITES_ORDEN.titulo).trim();
        const nueva = await this.orders.crearEnTransaccion(
          tx,
          actor,
          zOrdenGuardar.parse({
            titulo,
            detalle: lineas.join('\n').slice(0, LIMITES_ORDEN.detalle),
            cliente: orden.clienteId,
            tipoOrden: orden.tipoOrdenId,
            area: orden.areaId,
            prioridad: orden.prioridadId,
            e5sAreaKey: orden.e5sAreaKey,
            e5sAreaName: orden.e5sAreaName,
            responsable: b.responsable ?? [],
          }),
        );
        eventos.push(...nueva.eventos);
        // The item's photos are copied to the new order's files (bytes, thumbnail, history).
        if (r?.fotos.length) {
          const copia = await this.files.copiarEnTransaccion(
            tx,
            actor,
            ordenId,
            nueva.id,
            r.fotos.map((f) => f.id),
          );
          deshacerFotos = copia.deshacer;
        }
        // The follow-up's own checklist: its type's template, and where it came from.
        await this.sincronizar(tx, actor.entidadId, {
          id: nueva.id,
          tipoOrdenId: orden.tipoOrdenId,
          creada: this.clock.now().getTime(),
        });
        await repo.ponerOrigen(actor.entidadId, nueva.id, ordenId, itemId);
        await repo.ponerSeguimiento(actor.entidadId, itemId, nueva.id);
        const vinculo = { ordenId: nueva.id, numero: nueva.numero, titulo: nueva.titulo };
        await this.orders.insertEventos(tx, actor, ordenId, [
          { tipo: 'SEGUIMIENTO', datos: { rol: 'origen', itemId, etiqueta: item.etiqueta, ...vinculo } },
        ]);
        await this.orders.insertEventos(tx, actor, nueva.id, [
          {
            tipo: 'SEGUIMIENTO',
            datos: {
              rol: 'seguimiento',
              itemId,
              etiqueta: item.etiqueta,
              ordenId,
              numero: orden.numero,
              titulo: orden.titulo,
            },
          },
        ]);
        const ahora = await this.itemDe(repo, actor, ordenId, itemId);
        return responderEnTransaccion(tx, { seguimiento: vinculo, item: this.aItem(ahora), creado: true });
      });
    let res: SeguimientoCreado;
    try {
      // A plan period that ended is renewed first, outside the transaction (as a create does).
      await this.orders.renovarCupoSiVencio(actor.entidadId);
      res = await crear();
    } catch (e) {
      // Nothing was committed: the copied photos' bytes go too.
      await deshacerFotos?.();
      throw e;
    }
    for (const e of eventos) this.bus.publish(e);
    if (res.creado) {
      this.bus.publish(this.cambiada(actor, ordenId, itemId));
      this.bus.publish(this.cambiada(actor, res.seguimiento.ordenId));
    }
    return res;
  }

  /**
   * For the order's public summary (no actor: the caller checked the link's token and its company):
   * the items marked public, with their answers, and the progress of the whole checklist. Reads
   * only what was copied; nothing is written.
   */
  async publicos(
    entidadId: number,
    ordenId: number,
  ): Promise<{ items: ItemChecklist[]; progreso: { hechos: number; total: number } }> {
    const repo = this.repo();
    const c = await repo.cabecera(entidadId, ordenId);
    if (!c) return { items: [], progreso: { hechos: 0, total: 0 } };
    const items = (await repo.items(entidadId, ordenId)).filter((i) => i.publico).map((i) => this.aItem(i));
    return { items, progreso: { hechos: c.hechos, total: c.total } };
  }

  /**
   * For a caller that already decided the order may be read (the public summary, the PDF): a
   * signature item's image of a company's order, or null when it has none.
   */
  async firmaDeEmpresa(
    entidadId: number,
    ordenId: number,
    itemId: number,
  ): Promise<{ mime: string; abrir: () => Promise<Readable> } | null> {
    const item = await this.repo().item(entidadId, ordenId, itemId);
    if (!item || item.tipo !== 'firma' || !item.firmaClave || !item.firmaMime) return null;
    const clave = item.firmaClave;
    return { mime: item.firmaMime, abrir: () => this.storage.get(clave) };
  }

  /** GET: a signature item's image. */
  async firma(
    actor: Actor,
    ordenId: number,
    itemId: number,
  ): Promise<{ mime: string; abrir: () => Promise<Readable> }> {
    await this.orders.acceso(actor, ordenId);
    await this.itemDe(this.repo(), actor, ordenId, itemId);
    const f = await this.firmaDeEmpresa(actor.entidadId, ordenId, itemId);
    if (!f) throw AppError.notFound('El ítem no tiene una firma.');
    return f;
  }

  // -------------------------------------------------------------------------------------------
  // The rule of Finalizada

  /**
   * The state rule (kernel/reglas-de-estado.ts): an order whose required items are not done cannot
   * become Finalizada. Read through the change's transaction; a checklist not copied yet counts
   * the required items of the template it will copy.
   */
  readonly reglaFinalizar = async (t: TransicionPropuesta): Promise<readonly string[]> => {
    if (t.hacia !== ESTADO.FINALIZADA) return [];
    const repo = this.repo(t.tx);
    const entidadId = t.actor.entidadId;
    let faltan: string[];
    if (await repo.cabecera(entidadId, t.ordenId)) {
      faltan = await repo.faltantes(entidadId, t.ordenId);
    } else {
      const o = await repo.ordenParaChecklist(entidadId, t.ordenId);
      const p = o?.tipoOrdenId != null ? await repo.plantilla(entidadId, o.tipoOrdenId, o.creada) : null;
      faltan = (p?.items ?? []).filter((i) => i.requerido).map((i) => i.etiqueta);
    }
    return faltan.length ? [MENSAJES_CHECKLIST.faltanRequeridos(faltan)] : [];
  };
}

/**
 * What the history says of an answer. The same value again with a photo added, taken away or a new
 * note is said as that (an evidence photo is not a second answer); the same answer again, nothing.
 */
function eventoDeRespuesta(item: ItemFila, r: RespuestaGuardada, fallido: boolean): EventoAjeno | null {
  const base = { itemId: item.id, etiqueta: item.etiqueta };
  const antes = item.respuesta;
  const mismoValor =
    antes !== null &&
    item.fallido === fallido &&
    antes.marcado === r.marcado &&
    antes.resultado === r.resultado &&
    antes.numero === r.numero &&
    antes.texto === r.texto;
  if (!mismoValor || item.tipo === 'foto') {
    return {
      tipo: 'CHECKLIST',
      datos: { accion: 'respondio', ...base, valor: valorEnHistorial(item, r, fallido), fallido },
    };
  }
  const previas = new Set(antes.fotos.map((f) => f.id));
  const nuevas = r.fotos.filter((f) => !previas.has(f.id)).map((f) => f.nombre);
  const quitadas = antes.fotos.length + nuevas.length - r.fotos.length;
  if (nuevas.length) return { tipo: 'CHECKLIST', datos: { accion: 'evidencia', ...base, fotos: nuevas } };
  if (quitadas > 0) return { tipo: 'CHECKLIST', datos: { accion: 'sinEvidencia', ...base, cantidad: quitadas } };
  if ((antes.nota ?? null) !== r.nota) return { tipo: 'CHECKLIST', datos: { accion: 'nota', ...base } };
  return null;
}
