import {
  ESTADO,
  LIMITES_EXTERNO,
  MENSAJES_EXTERNO,
  TRANSICIONES,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  esAdmin,
  esEstadoValido,
  tienePermisoCliente,
  nombreDeExterno,
  type EnlaceExterno,
  type EnlacesExternosOrden,
  type VistaExterno,
  type zEntregaExterno,
} from '@delego/contract';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../kernel/actor.js';
import type { DomainEvent, EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import { crearToken } from '../../lib/tokens.js';
import type { CifradorEnlaces } from '../client-side/index.js';
import type { PuertoEntidades } from '../entidades/index.js';
import type { PuertoIdentidad } from '../identity/index.js';
import { correoDeEmpresa, type PuertoCorreo } from '../mail/index.js';
import type { PuertoNotificaciones } from '../notifications/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { ExternosRepository, type EnlaceConOrden, type EnlaceFila } from './externos.repository.js';
import { plantillaEntregaExterno } from './plantilla-externo.js';

/** What the contractor links are given (modules/externos/index.ts). */
export interface DepsExternos {
  /** The order, locked, and whether the actor may hand it over; its responsables and history. */
  orders: Pick<PuertoOrdenes, 'acceso' | 'insertEvento' | 'responsableEnTransaccion'>;
  /** The outsider's hidden user. */
  identidad: Pick<PuertoIdentidad, 'crearExterno'>;
  /** The link by mail (within `TOPES_CORREO_EXTERNO`), woken after the commit. */
  mail: Pick<PuertoCorreo, 'enqueueHasta' | 'kick'>;
  /** The company as the sender of that mail. */
  entidades: Pick<PuertoEntidades, 'find'>;
  /** EXTERNO_RESPONDIO to who handed the order over, in the answer's transaction. */
  notifications: Pick<PuertoNotificaciones, 'crearVariasEnTransaccion'>;
  /** The installation's cipher of the links' tokens (modules/secretos). */
  cifrador: CifradorEnlaces;
}

/**
 * The caps of the link mails in 24 h: a company cannot use hand-overs to mail one address over and
 * over, nor to mail many. Past a cap the link is created all the same, to be shared by hand.
 */
export const TOPES_CORREO_EXTERNO = { porDestinatario: 10, porEmpresa: 200 } as const;

const DIA_MS = 86_400_000;
const DURACION_MS = LIMITES_EXTERNO.diasTrasFinalizar * DIA_MS;

/** Until when a link works: null while its order is open; else 30 days after it finished, or a renewal. */
export function venceDe(f: Pick<EnlaceConOrden, 'finalizada' | 'renovadoHasta'>): Date | null {
  if (!f.finalizada) return null;
  const base = f.finalizada.getTime() + DURACION_MS;
  return new Date(Math.max(base, f.renovadoHasta?.getTime() ?? 0));
}

/** Why a link no longer opens its order (the 410 a request gets), or null when it does. */
export function motivoCerrado(f: EnlaceConOrden, ahora: Date): string | null {
  if (f.revocado) return MENSAJES_EXTERNO.revocado;
  if (f.eliminada) return MENSAJES_EXTERNO.ordenBorrada;
  const vence = venceDe(f);
  if (vence && ahora.getTime() > vence.getTime()) return MENSAJES_EXTERNO.vencido;
  return null;
}

export const urlExterno = (publicUrl: string, k: string) => `${publicUrl}/externo/${k}`;

const cerrada = (estadoId: number) => estadoId === ESTADO.FINALIZADA || estadoId === ESTADO.CANCELADA;
const persona = (nombre: string | null, apellido: string | null) => `${nombre ?? ''} ${apellido ?? ''}`.trim();

/**
 * Contractor links (docs/EXTERNOS.md): the company's side (hand over, list, revoke, renew) and the
 * outsider's (the page's view, accept, reject). The outsider's other acts go through the order's
 * own routes under their hidden user (the auth hook, `autenticador.ts`, let them through).
 */
export class ExternosService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    private readonly deps: DepsExternos,
    private readonly entorno: { log: FastifyBaseLogger; publicUrl: string },
  ) {}

  // -------------------------------------------------------------------------------------------
  // The company's side

  /** GET /api/v4/externos/orden/:id */
  async deOrden(actor: Actor, ordenId: number): Promise<EnlacesExternosOrden> {
    const ac = await this.deps.orders.acceso(actor, ordenId);
    const filas = await new ExternosRepository(this.db).deOrden(actor.entidadId, ordenId);
    const enlaces = filas.map((f) => this.aEnlace(f));
    const abierto = filas.some((f) => !f.revocado && f.respuesta !== 'rechazada');
    return { enlaces, puedeEntregar: puedeEntregar(actor, ac.orden) && !cerrada(ac.orden.estadoId) && !abierto };
  }

  /** POST /api/v4/externos/orden/:id: the link, mailed when there is an email; the outsider becomes a responsable. */
  async entregar(actor: Actor, ordenId: number, b: z.output<typeof zEntregaExterno>): Promise<EnlaceExterno> {
    const { token, hash } = crearToken();
    const email = b.email ?? null;
    const whatsapp = b.whatsapp ?? null;
    const mensaje = b.mensaje ?? null;
    let eventos: DomainEvent[] = [];
    let correo = false;
    let usuarioNuevo = false;
    const id = await this.db.transaction(async (tx) => {
      const ac = await this.deps.orders.acceso(actor, ordenId, { tx, bloquear: true });
      if (!puedeEntregar(actor, ac.orden)) throw AppError.forbidden(MENSAJES_EXTERNO.sinDelegar);
      if (cerrada(ac.orden.estadoId)) throw new AppError('CONFLICTO', MENSAJES_EXTERNO.ordenCerrada);
      const repo = new ExternosRepository(tx);
      // The order's row is locked: two hand-overs of one order go one after the other.
      if (await repo.hayAbierto(ordenId)) throw new AppError('CONFLICTO', MENSAJES_EXTERNO.yaEntregada);
      let usuarioId = await repo.usuarioDeContacto(actor.entidadId, email, whatsapp);
      if (usuarioId === undefined) {
        usuarioId = await this.deps.identidad.crearExterno(tx, actor.entidadId, nombreDeExterno(b.nombre));
        usuarioNuevo = true;
      }
      const nuevo = await repo.insert({
        entidadId: actor.entidadId,
        ordenId,
        usuarioId,
        nombre: b.nombre,
        email,
        whatsapp,
        mensaje,
        hash,
        cifrado: this.deps.cifrador.cifrar(token),
        creado: this.clock.now(),
        creadoPor: actor.id,
      });
      await this.deps.orders.insertEvento(tx, actor, ordenId, {
        tipo: 'EXTERNO',
        comentario: mensaje,
        datos: { accion: 'entregada', nombre: b.nombre, enlaceId: nuevo },
      });
      eventos = await this.deps.orders.responsableEnTransaccion(
        tx,
        actor,
        ordenId,
        ac.orden.responsables,
        { agregar: usuarioId },
        null,
      );
      if (email) {
        const entidad = await this.deps.entidades.find(actor.entidadId, tx);
        const contenido = correoDeEmpresa(entidad, { tipo: 'externo', para: email, entidadId: actor.entidadId }, (r) =>
          plantillaEntregaExterno({
            remitente: r,
            nombre: b.nombre,
            numero: ac.orden.numero,
            titulo: ac.orden.titulo ?? '',
            mensaje,
            enlace: urlExterno(this.entorno.publicUrl, token),
          }),
        );
        correo = await this.deps.mail.enqueueHasta(
          tx,
          { ...contenido, entidadId: actor.entidadId },
          TOPES_CORREO_EXTERNO,
        );
        if (correo) await repo.marcarCorreo(nuevo);
      }
      return nuevo;
    });
    if (usuarioNuevo) this.bus.publish({ type: 'usuarios.cambiados', entidadId: actor.entidadId });
    for (const e of eventos) this.bus.publish(e);
    if (!eventos.length) this.modificada(actor, ordenId);
    if (correo) this.deps.mail.kick();
    this.entorno.log.info({ entidadId: actor.entidadId, ordenId, enlaceId: id, correo }, 'externo.entregada');
    return this.uno(actor, ordenId, id, token);
  }

  /** POST /api/v4/externos/:id/revocar: refused from now on, on every instance (the hook reads the row each time). */
  async revocar(actor: Actor, id: number): Promise<EnlaceExterno> {
    const ordenId = await this.cambiar(actor, id, async (repo, f, tx) => {
      if (f.revocado) throw new AppError('CONFLICTO', MENSAJES_EXTERNO.yaRevocado);
      await repo.revocar(id, this.clock.now(), actor.id);
      await this.deps.orders.insertEvento(tx, actor, f.ordenId, {
        tipo: 'EXTERNO',
        datos: { accion: 'revocado', nombre: f.nombre, enlaceId: id },
      });
    });
    this.entorno.log.info({ entidadId: actor.entidadId, ordenId, enlaceId: id }, 'externo.revocado');
    return this.uno(actor, ordenId, id);
  }

  /** POST /api/v4/externos/:id/renovar: 30 more days from now. */
  async renovar(actor: Actor, id: number): Promise<EnlaceExterno> {
    const hasta = new Date(this.clock.now().getTime() + DURACION_MS);
    const ordenId = await this.cambiar(actor, id, async (repo, f, tx) => {
      if (f.revocado || f.respuesta === 'rechazada') throw new AppError('CONFLICTO', MENSAJES_EXTERNO.noRenovable);
      await repo.renovar(id, hasta);
      await this.deps.orders.insertEvento(tx, actor, f.ordenId, {
        tipo: 'EXTERNO',
        datos: { accion: 'renovado', nombre: f.nombre, enlaceId: id, hasta: hasta.getTime() },
      });
    });
    return this.uno(actor, ordenId, id);
  }

  /**
   * A change of one link by the company: the link of the actor's company (404 otherwise), its
   * order locked and the actor allowed to delegate it (403), the link's row locked.
   */
  private async cambiar(
    actor: Actor,
    id: number,
    hacer: (repo: ExternosRepository, f: EnlaceFila, tx: DbOrTx) => Promise<void>,
  ): Promise<number> {
    const ordenId = await this.db.transaction(async (tx) => {
      const repo = new ExternosRepository(tx);
      const o = await repo.ordenDe(actor.entidadId, id);
      if (o === undefined) throw AppError.notFound();
      const ac = await this.deps.orders.acceso(actor, o, { tx, bloquear: true });
      if (!puedeEntregar(actor, ac.orden)) throw AppError.forbidden(MENSAJES_EXTERNO.sinDelegar);
      await repo.bloquear(id);
      const [f] = await repo.deOrden(actor.entidadId, o, id);
      if (!f) throw AppError.notFound();
      await hacer(repo, f, tx);
      return o;
    });
    this.modificada(actor, ordenId);
    return ordenId;
  }

  private modificada(actor: Actor, ordenId: number): void {
    this.bus.publish({ type: 'orden.modificada', entidadId: actor.entidadId, ordenId, usuarioId: actor.id });
  }

  private async uno(actor: Actor, ordenId: number, id: number, token?: string): Promise<EnlaceExterno> {
    const [f] = await new ExternosRepository(this.db).deOrden(actor.entidadId, ordenId, id);
    if (!f) throw AppError.notFound();
    return this.aEnlace(f, token);
  }

  private aEnlace(f: EnlaceFila, token?: string): EnlaceExterno {
    const ahora = this.clock.now();
    const activo = motivoCerrado(f, ahora) === null && f.respuesta !== 'rechazada';
    const k = activo ? (token ?? (f.cifrado ? this.deps.cifrador.descifrar(f.cifrado) : null)) : null;
    const url = k ? urlExterno(this.entorno.publicUrl, k) : null;
    const vence = venceDe(f);
    return {
      id: f.id,
      ordenId: f.ordenId,
      nombre: f.nombre,
      email: f.email,
      whatsapp: f.whatsapp,
      respuesta: f.respuesta,
      motivo: f.motivo,
      creado: f.creado.getTime(),
      creadoPor: persona(f.creadoPorNombre, f.creadoPorApellido),
      respondido: f.respondido?.getTime() ?? null,
      revocado: f.revocado?.getTime() ?? null,
      revocadoPor: f.revocado ? persona(f.revocadoPorNombre, f.revocadoPorApellido) : null,
      vence: vence?.getTime() ?? null,
      activo,
      url,
      compartirWhatsapp:
        url && f.whatsapp
          ? `https://wa.me/${f.whatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(`Le entregamos una orden de trabajo. Ábrala aquí: ${url}`)}`
          : null,
      correoEnviado: f.correoEnviado,
    };
  }

  // -------------------------------------------------------------------------------------------
  // The outsider's side (the actor is their hidden user, `actor.externo` set by the hook)

  /** GET /api/v4/externo */
  async vista(actor: Actor): Promise<VistaExterno> {
    const { enlaceId, ordenId } = exigirExterno(actor);
    const repo = new ExternosRepository(this.db);
    const [f] = await repo.deOrden(actor.entidadId, ordenId, enlaceId);
    const o = await repo.vista(actor.entidadId, ordenId);
    if (!f || !o) throw AppError.notFound();
    const historial = await repo.historial(actor.entidadId, ordenId);
    const propio = await repo.registroPropio(actor.entidadId, ordenId, actor.id);
    const vence = venceDe(f);
    return {
      empresa: { nombre: o.empresa, zonaHoraria: ZONA_HORARIA_EMPRESA_POR_DEFECTO },
      externo: {
        nombre: f.nombre,
        usuarioId: actor.id,
        respuesta: f.respuesta,
        motivo: f.motivo,
        vence: vence?.getTime() ?? null,
        mensaje: f.mensaje,
      },
      orden: {
        id: o.id,
        numero: o.numero,
        titulo: o.titulo,
        detalle: o.detalle,
        estadoId: o.estadoId,
        cliente: o.cliente,
        ubicacion: o.ubicacion,
        equipo: o.equipo,
        tipo: o.tipo,
        prioridad: o.prioridad,
        fechaFin: o.fechaFin?.getTime() ?? null,
      },
      estadosSiguientes: f.respuesta === 'aceptada' && esEstadoValido(o.estadoId) ? [...TRANSICIONES[o.estadoId]] : [],
      historial: historial.map((h) => ({
        fecha: h.fecha.getTime(),
        quien: persona(h.nombre, h.apellido),
        estadoAnteriorId: h.estadoAnteriorId,
        estadoNuevoId: h.estadoNuevoId,
        comentario: h.comentario,
      })),
      horas: propio.horas.map((h) => ({
        id: h.id,
        fecha: new Date(h.fecha).getTime(),
        horas: Math.floor(h.minutos / 60),
        minutos: h.minutos % 60,
        descripcion: h.descripcion,
      })),
      gastos: propio.gastos.map((g) => ({
        id: g.id,
        fecha: new Date(g.fecha).getTime(),
        concepto: g.concepto,
        monto: Number(g.centavos) / 100,
        moneda: g.moneda,
      })),
      tieneChecklist: o.tieneChecklist === true,
    };
  }

  /** POST /api/v4/externo/aceptar */
  async aceptar(actor: Actor): Promise<VistaExterno> {
    await this.responder(actor, 'aceptada', null);
    return this.vista(actor);
  }

  /** POST /api/v4/externo/rechazar: the outsider stops being a responsable; the link then only shows the refusal. */
  async rechazar(actor: Actor, motivo: string): Promise<VistaExterno> {
    await this.responder(actor, 'rechazada', motivo);
    return this.vista(actor);
  }

  private async responder(actor: Actor, respuesta: 'aceptada' | 'rechazada', motivo: string | null): Promise<void> {
    const { enlaceId, ordenId } = exigirExterno(actor);
    let eventos: DomainEvent[] = [];
    let anunciar: () => Promise<void> = async () => undefined;
    await this.db.transaction(async (tx) => {
      const ac = await this.deps.orders.acceso(actor, ordenId, { tx, bloquear: true });
      const repo = new ExternosRepository(tx);
      const f = await repo.bloquear(enlaceId);
      if (!f || f.respuesta !== 'pendiente') throw new AppError('CONFLICTO', MENSAJES_EXTERNO.yaRespondida);
      await repo.responder(enlaceId, respuesta, motivo, this.clock.now());
      await this.deps.orders.insertEvento(tx, actor, ordenId, {
        tipo: 'EXTERNO',
        comentario: motivo,
        datos: { accion: respuesta, nombre: actor.nombre.replace(/^Externo: /, ''), enlaceId },
      });
      const quien = actor.nombre;
      const aviso = await this.deps.notifications.crearVariasEnTransaccion(tx, [
        {
          entidadId: actor.entidadId,
          usuarioId: f.creadoPor,
          tipo: 'EXTERNO_RESPONDIO',
          ordenId,
          titulo: `${quien} ${respuesta === 'aceptada' ? 'aceptó' : 'rechazó'} la orden #${ac.orden.numero}`,
          mensaje: respuesta === 'aceptada' ? (ac.orden.titulo ?? '') : `Motivo: ${motivo ?? ''}`,
        },
      ]);
      anunciar = aviso.anunciar;
      if (respuesta === 'rechazada') {
        eventos = await this.deps.orders.responsableEnTransaccion(
          tx,
          actor,
          ordenId,
          ac.orden.responsables,
          { quitar: actor.id },
          null,
        );
      }
    });
    for (const e of eventos) this.bus.publish(e);
    if (!eventos.length) this.modificada(actor, ordenId);
    await anunciar();
    this.entorno.log.info({ entidadId: actor.entidadId, ordenId, enlaceId, respuesta }, 'externo.respondio');
  }
}

/**
 * Handing an order to an outsider is delegating it (issue 33): an admin, or whoever holds
 * delegarOrden for the order's client (who may create orders for that client and assign them).
 */
function puedeEntregar(actor: Actor, o: { clienteId: number | null }): boolean {
  if (actor.externo) return false;
  return esAdmin(actor) || (o.clienteId !== null && tienePermisoCliente(actor, o.clienteId, 'delegarOrden'));
}

function exigirExterno(actor: Actor): { enlaceId: number; ordenId: number } {
  if (!actor.externo) throw AppError.notFound();
  return actor.externo;
}
