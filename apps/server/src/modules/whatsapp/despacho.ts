import { estadoInfo, type EventoUsuario } from '@delego/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Consultar, Db, DbOrTx } from '../../kernel/db/client.js';
import type { DomainEvent, EventBus } from '../../kernel/bus.js';
import { banderaPorEmpresa } from '../../kernel/cache-registry.js';
import type { Clock } from '../../kernel/clock.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import type { PuertoLadoCliente } from '../client-side/index.js';
import type { AvisoWhatsapp, PuertoNotificaciones } from '../notifications/index.js';
import {
  claveDeAviso,
  claveDeEvento,
  DespachoRepository,
  type EventoParaCliente,
  type OrdenYUsuario,
} from './despacho.repository.js';
import type { MensajeNuevo, WhatsappService } from './whatsapp.service.js';

/** How far back the scan looks for events and notifications that were not queued (a crash, a lost reaction). */
export const VENTANA_DESPACHO_MS = 24 * 3_600_000;
/** Events read per statement by the scan. */
const LOTE = 200;

/**
 * «A client of the company has a WhatsApp consent in force», one entry per company (issue 37): the
 * reaction to each change of an order asks it before the join of `eventosPendientes`, which can
 * find nothing without one (most companies have none). Consents are given only by
 * `ConsentimientosService.guardarCliente`, which publishes `whatsapp.consentimientosCambiados` after
 * its commit; the bus carries it to every instance and the registry drops the company's entry. An
 * opt-out (the company's or a «BAJA») only takes consents away, so a stale true costs one join,
 * nothing more. Listed with every other cache in src/caches.ts; the module builds and registers it
 * (modules/whatsapp/index.ts).
 */
export const DECLARACION_CONSENTIMIENTOS_WHATSAPP = banderaPorEmpresa(
  'consentimientosWhatsapp',
  'whatsapp.consentimientosCambiados',
);

/** The one key of a company's entry in that cache. */
const HAY_CONSENTIMIENTOS = 'hay';

export interface DepsDespacho {
  cola: Pick<WhatsappService, 'encolar' | 'kick'>;
  enlaces: Pick<PuertoLadoCliente, 'enlacePublico'>;
  avisos: Pick<PuertoNotificaciones, 'avisosWhatsappDesde' | 'canales'>;
  /** The app's address (PUBLIC_URL): a request's message links the inbox. */
  appUrl: string;
  /** «A client of the company has a consent in force» (DECLARACION_CONSENTIMIENTOS_WHATSAPP). */
  conConsentimientos: TenantCache<boolean>;
  /** The prepared reader (kernel/db), for the probes after each order change. */
  consultar?: Consultar;
}

type Log = Pick<FastifyBaseLogger, 'error' | 'info'>;

/**
 * Who gets which WhatsApp (issue 35, docs/WHATSAPP.md). A client with a consent in force hears of
 * its orders from their history: created, each state change, a survey sent. A user hears of the
 * notifications whose kind they chose WhatsApp for. Every message carries the order's public link
 * (a field worker opens it on the phone without signing in). Each message has the key of what caused it (the history event, the notification), so
 * the reaction to the bus (at once) and the scan of every minute (what a crash or a lost reaction
 * left) queue it once between them, on any number of instances.
 */
export class DespachoWhatsapp {
  private readonly pendientes = new Set<Promise<unknown>>();
  private detenido = false;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly log: Log,
    private readonly deps: DepsDespacho,
  ) {}

  /** Reacts to this instance's events: an order's history grew, a notification chose WhatsApp. */
  escuchar(): void {
    this.bus.subscribeLocal((e) => this.alEvento(e));
  }

  private alEvento(e: DomainEvent): void {
    if (this.detenido) return;
    if (e.type === 'orden.creada' || e.type === 'orden.estadoCambiado' || e.type === 'orden.modificada') {
      this.seguir(this.deOrden(e.entidadId, e.ordenId));
    } else if (e.type === 'aviso.creado') {
      const { notificacionId, entidadId, usuarioId, tipo, ordenId, titulo, mensaje } = e;
      this.seguir(this.deAvisos([{ notificacionId, entidadId, usuarioId, tipo, ordenId, titulo, mensaje }]));
    }
  }

  private seguir(p: Promise<unknown>): void {
    const q = p
      .catch((err: unknown) => this.log.error({ err }, 'whatsapp.despachoFallo'))
      .finally(() => this.pendientes.delete(q));
    this.pendientes.add(q);
  }

  /** Resolves when every reaction started so far has ended (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pendientes.size) await Promise.allSettled([...this.pendientes]);
  }

  async detener(): Promise<void> {
    this.detenido = true;
    await this.idle();
  }

  /**
   * The minute's scan: what the window holds and nobody queued. Returns how many messages it queued.
   * It never asks the cache of consents: it is the backstop that queues what a reaction skipped on a
   * stale «no consent» (the event still on its way from another instance), so nothing is lost.
   */
  async escanear(): Promise<number> {
    const desde = new Date(this.clock.now().getTime() - VENTANA_DESPACHO_MS);
    let total = 0;
    let despuesDe = 0;
    for (;;) {
      const eventos = await new DespachoRepository(this.db).eventosPendientes(desde, LOTE, { despuesDe });
      total += await this.deEventos(eventos);
      if (eventos.length < LOTE) break;
      despuesDe = eventos[eventos.length - 1]!.eventoId;
    }
    const avisos = await this.deps.avisos.avisosWhatsappDesde(this.db, desde, 1_000);
    total += await this.deAvisos(avisos);
    if (total) this.log.info({ mensajes: total }, 'whatsapp.escaneo');
    return total;
  }

  /** A client's messages of one order's history; nothing to read when no client of the company consented. */
  private async deOrden(entidadId: number, ordenId: number): Promise<number> {
    const hay = await this.deps.conConsentimientos.getOrLoad(entidadId, HAY_CONSENTIMIENTOS, () =>
      new DespachoRepository(this.db, this.deps.consultar).hayConsentimientos(entidadId),
    );
    if (!hay) return 0;
    const desde = new Date(this.clock.now().getTime() - VENTANA_DESPACHO_MS);
    const eventos = await new DespachoRepository(this.db, this.deps.consultar).eventosPendientes(desde, LOTE, {
      ordenId,
    });
    return this.deEventos(eventos);
  }

  /** The clients' messages of these events. */
  private async deEventos(eventos: readonly EventoParaCliente[]): Promise<number> {
    return this.porOrden(eventos, async (tx, e, enlace) => mensajeDeCliente(e, await enlace(e.usuarioId)));
  }

  /** The users' messages of these notifications (each user chose WhatsApp for its kind). */
  private async deAvisos(avisos: readonly AvisoWhatsapp[]): Promise<number> {
    const sinOrden = avisos.filter((a) => a.ordenId === null && a.tipo === 'SOLICITUD_RECIBIDA');
    const deOrdenes = await this.porOrden(avisos, async (tx, a) => {
      const o = await new DespachoRepository(tx).ordenYUsuario(a.entidadId, a.ordenId, a.usuarioId);
      if (!o) return null;
      // Who also chose mail for this kind has it already: no second mail if WhatsApp fails.
      const canales = await this.deps.avisos.canales(tx, a.entidadId, a.usuarioId);
      // A user opens the order in the app, as the notices' mail links it: where the work is done. A
      // public link would show the client's summary, and create one in the order's history in the
      // name of the person notified.
      const enApp = `${this.deps.appUrl}/orden/${a.ordenId}`;
      return mensajeDeUsuario(a, o, enApp, canales[a.tipo].correo ? null : o.usuarioEmail);
    });
    return deOrdenes + (await this.deSolicitudes(sinOrden));
  }

  /** A request received (no order yet): its message links the inbox in the app, in one transaction. */
  private async deSolicitudes(avisos: readonly AvisoWhatsapp[]): Promise<number> {
    if (!avisos.length) return 0;
    const agregados = await this.db.transaction(async (tx) => {
      const repo = new DespachoRepository(tx);
      const mensajes: MensajeNuevo[] = [];
      for (const a of avisos) {
        if (await repo.encolado(claveDeAviso(a.notificacionId))) continue;
        const u = await repo.usuario(a.entidadId, a.usuarioId);
        if (!u) continue;
        const canales = await this.deps.avisos.canales(tx, a.entidadId, a.usuarioId);
        mensajes.push({
          entidadId: a.entidadId,
          clave: claveDeAviso(a.notificacionId),
          evento: 'SOLICITUD_RECIBIDA',
          destinatario: { tipo: 'usuario', usuarioId: a.usuarioId },
          ordenId: null,
          parametros: [sinPuntoFinal(a.mensaje), `${this.deps.appUrl}/solicitudes`],
          correoRespaldo: canales.SOLICITUD_RECIBIDA.correo ? null : u.email,
        });
      }
      return mensajes.length ? this.deps.cola.encolar(tx, mensajes) : 0;
    });
    if (agregados) this.deps.cola.kick();
    return agregados;
  }

  /**
   * One transaction per order, under the order's lock (two instances sending for the same order
   * wait for each other: neither writes a second public link), skipping what is queued already;
   * `mensaje` builds each message, with the order's public link when it asks for it.
   */
  private async porOrden<C extends Causa>(
    causas: readonly C[],
    mensaje: (
      tx: DbOrTx,
      causa: C & { ordenId: number },
      enlace: (usuarioId: number) => Promise<string>,
    ) => Promise<MensajeNuevo | null>,
  ): Promise<number> {
    const porOrden = new Map<number, (C & { ordenId: number })[]>();
    for (const c of causas) {
      if (c.ordenId === null) continue;
      const conOrden = c as C & { ordenId: number };
      porOrden.set(c.ordenId, [...(porOrden.get(c.ordenId) ?? []), conOrden]);
    }
    let agregados = 0;
    for (const [ordenId, deLaOrden] of porOrden) {
      const { entidadId } = deLaOrden[0]!;
      agregados += await this.db.transaction(async (tx) => {
        const repo = new DespachoRepository(tx);
        if (!(await repo.bloquearOrden(entidadId, ordenId))) return 0;
        let enlace: string | undefined;
        const enlaceDe = async (usuarioId: number) =>
          (enlace ??= await this.deps.enlaces.enlacePublico(tx, entidadId, ordenId, usuarioId, 'whatsapp'));
        const mensajes: MensajeNuevo[] = [];
        for (const c of deLaOrden) {
          // Another instance may have queued it while this one waited for the lock.
          if (await repo.encolado(claveDe(c))) continue;
          const m = await mensaje(tx, c, enlaceDe);
          if (m) mensajes.push(m);
        }
        return mensajes.length ? this.deps.cola.encolar(tx, mensajes) : 0;
      });
    }
    if (agregados) this.deps.cola.kick();
    return agregados;
  }
}

/** What causes a message: a history event or a notification, of an order. */
type Causa = ({ eventoId: number } | { notificacionId: number }) & { entidadId: number; ordenId: number | null };

/** The key of what caused a message. */
function claveDe(c: Causa): string {
  return 'eventoId' in c ? claveDeEvento(c.eventoId) : claveDeAviso(c.notificacionId);
}

/** A client's message of a history event, with the order's public link. */
export function mensajeDeCliente(e: EventoParaCliente, enlace: string): MensajeNuevo {
  const base = {
    entidadId: e.entidadId,
    clave: claveDeEvento(e.eventoId),
    destinatario: { tipo: 'cliente', clienteId: e.clienteId },
    ordenId: e.ordenId,
  } as const;
  const numero = String(e.numero);
  if (e.tipo === 'CREADA') {
    return {
      ...base,
      evento: 'ORDEN_CREADA',
      parametros: [e.clienteNombre, numero, e.titulo, enlace],
      correoRespaldo: e.clienteEmail,
    };
  }
  if (e.tipo === 'ESTADO') {
    const estado = (e.estadoNuevoId !== null && estadoInfo(e.estadoNuevoId)?.nombre) || 'otro estado';
    return {
      ...base,
      evento: 'ORDEN_ESTADO',
      parametros: [numero, e.titulo, estado, enlace],
      correoRespaldo: e.clienteEmail,
    };
  }
  // The survey itself went by mail already: no second mail when WhatsApp fails.
  return { ...base, evento: 'ENCUESTA', parametros: [e.clienteNombre, numero, e.titulo, enlace], correoRespaldo: null };
}

/** What a service-level notification says after «La orden #N»: «usó el 80 % de su plazo de respuesta». */
function queVence(titulo: string): string {
  return titulo.replace(/^La orden #\d+\s+/, '');
}

/**
 * What was asked, as the request template's first parameter: the template puts its own period after
 * it («Recibimos una solicitud: {{1}}. …»), so a request that ends in one does not read «..».
 */
function sinPuntoFinal(texto: string): string {
  return texto.replace(/\.+$/, '') || texto;
}

/** A user's message of a notification, with the link to the order in the app. */
export function mensajeDeUsuario(
  a: AvisoWhatsapp,
  o: OrdenYUsuario,
  enlace: string,
  correoRespaldo: string | null,
): MensajeNuevo {
  const numero = String(o.numero);
  const parametros: Record<EventoUsuario, string[]> = {
    ORDEN_ASIGNADA: [o.usuarioNombre, numero, o.titulo, enlace],
    ORDEN_ESTADO: [numero, o.titulo, estadoInfo(o.estadoId)?.nombre ?? 'otro estado', enlace],
    SLA_POR_VENCER: [numero, o.titulo, queVence(a.titulo), enlace],
    SOLICITUD_RECIBIDA: [sinPuntoFinal(a.mensaje), enlace],
  };
  return {
    entidadId: a.entidadId,
    clave: claveDeAviso(a.notificacionId),
    evento: a.tipo,
    destinatario: { tipo: 'usuario', usuarioId: a.usuarioId },
    ordenId: a.ordenId,
    parametros: parametros[a.tipo],
    correoRespaldo,
  };
}
