import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  ESTADO,
  LIMITES_CONFORMIDAD,
  MENSAJES_CONFORMIDAD,
  tienePermiso,
  type ConformidadOrden,
  type ConformidadPublica,
  type ConformidadRemotaHecha,
  type ConformidadRequerida,
  type ConformidadTipo,
  type zConformidadRemota,
  type zFirmaConformidad,
} from '@delego/contract';
import type { Actor } from '../../kernel/actor.js';
import type { EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import { responderEnTransaccion } from '../../lib/idempotencia.js';
import type { Storage } from '../files/index.js';
import type { PuertoNotificaciones } from '../notifications/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { ConformityRepository, type ConformidadFila } from './conformity.repository.js';
import { leerImagenFirma, type ProblemaFirma } from '../../lib/imagen-firma.js';

/** The order a public link is for (the client-side module resolves the token). */
export interface OrdenDeEnlace {
  entidadId: number;
  ordenId: number;
  /** Who created the link: the history names them for the client's answer, as for the billing form. */
  creadoPor: number;
}

/** A stored signature image, for the PDF report and its download. */
export interface ImagenFirma {
  tipo: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

export interface DepsConformityService {
  orders: Pick<PuertoOrdenes, 'acceso' | 'insertEvento' | 'reabrir'>;
  notifications: Pick<PuertoNotificaciones, 'create'>;
  /** Where the signature images live: the files' storage. */
  storage: Storage;
  log: FastifyBaseLogger;
}

const MENSAJE_FIRMA: Record<ProblemaFirma, string> = {
  invalida: MENSAJES_CONFORMIDAD.firmaNoImagen,
  grande: MENSAJES_CONFORMIDAD.firmaGrande,
};

/**
 * The client's conformity with an order (issue 31, docs/CONFORMIDAD.md): the signature on site (by
 * whoever may change the order), the answer from the public summary (by the link's token: «No
 * conforme» reopens a finished order and notifies its responsables), what each order type
 * requires, and the rules that other modules ask: before Finalizada, before billing.
 */
export class ConformityService {
  private readonly repo: ConformityRepository;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    private readonly deps: DepsConformityService,
  ) {
    this.repo = new ConformityRepository(db);
  }

  /** GET /api/v2/orden/{id}/conformidad: whoever sees the order sees its conformity. */
  async find(actor: Actor, ordenId: number): Promise<ConformidadOrden> {
    const { orden } = await this.deps.orders.acceso(actor, ordenId);
    return this.estado(this.repo, actor.entidadId, ordenId, orden.tipoOrdenId);
  }

  /**
   * POST /api/v2/orden/{id}/conformidad/firma: the client signs on the phone. The image is checked
   * (a real PNG or JPEG, at most 200 KB), stored, and the order becomes conforme; the signature is
   * in the history. A later signature replaces the earlier one (both stay in the history).
   */
  async firmar(actor: Actor, ordenId: number, f: z.output<typeof zFirmaConformidad>): Promise<ConformidadOrden> {
    // The same check as a checklist's signature item (lib/imagen-firma.ts).
    const firma = leerImagenFirma(f.firma, LIMITES_CONFORMIDAD.firmaBytes);
    if (typeof firma === 'string') throw AppError.invalid('firma', MENSAJE_FIRMA[firma]);
    const ahora = this.clock.now();
    if (f.fecha !== undefined && f.fecha > ahora.getTime() + LIMITES_CONFORMIDAD.futuroToleradoMs) {
      throw AppError.invalid('fecha', MENSAJES_CONFORMIDAD.fechaFutura);
    }
    // 404 / 403 before anything is stored.
    const antes = await this.deps.orders.acceso(actor, ordenId);
    if (!antes.modificar) throw AppError.forbidden(MENSAJES_CONFORMIDAD.sinPermisoFirma);
    const clave = `e${actor.entidadId}/o${ordenId}/conformidad-${randomUUID()}.${firma.extension}`;
    await this.deps.storage.put(clave, Readable.from([firma.bytes]));
    let anterior: string | null = null;
    try {
      const respuesta = await this.db.transaction(async (tx) => {
        const acc = await this.deps.orders.acceso(actor, ordenId, { tx, bloquear: true });
        if (!acc.modificar) throw AppError.forbidden(MENSAJES_CONFORMIDAD.sinPermisoFirma);
        const repo = new ConformityRepository(tx);
        anterior = (await repo.findParaCambio(actor.entidadId, ordenId))?.firmaClave ?? null;
        const ubicacion = f.ubicacion ?? null;
        await repo.saveFirma(actor.entidadId, ordenId, {
          clave,
          tipo: firma.mime,
          nombre: f.nombre,
          dni: f.dni ?? null,
          fecha: new Date(f.fecha ?? ahora.getTime()),
          registrada: ahora,
          usuarioId: actor.id,
          lat: ubicacion?.lat ?? null,
          lng: ubicacion?.lng ?? null,
          precision: ubicacion?.precision ?? null,
        });
        await this.deps.orders.insertEvento(tx, actor, ordenId, {
          tipo: 'CONFORMIDAD',
          datos: {
            accion: 'firma',
            nombre: f.nombre,
            dni: f.dni ?? null,
            fecha: f.fecha ?? ahora.getTime(),
            conUbicacion: ubicacion !== null,
          },
        });
        return responderEnTransaccion(tx, await this.estado(repo, actor.entidadId, ordenId, acc.orden.tipoOrdenId));
      });
      this.publicar(actor.entidadId, ordenId, actor.id);
      if (anterior) await this.borrarImagen(anterior);
      return respuesta;
    } catch (err) {
      await this.borrarImagen(clave);
      throw err;
    }
  }

  /** GET /api/v2/orden/{id}/conformidad/firma: the image, to whoever sees the order. */
  async imagen(actor: Actor, ordenId: number): Promise<ImagenFirma> {
    await this.deps.orders.acceso(actor, ordenId);
    const img = await this.imagenDeOrden(actor.entidadId, ordenId);
    if (!img) throw AppError.notFound('La orden no tiene la firma del cliente.');
    return img;
  }

  /** For the PDF report: the conformity and the signature's image, if any (the caller checked access). */
  async paraImprimir(
    actor: Actor,
    ordenId: number,
  ): Promise<{ conformidad: ConformidadOrden; imagen: ImagenFirma | null }> {
    const { orden } = await this.deps.orders.acceso(actor, ordenId);
    const conformidad = await this.estado(this.repo, actor.entidadId, ordenId, orden.tipoOrdenId);
    const imagen = conformidad.firma ? await this.imagenDeOrden(actor.entidadId, ordenId) : null;
    return { conformidad, imagen };
  }

  // -------------------------------------------------------------------------------------------
  // Public: the summary's «Conforme» / «No conforme» (the client-side module resolves the link)

  /** What the public summary shows of the conformity (no user names, DNI or location). */
  async publica(entidadId: number, ordenId: number): Promise<ConformidadPublica | undefined> {
    const orden = await this.repo.findOrden(entidadId, ordenId);
    if (!orden) return undefined;
    return aPublica(await this.estado(this.repo, entidadId, ordenId, orden.tipoOrdenId), orden.estadoId);
  }

  /**
   * POST /api/v2/ordersummary/conformidad: the client's answer. The same answer as the last one
   * changes nothing (a retry, a second tap). «No conforme» reopens a finished order, and either
   * way the order's responsables (or its creator, when it has none) are notified live and by push.
   */
  async responderRemota(
    enlace: OrdenDeEnlace,
    r: z.output<typeof zConformidadRemota>,
  ): Promise<ConformidadRemotaHecha> {
    const { entidadId, ordenId } = enlace;
    const ahora = this.clock.now();
    const motivo = r.conforme ? (r.motivo ?? null) || null : (r.motivo ?? '');
    const hecho = await this.db.transaction(async (tx) => {
      const repo = new ConformityRepository(tx);
      const orden = await repo.findOrden(entidadId, ordenId, true);
      if (!orden) return null;
      if (orden.estadoId === ESTADO.CANCELADA) throw new AppError('CONFLICTO', MENSAJES_CONFORMIDAD.ordenCancelada);
      const actual = await repo.findParaCambio(entidadId, ordenId);
      if (
        actual?.remotaFecha &&
        actual.remotaConforme === r.conforme &&
        (actual.remotaMotivo ?? null) === motivo &&
        actual.estado === (r.conforme ? 'conforme' : 'no_conforme')
      ) {
        return { orden, repetida: true, reabierta: false };
      }
      await repo.saveRemota(entidadId, ordenId, { conforme: r.conforme, motivo, fecha: ahora });
      const autor = { id: enlace.creadoPor, entidadId } as Actor;
      await this.deps.orders.insertEvento(tx, autor, ordenId, {
        tipo: 'CONFORMIDAD',
        datos: { accion: r.conforme ? 'conforme' : 'no_conforme', motivo, desde: 'resumen_publico' },
        comentario: motivo,
      });
      const reabierta =
        !r.conforme &&
        (await this.deps.orders.reabrir(tx, entidadId, ordenId, enlace.creadoPor, `No conforme: ${motivo ?? ''}`, {
          desde: 'resumen_publico',
        }));
      return { orden, repetida: false, reabierta };
    });
    if (!hecho) throw new AppError('NO_ENCONTRADO', 'El enlace no existe o ya no está disponible.');
    const conformidad = await this.publica(entidadId, ordenId);
    if (!conformidad) throw new AppError('NO_ENCONTRADO', 'El enlace no existe o ya no está disponible.');
    if (hecho.repetida) return { ok: true, mensaje: MENSAJES_CONFORMIDAD.yaRespondida, conformidad };
    this.publicar(entidadId, ordenId, enlace.creadoPor);
    if (hecho.reabierta) {
      this.bus.publish({ type: 'orden.modificada', entidadId, ordenId, usuarioId: enlace.creadoPor });
    }
    this.deps.log.info({ ordenId, entidadId, conforme: r.conforme }, 'conformidad.remota');
    if (!r.conforme) await this.avisarNoConforme(entidadId, ordenId, hecho.orden, motivo ?? '', hecho.reabierta);
    return {
      ok: true,
      mensaje: r.conforme ? MENSAJES_CONFORMIDAD.gracias : MENSAJES_CONFORMIDAD.registradaNoConforme,
      conformidad,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Order types

  /** GET /api/v2/conformidad/tiposOrden. */
  async listTipos(actor: Actor): Promise<ConformidadTipo[]> {
    return this.repo.listTipos(actor.entidadId);
  }

  /** PUT /api/v2/conformidad/tipoOrden/{id}: altaEtiquetas; another company's type is 404. */
  async saveTipo(actor: Actor, tipoOrdenId: number, conformidad: ConformidadRequerida): Promise<ConformidadTipo> {
    if (!tienePermiso(actor, 'altaEtiquetas')) throw AppError.forbidden(MENSAJES_CONFORMIDAD.sinPermisoTipos);
    await this.db.transaction(async (tx) => {
      const repo = new ConformityRepository(tx);
      if (!(await repo.existeTipo(actor.entidadId, tipoOrdenId)))
        throw AppError.notFound('El tipo de orden no existe.');
      await repo.saveTipo(actor.entidadId, tipoOrdenId, conformidad);
    });
    return { tipoOrdenId, conformidad };
  }

  // -------------------------------------------------------------------------------------------
  // Rules other modules ask (inside their transaction)

  /**
   * Why the order may not move to `hacia` (Spanish sentences), read through `tx`: Finalizada needs
   * the client's conformity when its type requires it `antes_de_finalizar`.
   */
  async bloqueosDeEstado(
    tx: DbOrTx,
    entidadId: number,
    ordenId: number,
    tipoOrdenId: number | null,
    hacia: number,
  ): Promise<string[]> {
    if (hacia !== ESTADO.FINALIZADA) return [];
    const repo = new ConformityRepository(tx);
    if ((await repo.requeridaDeTipo(entidadId, tipoOrdenId)) !== 'antes_de_finalizar') return [];
    const fila = await repo.find(entidadId, ordenId);
    return fila?.estado === 'conforme' ? [] : [MENSAJES_CONFORMIDAD.requeridaParaFinalizar];
  }

  /** The billing action (client-side): refused without conformity when the type requires it `antes_de_facturar`. */
  async exigirParaFacturar(tx: DbOrTx, entidadId: number, ordenId: number, tipoOrdenId: number | null): Promise<void> {
    const repo = new ConformityRepository(tx);
    if ((await repo.requeridaDeTipo(entidadId, tipoOrdenId)) !== 'antes_de_facturar') return;
    const fila = await repo.find(entidadId, ordenId);
    if (fila?.estado !== 'conforme') {
      throw new AppError('CONFLICTO', MENSAJES_CONFORMIDAD.requeridaParaFacturar, { field: 'conformidad' });
    }
  }

  // -------------------------------------------------------------------------------------------

  private async estado(
    repo: ConformityRepository,
    entidadId: number,
    ordenId: number,
    tipoOrdenId: number | null,
  ): Promise<ConformidadOrden> {
    const [fila, requerida] = await Promise.all([
      repo.find(entidadId, ordenId),
      repo.requeridaDeTipo(entidadId, tipoOrdenId),
    ]);
    const registradaPor = fila?.firmaUsuarioId != null ? await repo.nombreUsuario(entidadId, fila.firmaUsuarioId) : '—';
    return aConformidad(ordenId, requerida, fila, registradaPor);
  }

  private async imagenDeOrden(entidadId: number, ordenId: number): Promise<ImagenFirma | null> {
    const fila = await this.repo.find(entidadId, ordenId);
    if (!fila?.firmaClave || !fila.firmaTipo) return null;
    const chunks: Buffer[] = [];
    try {
      for await (const c of await this.deps.storage.get(fila.firmaClave)) chunks.push(c as Buffer);
    } catch (err) {
      this.deps.log.warn({ err, ordenId, entidadId }, 'conformidad.imagenNoDisponible');
      return null;
    }
    return { tipo: fila.firmaTipo === 'image/jpeg' ? 'image/jpeg' : 'image/png', bytes: Buffer.concat(chunks) };
  }

  private async avisarNoConforme(
    entidadId: number,
    ordenId: number,
    orden: { numero: number; titulo: string; creador: number },
    motivo: string,
    reabierta: boolean,
  ): Promise<void> {
    const responsables = await this.repo.responsables(ordenId);
    const destinatarios = responsables.length ? responsables : [orden.creador];
    for (const usuarioId of new Set(destinatarios)) {
      await this.deps.notifications.create(entidadId, usuarioId, {
        tipo: 'ORDEN_NO_CONFORME',
        titulo: MENSAJES_CONFORMIDAD.notificacionTitulo(orden.numero),
        mensaje: `${orden.titulo}: «${motivo}»${reabierta ? ' (la orden se reabrió)' : ''}`,
        ordenId,
      });
    }
  }

  private publicar(entidadId: number, ordenId: number, usuarioId: number): void {
    this.bus.publish({ type: 'orden.conformidad', entidadId, ordenId, usuarioId });
  }

  private async borrarImagen(clave: string): Promise<void> {
    try {
      await this.deps.storage.delete(clave);
    } catch (err) {
      this.deps.log.warn({ err }, 'conformidad.borrarImagen');
    }
  }
}

function aConformidad(
  ordenId: number,
  requerida: ConformidadRequerida,
  fila: ConformidadFila | undefined,
  registradaPor: string,
): ConformidadOrden {
  const firma =
    fila?.firmaClave && fila.firmaNombre && fila.firmaFecha && fila.firmaRegistrada
      ? {
          nombre: fila.firmaNombre,
          dni: fila.firmaDni,
          fecha: fila.firmaFecha.getTime(),
          registrada: fila.firmaRegistrada.getTime(),
          ubicacion:
            fila.firmaLat != null && fila.firmaLng != null
              ? { lat: fila.firmaLat, lng: fila.firmaLng, precision: fila.firmaPrecision }
              : null,
          registradaPor,
          tipoImagen: fila.firmaTipo === 'image/jpeg' ? ('image/jpeg' as const) : ('image/png' as const),
        }
      : null;
  const remota =
    fila?.remotaFecha && fila.remotaConforme != null
      ? { conforme: fila.remotaConforme, motivo: fila.remotaMotivo, fecha: fila.remotaFecha.getTime() }
      : null;
  const estado = fila?.estado === 'conforme' || fila?.estado === 'no_conforme' ? fila.estado : 'pendiente';
  return { ordenId, requerida, estado, firma, remota, fecha: fila ? fila.fecha.getTime() : null };
}

function aPublica(c: ConformidadOrden, estadoId: number): ConformidadPublica {
  return {
    requerida: c.requerida,
    estado: c.estado,
    firma: c.firma ? { nombre: c.firma.nombre, fecha: c.firma.fecha } : null,
    remota: c.remota,
    puedeResponder: estadoId !== ESTADO.CANCELADA,
  };
}
