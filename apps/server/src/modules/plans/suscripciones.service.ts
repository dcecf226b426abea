import { esViolacionDeUnicidad } from '../../kernel/db-errors.js';
import {
  DIAS_GRACIA,
  esAdmin,
  incluyeDelPlan,
  MARCAS_TARJETA,
  MENSAJES_PLANES,
  MOTIVOS_RECHAZO,
  TOKEN_PRUEBA,
  textoFecha,
  unMesDespues,
  type EstadoPago,
  type Pago,
  type PlanCatalogo,
  type PlanEstado,
  type PlanHabilitado,
  type ResultadoSuscripcion,
  type zSuscribir,
} from '@delego/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import type { Actor } from '../../kernel/actor.js';
import type { EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError } from '../../kernel/errors.js';
import type { PuertoEntidades } from '../entidades/index.js';
import type { PuertoCorreo } from '../mail/index.js';
import { encolarCorreoDeEmpresa, plantillaAvisoDePlan } from '../mail/index.js';
import { leerEstadoDelPlan } from './plans.service.js';
import { ProveedorNoDisponible, type PagoDelProveedor, type ProveedorPagos } from './proveedor-pagos.js';
import {
  SuscripcionesRepository,
  type PagoRow,
  type PlanRow,
  type SuscripcionRow,
} from './suscripciones.repository.js';

const DIA_MS = 24 * 3_600_000;
/** Dates in mails and messages: the company's day in Argentina. */
const ZONA = 'America/Argentina/Buenos_Aires';
const REFERENCIA_EXTERNA = /^delego-pago-(\d{1,10})$/;
/** The status detail of a payment whose amount or currency did not match the plan's price. */
const DETALLE_MONTO_NO_COINCIDE = 'monto_no_coincide';
/** A plan change waits this long for its payment before another change may replace it. */
const CAMBIO_VIGENTE_MS = 15 * 60_000;

export interface SuscripcionesDeps {
  mail: Pick<PuertoCorreo, 'enqueue' | 'kick'>;
  entidades: Pick<PuertoEntidades, 'find'>;
  log: FastifyBaseLogger;
  publicUrl: string;
  /**
   * No MercadoPago credentials on a server others reach, and no PAGOS_MODO_PRUEBA=true
   * (modo-pagos.ts): every plan change and every webhook is refused, so the sandbox gives nothing away.
   */
  pagosSinConfigurar?: boolean;
}

/** A webhook as the route hands it over: the event, its payment and the signature headers. */
export interface NotificacionPago {
  eventoId: string;
  tipo: string;
  dataId: string;
  xSignature: string | undefined;
  xRequestId: string | undefined;
}

/** What a step of the lifecycle leaves to do after its commit. */
interface Efectos {
  cambio: boolean;
  correo: boolean;
  cancelar: string[];
}

const sinEfectos = (): Efectos => ({ cambio: false, correo: false, cancelar: [] });

/**
 * Plans and payments (issue 15, docs/PLANES.md): the catalogue, who may change the plan, the
 * payment history, subscribing through the payment provider, its webhooks, and the subscription
 * lifecycle (upgrade now, downgrade at the renewal, renewal only with an approved payment, 7 days
 * of grace, then the free plan). Every change publishes `plan.cambiado` after its commit.
 */
export class SuscripcionesService {
  private readonly pendientes = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    readonly proveedor: ProveedorPagos,
    private readonly deps: SuscripcionesDeps,
  ) {}

  /** GET /api/v2/plan/habilitado. */
  habilitado(actor: Actor): PlanHabilitado {
    const admin = esAdmin(actor);
    const sinPagos = this.deps.pagosSinConfigurar === true;
    return {
      habilitado: admin && !sinPagos,
      motivo: !admin ? MENSAJES_PLANES.sinPermiso : sinPagos ? MENSAJES_PLANES.pagosNoConfigurados : null,
      modoPrueba: this.proveedor.nombre === 'prueba' && !sinPagos,
      proveedor: this.proveedor.nombre,
      publicKey: this.proveedor.publicKey,
    };
  }

  /** GET /api/v2/plan/all: the active plans, cheapest first, the current one marked. */
  async catalogo(actor: Actor): Promise<PlanCatalogo[]> {
    const repo = new SuscripcionesRepository(this.db);
    const [planes, sus] = await Promise.all([repo.planesActivos(), repo.suscripcion(actor.entidadId)]);
    return planes.map((p) => ({
      id: p.id,
      nombre: p.nombre,
      precioMensual: Number(p.precioMensual),
      moneda: 'ARS' as const,
      quota: p.quota,
      incluye: incluyeDelPlan(),
      actual: sus?.planId === p.id,
      programado: sus?.planPendienteId === p.id,
    }));
  }

  /** GET /api/v2/plan/pagos: the company's payments, the newest first (admins). */
  async pagos(actor: Actor): Promise<Pago[]> {
    if (!esAdmin(actor)) throw AppError.forbidden(MENSAJES_PLANES.sinPermiso);
    const filas = await new SuscripcionesRepository(this.db).listarPagos(actor.entidadId);
    return filas.map((f) => aPago(f, f.planNombre));
  }

  /** POST /api/v2/plan/suscribir (docs/PLANES.md «Cambiar de plan»). */
  async suscribir(actor: Actor, body: z.output<typeof zSuscribir>): Promise<ResultadoSuscripcion> {
    if (!esAdmin(actor)) throw AppError.forbidden(MENSAJES_PLANES.sinPermiso);
    if (body.entidadId !== actor.entidadId) throw AppError.forbidden(MENSAJES_PLANES.otraEntidad);
    if (this.deps.pagosSinConfigurar) {
      throw new AppError('SERVICIO_NO_DISPONIBLE', MENSAJES_PLANES.pagosNoConfigurados);
    }
    const entidadId = actor.entidadId;
    await this.renovar(entidadId);
    const repo = new SuscripcionesRepository(this.db);
    const [destino, sus] = await Promise.all([repo.plan(body.planId), repo.suscripcion(entidadId)]);
    if (!destino?.activo) throw AppError.invalid('planId', MENSAJES_PLANES.planInexistente);
    if (!sus) throw AppError.notFound('La entidad no tiene un plan asignado.');
    const actual = await repo.plan(sus.planId);
    const precioActual = Number(actual?.precioMensual ?? 0);
    const precioDestino = Number(destino.precioMensual);
    const enGracia = sus.graciaHasta !== null;
    if (destino.id === sus.planId && !enGracia) throw new AppError('CONFLICTO', MENSAJES_PLANES.mismoPlan);
    if (destino.id === sus.planPendienteId) throw new AppError('CONFLICTO', MENSAJES_PLANES.mismoPlan);
    // Higher price (or paying the current plan again during the grace period): charged now.
    if (precioDestino > precioActual || (destino.id === sus.planId && enGracia)) {
      return this.cobrarCambio(actor, destino, body.datosTarjeta, sus);
    }
    return this.programarBaja(entidadId, destino, sus);
  }

  /** A downgrade: nothing charged now; the plan changes at the next renewal. */
  private async programarBaja(entidadId: number, destino: PlanRow, sus: SuscripcionRow): Promise<ResultadoSuscripcion> {
    const gratis = Number(destino.precioMensual) === 0;
    // The provider first: if it fails, nothing changed here (503).
    if (sus.proveedorSuscripcionId && sus.proveedor === this.proveedor.nombre) {
      try {
        if (gratis) await this.proveedor.cancelarSuscripcion(sus.proveedorSuscripcionId);
        else await this.proveedor.cambiarMonto(sus.proveedorSuscripcionId, Number(destino.precioMensual));
      } catch (err) {
        throw this.noDisponible(err);
      }
    }
    await this.db.transaction(async (tx) => {
      const repo = new SuscripcionesRepository(tx);
      await repo.suscripcionBloqueada(entidadId);
      await repo.actualizarSuscripcion(entidadId, {
        planPendienteId: destino.id,
        // A cancelled subscription charges no more: the paid period runs to its end.
        ...(gratis ? { proveedorSuscripcionId: null } : {}),
      });
    });
    this.bus.publish({ type: 'plan.cambiado', entidadId });
    const plan = await this.estado(entidadId);
    const fecha = textoFecha(plan.fechaProximoVencimiento ?? this.clock.now().getTime(), ZONA);
    return { estado: 'programado', mensaje: MENSAJES_PLANES.programado(destino.nombre, fecha), plan, pago: null };
  }

  /** An upgrade: the first charge now, through the provider; the plan changes when it is approved. */
  private async cobrarCambio(
    actor: Actor,
    destino: PlanRow,
    tarjeta: z.output<typeof zSuscribir>['datosTarjeta'],
    leida: SuscripcionRow,
  ): Promise<ResultadoSuscripcion> {
    if (!tarjeta) throw AppError.invalid('datosTarjeta', MENSAJES_PLANES.faltaTarjeta);
    if (this.proveedor.nombre === 'prueba' && !TOKEN_PRUEBA.test(tarjeta.token)) {
      throw AppError.invalid('datosTarjeta.token', MENSAJES_PLANES.tokenPrueba);
    }
    const entidadId = actor.entidadId;
    const textoTarjeta = `${MARCAS_TARJETA[tarjeta.marca]} •••• ${tarjeta.ultimosCuatro}`;
    const ahora = this.clock.now();
    const monto = Number(destino.precioMensual);
    // One change in flight per company (a partial unique index): concurrent calls make one subscription.
    let pago: PagoRow;
    try {
      pago = await this.db.transaction(async (tx) => {
        const repo = new SuscripcionesRepository(tx);
        const sus = await repo.suscripcionBloqueada(entidadId);
        // Another call changed the plan since it was read: this one was decided on old data.
        if (!sus || sus.planId !== leida.planId || sus.graciaHasta?.getTime() !== leida.graciaHasta?.getTime()) {
          throw new AppError(
            'CONFLICTO',
            sus?.planId === destino.id ? MENSAJES_PLANES.mismoPlan : MENSAJES_PLANES.cambioEnCurso,
          );
        }
        const enCurso = await repo.cambioEnCurso(entidadId);
        if (enCurso && ahora.getTime() - enCurso.creado.getTime() < CAMBIO_VIGENTE_MS) {
          throw new AppError('CONFLICTO', MENSAJES_PLANES.cambioEnCurso);
        }
        // A change left pending for long (a payment the provider never settled) gives way.
        if (enCurso)
          await repo.actualizarPago(enCurso.id, { estado: 'rechazado', detalle: 'reemplazado', actualizado: ahora });
        return repo.insertPago({
          entidadId,
          planId: destino.id,
          monto: destino.precioMensual,
          estado: 'pendiente',
          proposito: 'cambio',
          proveedor: this.proveedor.nombre,
          tarjeta: textoTarjeta,
          creado: ahora,
          actualizado: ahora,
        });
      });
    } catch (err) {
      if (esViolacionDeUnicidad(err)) throw new AppError('CONFLICTO', MENSAJES_PLANES.cambioEnCurso);
      throw err;
    }
    let cobro;
    try {
      cobro = await this.proveedor.crearSuscripcion({
        monto,
        motivo: `Delego — plan ${destino.nombre}`,
        referenciaExterna: `delego-pago-${pago.id}`,
        emailPagador: actor.email ?? `entidad-${entidadId}@delego.invalid`,
        tokenTarjeta: tarjeta.token,
        titular: tarjeta.titular,
      });
    } catch (err) {
      // Never reached the provider, or it failed: no payment to show, nothing changed.
      await new SuscripcionesRepository(this.db).actualizarPago(pago.id, {
        estado: 'rechazado',
        detalle: 'proveedor_no_disponible',
        actualizado: this.clock.now(),
      });
      throw this.noDisponible(err);
    }
    const efectos = sinEfectos();
    const final = await this.db.transaction(async (tx) => {
      const repo = new SuscripcionesRepository(tx);
      const sus = await repo.suscripcionBloqueada(entidadId);
      const fila = await repo.actualizarPago(pago.id, {
        estado: cobro.estado,
        referencia: cobro.referencia,
        suscripcionRef: cobro.suscripcionId,
        detalle: cobro.detalle,
        aplicado: cobro.estado === 'aprobado',
        actualizado: this.clock.now(),
      });
      if (cobro.estado === 'aprobado' && sus) {
        await this.aplicarCambio(tx, sus, destino, {
          suscripcionId: cobro.suscripcionId,
          tarjeta: textoTarjeta,
          efectos,
        });
      }
      return fila ?? pago;
    });
    await this.despues(entidadId, { ...efectos, cambio: true });
    const plan = await this.estado(entidadId);
    const mensaje =
      cobro.estado === 'aprobado'
        ? MENSAJES_PLANES.aprobado(destino.nombre)
        : cobro.estado === 'pendiente'
          ? MENSAJES_PLANES.pendiente(destino.nombre)
          : MENSAJES_PLANES.rechazado(motivoDeRechazo(cobro.detalle));
    return { estado: cobro.estado, mensaje, plan, pago: aPago(final, destino.nombre) };
  }

  /**
   * The new plan now, in a new period that starts today (docs/PLANES.md «Mejora»): the provider's
   * subscription charged the whole month today and charges again a month from today, so the period
   * follows the payment and the new plan's whole quota is available. Nothing of the old period is
   * charged twice. Grace and a scheduled downgrade end.
   */
  private async aplicarCambio(
    tx: DbOrTx,
    sus: SuscripcionRow,
    destino: PlanRow,
    o: { suscripcionId: string | null; tarjeta: string | null; efectos: Efectos },
  ): Promise<void> {
    const repo = new SuscripcionesRepository(tx);
    const ahora = this.clock.now();
    if (sus.proveedorSuscripcionId && sus.proveedorSuscripcionId !== o.suscripcionId) {
      o.efectos.cancelar.push(sus.proveedorSuscripcionId);
    }
    await repo.actualizarSuscripcion(sus.entidadId, {
      planId: destino.id,
      quota: destino.quota,
      quotaDisponible: destino.quota,
      graciaHasta: null,
      planPendienteId: null,
      proveedor: this.proveedor.nombre,
      proveedorSuscripcionId: o.suscripcionId,
      ...(o.tarjeta ? { tarjeta: o.tarjeta } : {}),
      periodoInicio: ahora,
      fechaProximoVencimiento: unMesDespues(ahora),
    });
    o.efectos.cambio = true;
  }

  // -------------------------------------------------------------------------------------------
  // Webhooks

  /**
   * POST /api/v2/plan/webhook/mercadopago: checked by signature (401, nothing changed), once per
   * event id (a replay answers ok and changes nothing). A `payment` event reads the payment from the
   * provider and moves it (and the subscription) to its state; other topics are acknowledged.
   */
  async webhook(n: NotificacionPago): Promise<{ ok: true }> {
    // Without payments configured nothing was ever charged: the sandbox's known secret must sign nothing.
    if (this.deps.pagosSinConfigurar) {
      throw new AppError('SERVICIO_NO_DISPONIBLE', MENSAJES_PLANES.pagosNoConfigurados);
    }
    const firmada = this.proveedor.firmaValida({
      xSignature: n.xSignature,
      xRequestId: n.xRequestId,
      dataId: n.dataId,
      ahora: this.clock.now().getTime(),
    });
    if (!firmada) throw new AppError('NO_AUTENTICADO', MENSAJES_PLANES.firmaInvalida);
    const proveedor = this.proveedor.nombre;
    // A replay is answered without asking the provider (and recorded below only once, in the change).
    if (await new SuscripcionesRepository(this.db).eventoRegistrado(proveedor, n.eventoId)) return { ok: true };
    if (n.tipo !== 'payment') {
      await new SuscripcionesRepository(this.db).registrarEvento(proveedor, n.eventoId, this.clock.now());
      return { ok: true };
    }
    let pagoProveedor: PagoDelProveedor | null;
    try {
      pagoProveedor = await this.proveedor.consultarPago(n.dataId);
    } catch (err) {
      throw this.noDisponible(err);
    }
    if (!pagoProveedor) throw AppError.notFound(MENSAJES_PLANES.pagoDesconocido);
    const p = pagoProveedor;
    const efectos = sinEfectos();
    const procesar = () =>
      this.db.transaction(async (tx) => {
        const repo = new SuscripcionesRepository(tx);
        if (!(await repo.registrarEvento(proveedor, n.eventoId, this.clock.now()))) return 'repetido' as const;
        const fila = await this.pagoDeNotificacion(repo, p);
        if (!fila) throw AppError.notFound(MENSAJES_PLANES.pagoDesconocido);
        const esperado = await this.montoEsperado(repo, fila.pago);
        if (p.moneda !== 'ARS' || !(Math.abs(p.monto - esperado) < 0.005)) {
          await this.registrarDiscrepancia(repo, fila.pago, p, esperado, efectos);
          return fila.pago.entidadId;
        }
        await this.moverPago(tx, fila.pago, fila.anterior, p, efectos);
        return fila.pago.entidadId;
      });
    // Two events of a new payment at once: the second finds the first's row on its retry.
    const resultado = await procesar().catch((err: unknown) => {
      if (!esViolacionDeUnicidad(err)) throw err;
      return procesar();
    });
    if (resultado !== 'repetido') await this.despues(resultado, efectos);
    return { ok: true };
  }

  /** Our payment of a provider payment: by its id, by our reference, or a new monthly charge. */
  private async pagoDeNotificacion(
    repo: SuscripcionesRepository,
    p: PagoDelProveedor,
  ): Promise<{ pago: PagoRow; anterior: EstadoPago | null } | undefined> {
    const proveedor = this.proveedor.nombre;
    const porReferencia = await repo.pagoPorReferencia(proveedor, p.referencia);
    if (porReferencia) return { pago: porReferencia, anterior: porReferencia.estado as EstadoPago };
    const ext = REFERENCIA_EXTERNA.exec(p.referenciaExterna ?? '');
    if (ext && !p.suscripcionId) {
      const propio = await repo.pagoPorId(Number(ext[1]));
      if (propio && propio.proveedor === proveedor && propio.referencia === null) {
        return { pago: propio, anterior: propio.estado as EstadoPago };
      }
    }
    if (!p.suscripcionId) return undefined;
    // The first charge of a subscription made by `suscribir`, before the provider named it.
    const primero = await repo.pagoSinReferencia(proveedor, p.suscripcionId);
    if (primero) return { pago: primero, anterior: primero.estado as EstadoPago };
    const sus = await repo.suscripcionPorProveedor(p.suscripcionId);
    if (!sus) return undefined;
    const ahora = this.clock.now();
    const nuevo = await repo.insertPago({
      entidadId: sus.entidadId,
      planId: sus.planPendienteId ?? sus.planId,
      monto: p.monto.toFixed(2),
      estado: 'pendiente',
      proposito: 'renovacion',
      proveedor,
      referencia: p.referencia,
      suscripcionRef: p.suscripcionId,
      detalle: p.detalle,
      tarjeta: sus.tarjeta,
      creado: ahora,
      actualizado: ahora,
    });
    return { pago: nuevo, anterior: null };
  }

  /**
   * What a payment must be, in ARS: the amount of our plan change (recorded when it was asked) or,
   * for a monthly charge, the price of the plan it renews. NaN (matching nothing) for a lost plan.
   */
  private async montoEsperado(repo: SuscripcionesRepository, pago: PagoRow): Promise<number> {
    if (pago.proposito === 'cambio') return Number(pago.monto);
    return Number((await repo.plan(pago.planId))?.precioMensual ?? NaN);
  }

  /**
   * A payment whose amount or currency is not the plan's: it activates nothing, ends no grace and
   * opens none. Recorded as refused with its reason (the company sees it in its payments) and logged.
   */
  private async registrarDiscrepancia(
    repo: SuscripcionesRepository,
    pago: PagoRow,
    p: PagoDelProveedor,
    esperado: number,
    efectos: Efectos,
  ): Promise<void> {
    this.deps.log.warn(
      {
        entidadId: pago.entidadId,
        pagoId: pago.id,
        referencia: p.referencia,
        estadoProveedor: p.estado,
        monto: p.monto,
        moneda: p.moneda,
        esperado,
      },
      'planes.montoNoCoincide',
    );
    if (pago.aplicado) return;
    await repo.actualizarPago(pago.id, {
      estado: 'rechazado',
      detalle: DETALLE_MONTO_NO_COINCIDE,
      referencia: p.referencia,
      actualizado: this.clock.now(),
    });
    efectos.cambio = true;
  }

  /** A payment reaches a new state, with its effect on the subscription (docs/PLANES.md). */
  private async moverPago(
    tx: DbOrTx,
    pago: PagoRow,
    anterior: EstadoPago | null,
    p: PagoDelProveedor,
    efectos: Efectos,
  ): Promise<void> {
    const repo = new SuscripcionesRepository(tx);
    const nuevo = p.estado;
    await repo.actualizarPago(pago.id, {
      estado: nuevo,
      detalle: p.detalle,
      referencia: p.referencia,
      ...(p.suscripcionId ? { suscripcionRef: p.suscripcionId } : {}),
      actualizado: this.clock.now(),
    });
    efectos.cambio = true;
    if (anterior === nuevo) return;
    const sus = await repo.suscripcionBloqueada(pago.entidadId);
    if (!sus) return;
    const deshecho = nuevo === 'rechazado' || nuevo === 'reembolsado' || nuevo === 'contracargo';
    if (nuevo === 'aprobado' && !pago.aplicado) {
      if (pago.proposito === 'cambio') {
        const destino = await repo.plan(pago.planId);
        if (destino && destino.id !== sus.planId) {
          await this.aplicarCambio(tx, sus, destino, {
            suscripcionId: pago.suscripcionRef ?? p.suscripcionId,
            tarjeta: pago.tarjeta,
            efectos,
          });
        } else if (sus.graciaHasta) {
          await repo.actualizarSuscripcion(sus.entidadId, { graciaHasta: null });
        }
        await repo.actualizarPago(pago.id, { aplicado: true });
      } else if (sus.graciaHasta) {
        // A late monthly charge: it pays the period the grace period was covering.
        await repo.actualizarSuscripcion(sus.entidadId, { graciaHasta: null });
        await repo.actualizarPago(pago.id, { aplicado: true });
      }
      // Otherwise it waits, unused, for the renewal (`renovar`).
      return;
    }
    const pagaElPlan =
      sus.proveedor === this.proveedor.nombre &&
      (pago.suscripcionRef === null || pago.suscripcionRef === sus.proveedorSuscripcionId);
    // A monthly charge of the current subscription refused, or an applied payment undone: the grace
    // period. A refused plan change (never applied) or a refund of a charge not yet used opens none.
    const abreGracia = pago.aplicado || (pago.proposito === 'renovacion' && anterior !== 'aprobado');
    if (deshecho && pagaElPlan && abreGracia) {
      await this.iniciarGracia(tx, sus, efectos);
    }
  }

  private async iniciarGracia(tx: DbOrTx, sus: SuscripcionRow, efectos: Efectos): Promise<void> {
    if (sus.graciaHasta) return;
    const hasta = new Date(this.clock.now().getTime() + DIAS_GRACIA * DIA_MS);
    await new SuscripcionesRepository(tx).actualizarSuscripcion(sus.entidadId, { graciaHasta: hasta });
    await this.correoGracia(tx, sus.entidadId, hasta);
    efectos.cambio = true;
    efectos.correo = true;
  }

  // -------------------------------------------------------------------------------------------
  // Renewal

  /**
   * Brings the company's subscription up to now (docs/PLANES.md «Renovación»): a grace period that
   * ended drops it to the free plan; a due period starts the next one, switching first to a
   * scheduled downgrade; a paid plan of a provider renews with an approved, unused payment, and
   * without one renews with 7 days of grace (and a mail to the owners). A plan assigned by the
   * operator (no provider: the demo, an invoice outside Delego) renews as before. True when
   * something changed; then `plan.cambiado` is published.
   */
  async renovar(entidadId: number): Promise<boolean> {
    const efectos = sinEfectos();
    for (let i = 0; i < 240; i++) {
      const siguio = await this.db.transaction((tx) => this.pasoDeRenovacion(tx, entidadId, efectos));
      if (!siguio) break;
    }
    if (efectos.cambio) await this.despues(entidadId, efectos);
    return efectos.cambio;
  }

  /** One step, in one transaction with the subscription locked; true when there may be another. */
  private async pasoDeRenovacion(tx: DbOrTx, entidadId: number, efectos: Efectos): Promise<boolean> {
    const repo = new SuscripcionesRepository(tx);
    const ahora = this.clock.now();
    const sus = await repo.suscripcionBloqueada(entidadId);
    if (!sus) return false;
    if (sus.graciaHasta && sus.graciaHasta <= ahora) {
      await this.caerAGratis(tx, sus, efectos);
      return true;
    }
    if (sus.fechaProximoVencimiento > ahora) return false;
    const destino = (sus.planPendienteId ? await repo.plan(sus.planPendienteId) : await repo.plan(sus.planId)) ?? null;
    if (!destino) return false;
    const cambioDePlan = {
      planId: destino.id,
      quota: destino.quota,
      quotaDisponible: destino.quota,
      planPendienteId: null,
    };
    efectos.cambio = true;
    if (Number(destino.precioMensual) === 0) {
      await repo.renovarPeriodo(entidadId, {
        ...cambioDePlan,
        graciaHasta: null,
        proveedor: null,
        proveedorSuscripcionId: null,
        tarjeta: null,
      });
      return true;
    }
    if (sus.proveedor === null) {
      await repo.renovarPeriodo(entidadId, cambioDePlan);
      return true;
    }
    const pago = await repo.pagoSinAplicar(entidadId);
    if (pago) {
      await repo.actualizarPago(pago.id, { aplicado: true });
      await repo.renovarPeriodo(entidadId, { ...cambioDePlan, graciaHasta: null });
      return true;
    }
    // No approved payment at the renewal: the period starts, on 7 days of grace.
    const hasta = sus.graciaHasta ?? new Date(sus.fechaProximoVencimiento.getTime() + DIAS_GRACIA * DIA_MS);
    await repo.renovarPeriodo(entidadId, { ...cambioDePlan, graciaHasta: hasta });
    if (!sus.graciaHasta) {
      await this.correoGracia(tx, entidadId, hasta);
      efectos.correo = true;
    }
    return true;
  }

  /** The grace period ended unpaid: the free plan, what is left of the quota up to its quota. */
  private async caerAGratis(tx: DbOrTx, sus: SuscripcionRow, efectos: Efectos): Promise<void> {
    const repo = new SuscripcionesRepository(tx);
    const gratis = await repo.planGratuito();
    if (!gratis) {
      await repo.actualizarSuscripcion(sus.entidadId, { graciaHasta: null });
      return;
    }
    const disponible = gratis.quota === null ? null : Math.min(sus.quotaDisponible ?? gratis.quota, gratis.quota);
    if (sus.proveedorSuscripcionId) efectos.cancelar.push(sus.proveedorSuscripcionId);
    await repo.actualizarSuscripcion(sus.entidadId, {
      planId: gratis.id,
      quota: gratis.quota,
      quotaDisponible: disponible,
      graciaHasta: null,
      planPendienteId: null,
      proveedor: null,
      proveedorSuscripcionId: null,
      tarjeta: null,
    });
    await this.correo(tx, sus.entidadId, {
      asunto: `Su empresa pasó al plan ${gratis.nombre}`,
      parrafos: [
        `No recibimos el pago del plan en los ${DIAS_GRACIA} días de gracia, así que la empresa pasó al plan ${gratis.nombre}.`,
        'Puede volver a un plan pago cuando quiera desde la pantalla de planes.',
      ],
    });
    efectos.cambio = true;
    efectos.correo = true;
  }

  private correoGracia(tx: DbOrTx, entidadId: number, hasta: Date): Promise<void> {
    const fecha = textoFecha(hasta.getTime(), ZONA);
    return this.correo(tx, entidadId, {
      asunto: 'No pudimos cobrar el plan de Delego',
      parrafos: [
        'No recibimos el pago mensual del plan de su empresa.',
        `El plan sigue funcionando hasta el ${fecha}. Si para entonces no se registra un pago aprobado, la empresa pasará al plan gratuito.`,
        'Puede pagar con otra tarjeta desde la pantalla de planes.',
      ],
    });
  }

  /** A mail to the company's owners (or admins), in the caller's transaction. */
  private async correo(tx: DbOrTx, entidadId: number, c: { asunto: string; parrafos: string[] }): Promise<void> {
    const para = await new SuscripcionesRepository(tx).correosDeDuenos(entidadId);
    if (!para.length) return;
    await encolarCorreoDeEmpresa(this.deps, tx, { tipo: 'plan', para, entidadId }, (remitente) =>
      plantillaAvisoDePlan({ remitente, ...c, publicUrl: this.deps.publicUrl }),
    );
  }

  /** After a commit: the plan event, the mail worker, and the provider subscriptions to cancel. */
  private async despues(entidadId: number, e: Efectos): Promise<void> {
    if (e.cambio) this.bus.publish({ type: 'plan.cambiado', entidadId });
    if (e.correo) this.deps.mail.kick();
    for (const id of e.cancelar) {
      const p = this.proveedor.cancelarSuscripcion(id).catch((err: unknown) => {
        this.deps.log.error({ err, entidadId }, 'planes.cancelarSuscripcion');
      });
      this.pendientes.add(p);
      void p.finally(() => this.pendientes.delete(p));
    }
  }

  /** The plan state right now (not from memory). */
  private async estado(entidadId: number): Promise<PlanEstado> {
    const e = await leerEstadoDelPlan(this.db, this.clock, entidadId, this);
    if (!e) throw AppError.notFound('La entidad no tiene un plan asignado.');
    return e;
  }

  private noDisponible(err: unknown): AppError {
    if (err instanceof AppError) return err;
    if (err instanceof ProveedorNoDisponible) {
      this.deps.log.warn({ motivo: err.message }, 'planes.proveedorNoDisponible');
      return new AppError('SERVICIO_NO_DISPONIBLE', MENSAJES_PLANES.proveedorNoDisponible);
    }
    throw err;
  }

  /** Work begun after an answer (cancelling at the provider) ends before the app closes. */
  async idle(): Promise<void> {
    await Promise.all([...this.pendientes]);
  }
}

function aPago(f: PagoRow, planNombre: string): Pago {
  const estado = f.estado as EstadoPago;
  return {
    id: f.id,
    fecha: f.creado.getTime(),
    monto: Number(f.monto),
    moneda: 'ARS',
    estado,
    planNombre,
    referencia: f.referencia ?? f.suscripcionRef,
    motivo: estado === 'rechazado' ? motivoDeRechazo(f.detalle ?? '') : null,
    tarjeta: f.tarjeta,
  };
}

/** The Spanish reason of a rejection, from the provider's status detail. */
export function motivoDeRechazo(detalle: string): string {
  if (detalle === 'proveedor_no_disponible') return 'no se pudo contactar a MercadoPago.';
  if (detalle === 'reemplazado') return 'quedó sin respuesta y se reemplazó por un cambio de plan posterior.';
  if (detalle === DETALLE_MONTO_NO_COINCIDE) return MENSAJES_PLANES.montoNoCoincide;
  return detalle in MOTIVOS_RECHAZO
    ? MOTIVOS_RECHAZO[detalle as keyof typeof MOTIVOS_RECHAZO]
    : MOTIVOS_RECHAZO.cc_rejected_other_reason;
}

export { unMesDespues };
