import {
  LIMITES_REGISTRO,
  RUTAS,
  esAdmin,
  horasTexto,
  tienePermiso,
  tienePermisoCliente,
  urlDe,
  type HorasReportadas,
  type Persona,
  type RegistroOrden,
  type zHorasReportadasQuery,
} from '@delego/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import type { Actor } from '../../kernel/actor.js';
import type { EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError } from '../../kernel/errors.js';
import { responderEnTransaccion } from '../../lib/idempotencia.js';
import type { PuertoArchivos } from '../files/index.js';
import type { AccesoOrden, PuertoOrdenes } from '../orders/index.js';
import { diaAR, diasEntre, inicioDiaAR } from './dias.js';
import { escribirCambios, leerPrevios, nombreDe, validarEnvio, type Cambios, type Envio } from './expenses.guardar.js';
import { ExpensesRepository, type PersonaFila } from './expenses.repository.js';
import { MENSAJES_REGISTRO } from './mensajes.js';
type RangoQuery = z.output<typeof zHorasReportadasQuery>;

export { MENSAJES_REGISTRO };

/** Rango de días (Argentina) de horas reportadas: por defecto, del 1 del mes en curso a hoy. */
export interface RangoDias {
  desde: string;
  hasta: string;
}

export class ExpensesService {
  constructor(
    private readonly db: Db,
    private readonly orders: Pick<PuertoOrdenes, 'acceso' | 'insertEventos'>,
    private readonly files: Pick<PuertoArchivos, 'nombresEnOrden'>,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  private repo(tx: DbOrTx = this.db) {
    return new ExpensesRepository(tx);
  }

  /** Admins and holders of modificarOrden (global or for the order's client) may log hours of others. */
  private cargaAOtros(actor: Actor, acc: AccesoOrden): boolean {
    if (esAdmin(actor) || tienePermiso(actor, 'modificarOrden')) return true;
    return acc.orden.clienteId !== null && tienePermisoCliente(actor, acc.orden.clienteId, 'modificarOrden');
  }

  private puedeEditar(actor: Actor, acc: AccesoOrden, autorId: number): boolean {
    return acc.modificar && (autorId === actor.id || esAdmin(actor));
  }

  /**
   * GET /api/v2/registro-gastos/{id}: whoever sees the order sees its hours and expenses, with
   * totals.
   */
  async registro(actor: Actor, ordenId: number): Promise<RegistroOrden> {
    return this.registroDe(actor, ordenId, await this.orders.acceso(actor, ordenId));
  }

  /** The hours and expenses of an order the actor's access `acc` was read for; inside `tx` when given. */
  private async registroDe(actor: Actor, ordenId: number, acc: AccesoOrden, tx?: DbOrTx): Promise<RegistroOrden> {
    const repo = this.repo(tx);
    let [horas, gastos] = [await repo.horas(actor.entidadId, ordenId), await repo.gastos(actor.entidadId, ordenId)];
    // A contractor link sees its own hours and expenses, never the others' (docs/EXTERNOS.md).
    if (actor.externo) {
      horas = horas.filter((h) => h.usuario.id === actor.id || h.autorId === actor.id);
      gastos = gastos.filter((g) => g.autorId === actor.id);
    }
    const minutos = horas.reduce((a, h) => a + h.minutos, 0);
    const porMoneda = new Map<string, number>();
    for (const g of gastos) porMoneda.set(g.moneda, (porMoneda.get(g.moneda) ?? 0) + g.centavos);
    const persona = (p: PersonaFila): Persona => ({
      id: p.id,
      usuario: p.usuario,
      nombre: p.nombre,
      apellido: p.apellido,
    });
    return {
      ordenId,
      horas: horas.map((h) => ({
        id: h.id,
        fecha: h.fecha,
        horas: Math.floor(h.minutos / 60),
        minutos: h.minutos % 60,
        usuario: persona(h.usuario),
        autor: persona(h.autor),
        descripcion: h.descripcion,
        creado: h.creado,
        actualizado: h.actualizado,
        puedeEditar: this.puedeEditar(actor, acc, h.autorId),
      })),
      gastos: gastos.map((g) => ({
        id: g.id,
        fecha: g.fecha,
        concepto: g.concepto,
        monto: g.centavos / 100,
        moneda: g.moneda,
        comprobante:
          g.comprobanteArchivoId != null
            ? {
                id: g.comprobanteArchivoId,
                nombre: g.comprobanteNombre ?? '',
                url: urlDe(RUTAS.descargarArchivo, { ordenId, archivoId: g.comprobanteArchivoId }),
              }
            : null,
        autor: persona(g.autor),
        creado: g.creado,
        actualizado: g.actualizado,
        puedeEditar: this.puedeEditar(actor, acc, g.autorId),
      })),
      totales: {
        minutos,
        horas: horasTexto(minutos),
        gastos: [...porMoneda.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([moneda, c]) => ({ moneda, total: c / 100 })),
      },
      puedeAgregar: acc.modificar,
      puedeCargarAOtros: acc.modificar && this.cargaAOtros(actor, acc),
    };
  }

  /**
   * PUT /api/v2/registro-gastos/{id}: creates (no id), corrects (with id) and removes (borrados)
   * hours and expenses in one transaction, each change an event in the history. Corrections and
   * removals: the entry's author or an admin. A user's hours in one day, over every order, stay
   * within 24 h. Any refusal leaves everything as it was. The steps are expenses.guardar.ts's; the
   * orders module is asked once for the order (locked) and once to append the events.
   */
  async save(actor: Actor, ordenId: number, b: Cambios): Promise<RegistroOrden> {
    const now = this.clock.now();
    const registro = await this.db.transaction(async (tx) => {
      const acc = await this.orders.acceso(actor, ordenId, { tx, bloquear: true });
      if (!acc.modificar) throw AppError.forbidden(MENSAJES_REGISTRO.soloLectura);
      const envio = validarEnvio(actor, b);
      const repo = this.repo(tx);
      const nombres = await this.verificarReferencias(repo, tx, actor, ordenId, acc, envio);
      const previos = await leerPrevios(repo, actor, ordenId, envio);
      const { eventos, pares } = await escribirCambios(repo, actor, ordenId, b, previos, nombres, now);
      await this.orders.insertEventos(tx, actor, ordenId, eventos);
      // The 24 h rule, on the state after every change (over every order of the company).
      const x = (await repo.diasExcedidos(actor.entidadId, pares, LIMITES_REGISTRO.minutosPorDia))[0];
      if (x) throw AppError.invalid('horas', MENSAJES_REGISTRO.excedido(x.nombre, x.dia, x.minutos));
      return responderEnTransaccion(tx, await this.registroDe(actor, ordenId, acc, tx));
    });
    this.bus.publish({ type: 'orden.modificada', entidadId: actor.entidadId, ordenId, usuarioId: actor.id });
    return registro;
  }

  /**
   * 2. What a save points at: the receipts are files of the order, and other people's hours are
   * logged by someone who may, for active users of the company. Returns the display name of each
   * person whose hours may be logged.
   */
  private async verificarReferencias(
    repo: ExpensesRepository,
    tx: DbOrTx,
    actor: Actor,
    ordenId: number,
    acc: AccesoOrden,
    envio: Envio,
  ): Promise<Map<number, string>> {
    if (envio.comprobantes.length) {
      const existen = await this.files.nombresEnOrden(actor, ordenId, envio.comprobantes, tx);
      if (existen.size !== envio.comprobantes.length)
        throw AppError.invalid('comprobanteArchivoId', MENSAJES_REGISTRO.comprobante);
    }
    const nombres = new Map<number, string>([[actor.id, nombreDe(actor)]]);
    if (envio.otros.length) {
      if (!this.cargaAOtros(actor, acc)) throw AppError.forbidden(MENSAJES_REGISTRO.soloPropias);
      const activos = await repo.usuariosActivos(actor.entidadId, envio.otros);
      if (activos.length !== envio.otros.length) throw AppError.invalid('usuarioId', MENSAJES_REGISTRO.usuario);
      for (const u of activos) nombres.set(u.id, nombreDe(u));
    }
    return nombres;
  }

  /** For the Excel export: hours (minutes) and expenses (cents per currency) of each order. */
  async totalesDeOrdenes(actor: Actor, ordenIds: number[]) {
    const t = await this.repo().totales(actor.entidadId, ordenIds);
    const res = new Map<number, { minutos: number; gastos: { moneda: string; centavos: number }[] }>();
    const de = (id: number) => {
      let v = res.get(id);
      if (!v) res.set(id, (v = { minutos: 0, gastos: [] }));
      return v;
    };
    for (const h of t.horas) de(h.ordenId).minutos = h.minutos;
    for (const g of t.gastos) de(g.ordenId).gastos.push({ moneda: g.moneda, centavos: g.centavos });
    return res;
  }

  /** The days of a horas-reportadas query; admins and owners only (SPEC §2). */
  rangoReporte(actor: Actor, q: RangoQuery): RangoDias {
    if (!esAdmin(actor)) throw AppError.forbidden(MENSAJES_REGISTRO.soloAdmin);
    const hoy = diaAR(this.clock.now().getTime());
    const hasta = q.hasta != null ? diaAR(q.hasta) : hoy;
    const desde = q.desde != null ? diaAR(q.desde) : `${hasta.slice(0, 8)}01`;
    if (desde > hasta) throw AppError.invalid('desde', MENSAJES_REGISTRO.rango);
    if (diasEntre(desde, hasta) > LIMITES_REGISTRO.diasReporte)
      throw AppError.invalid('hasta', MENSAJES_REGISTRO.rangoLargo);
    return { desde, hasta };
  }

  /** GET /api/v2/horas-reportadas?desde&hasta: hours per user and per client, with totals. */
  async horasReportadas(actor: Actor, q: RangoQuery): Promise<HorasReportadas> {
    const r = this.rangoReporte(actor, q);
    const rows = await this.repo().horasPorUsuarioYCliente(actor.entidadId, r.desde, r.hasta);
    const porUsuario = new Map<number, { usuario: Persona; minutos: number }>();
    const porCliente = new Map<number | null, { cliente: { id: number; nombre: string } | null; minutos: number }>();
    const filas = rows.map((x) => {
      const usuario = { id: x.u_id, usuario: x.u_usuario, nombre: x.u_nombre, apellido: x.u_apellido };
      const cliente = x.c_id != null ? { id: x.c_id, nombre: x.c_nombre ?? '' } : null;
      const u = porUsuario.get(x.u_id) ?? { usuario, minutos: 0 };
      u.minutos += x.minutos;
      porUsuario.set(x.u_id, u);
      const c = porCliente.get(x.c_id) ?? { cliente, minutos: 0 };
      c.minutos += x.minutos;
      porCliente.set(x.c_id, c);
      return { usuario, cliente, minutos: x.minutos };
    });
    return {
      desde: inicioDiaAR(r.desde),
      hasta: inicioDiaAR(r.hasta),
      totalMinutos: filas.reduce((a, f) => a + f.minutos, 0),
      filas,
      porUsuario: [...porUsuario.values()],
      porCliente: [...porCliente.values()].sort((a, b) =>
        (a.cliente?.nombre ?? '\uffff').localeCompare(b.cliente?.nombre ?? '\uffff'),
      ),
    };
  }

  /** Every entry of the range, in pages (keyset on day and id), for the export's detail sheet. */
  async *detalleHoras(actor: Actor, r: RangoDias, tamanio = 1000) {
    let despues: { dia: string; id: number } | null = null;
    for (;;) {
      const rows = await this.repo().detalleHoras(actor.entidadId, r.desde, r.hasta, despues, tamanio);
      if (!rows.length) return;
      yield rows;
      if (rows.length < tamanio) return;
      const last = rows[rows.length - 1];
      despues = last ? { dia: last.dia, id: last.id } : null;
    }
  }
}
