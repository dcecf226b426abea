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
  type zRegistroCambios,
} from '@delego/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import type { Actor } from '../../kernel/actor.js';
import type { EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError } from '../../kernel/errors.js';
import { responderEnTransaccion } from '../../lib/idempotencia.js';
import type { FilesService } from '../files/files.service.js';
import type { AccesoOrden, OrdersService } from '../orders/orders.service.js';
import { diaAR, diasEntre, diaTexto, inicioDiaAR } from './dias.js';
import { ExpensesRepository, type GastoFila, type HorasFila, type PersonaFila } from './expenses.repository.js';

type Cambios = z.output<typeof zRegistroCambios>;
type RangoQuery = z.output<typeof zHorasReportadasQuery>;

export const MENSAJES_REGISTRO = {
  soloLectura:
    'No puede registrar horas ni gastos en esta orden: necesita el permiso modificarOrden o ser su responsable.',
  sinCambios: 'No se envió ninguna hora, gasto ni registro para borrar.',
  noExiste: 'El registro no existe en esta orden.',
  soloAutor: 'Solo quien cargó el registro o un administrador puede corregirlo o eliminarlo.',
  soloPropias:
    'Solo puede registrar sus propias horas: cargar horas de otra persona necesita el permiso modificarOrden.',
  usuario: 'La persona indicada no existe o está inactiva.',
  comprobante: 'El comprobante indicado no es un archivo de esta orden.',
  repetido: 'Un mismo registro aparece más de una vez en el envío.',
  excedido: (nombre: string, dia: string, minutos: number) =>
    `Las horas de ${nombre} el ${diaTexto(dia)} sumarían ${horasTexto(minutos)}: no pueden superar las 24 horas en un día. No se guardó ningún cambio.`,
  soloAdmin: 'Solo un administrador o el propietario puede ver las horas reportadas.',
  rango: 'La fecha "desde" no puede ser posterior a "hasta".',
  rangoLargo: `El rango no puede superar los ${LIMITES_REGISTRO.diasReporte} días.`,
} as const;

const nombreDe = (p: { nombre: string; apellido: string }) => `${p.nombre} ${p.apellido}`.trim();

/** Rango de días (Argentina) de horas reportadas: por defecto, del 1 del mes en curso a hoy. */
export interface RangoDias {
  desde: string;
  hasta: string;
}

export class ExpensesService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
    private readonly files: FilesService,
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
   * totals; inside a transaction with `tx` (the answer of a change).
   */
  async registro(actor: Actor, ordenId: number, tx?: DbOrTx): Promise<RegistroOrden> {
    const acc = await this.orders.acceso(actor, ordenId, tx ? { tx } : {});
    const repo = this.repo(tx);
    const [horas, gastos] = [await repo.horas(actor.entidadId, ordenId), await repo.gastos(actor.entidadId, ordenId)];
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
   * within 24 h. Any refusal leaves everything as it was.
   */
  async save(actor: Actor, ordenId: number, b: Cambios): Promise<RegistroOrden> {
    const acc0 = await this.orders.acceso(actor, ordenId);
    if (!acc0.modificar) throw AppError.forbidden(MENSAJES_REGISTRO.soloLectura);
    if (!b.horas.length && !b.gastos.length && !b.borrados.horas.length && !b.borrados.gastos.length) {
      throw AppError.invalid('horas', MENSAJES_REGISTRO.sinCambios);
    }
    const idsHoras = [...b.horas.flatMap((h) => (h.id ? [h.id] : [])), ...b.borrados.horas];
    const idsGastos = [...b.gastos.flatMap((g) => (g.id ? [g.id] : [])), ...b.borrados.gastos];
    if (new Set(idsHoras).size !== idsHoras.length || new Set(idsGastos).size !== idsGastos.length) {
      throw AppError.invalid('borrados', MENSAJES_REGISTRO.repetido);
    }
    const comprobantes = [
      ...new Set(b.gastos.flatMap((g) => (g.comprobanteArchivoId ? [g.comprobanteArchivoId] : []))),
    ];
    if (comprobantes.length) {
      const existen = await this.files.nombresEnOrden(actor, ordenId, comprobantes);
      if (existen.size !== comprobantes.length)
        throw AppError.invalid('comprobanteArchivoId', MENSAJES_REGISTRO.comprobante);
    }
    const otros = [...new Set(b.horas.flatMap((h) => (h.usuarioId && h.usuarioId !== actor.id ? [h.usuarioId] : [])))];
    if (otros.length) {
      if (!this.cargaAOtros(actor, acc0)) throw AppError.forbidden(MENSAJES_REGISTRO.soloPropias);
      const activos = await this.repo().usuariosActivos(actor.entidadId, otros);
      if (activos.length !== otros.length) throw AppError.invalid('usuarioId', MENSAJES_REGISTRO.usuario);
    }

    const now = this.clock.now();
    const registro = await this.db.transaction(async (tx) => {
      const acc = await this.orders.acceso(actor, ordenId, { tx, bloquear: true });
      if (!acc.modificar) throw AppError.forbidden(MENSAJES_REGISTRO.soloLectura);
      const repo = this.repo(tx);
      const ev = (tipo: string, datos: Record<string, unknown>) =>
        this.orders.insertEvento(tx, actor, ordenId, { tipo, datos, fecha: now });

      const horasPrevias = new Map((await repo.horas(actor.entidadId, ordenId, idsHoras)).map((h) => [h.id, h]));
      const gastosPrevios = new Map((await repo.gastos(actor.entidadId, ordenId, idsGastos)).map((g) => [g.id, g]));
      if (horasPrevias.size !== idsHoras.length || gastosPrevios.size !== idsGastos.length)
        throw AppError.notFound(MENSAJES_REGISTRO.noExiste);
      for (const r of [...horasPrevias.values(), ...gastosPrevios.values()]) {
        if (r.autorId !== actor.id && !esAdmin(actor)) throw AppError.forbidden(MENSAJES_REGISTRO.soloAutor);
      }

      // Whose hours each entry is, and the users and days the 24 h rule must look at again.
      const nombres = new Map<number, string>([[actor.id, nombreDe(actor)]]);
      for (const h of horasPrevias.values()) nombres.set(h.usuarioId, nombreDe(h.usuario));
      if (otros.length)
        for (const u of await repo.usuariosActivos(actor.entidadId, otros)) nombres.set(u.id, nombreDe(u));
      const duenio = (h: Cambios['horas'][number]) =>
        h.usuarioId ?? (h.id ? horasPrevias.get(h.id)?.usuarioId : undefined) ?? actor.id;
      const pares = b.horas.map((h) => ({ usuarioId: duenio(h), dia: diaAR(h.fecha) }));
      await repo.bloquearUsuarios(pares.map((p) => p.usuarioId));

      // Removals, each an event with what the entry was.
      await repo.delete('horas', actor.entidadId, ordenId, b.borrados.horas);
      await repo.delete('gastos', actor.entidadId, ordenId, b.borrados.gastos);
      const eliminados = [
        ...b.borrados.horas.map((id) => {
          const h = horasPrevias.get(id) as HorasFila;
          return { clase: 'horas', id, usuario: nombreDe(h.usuario), minutos: h.minutos, dia: h.dia };
        }),
        ...b.borrados.gastos.map((id) => {
          const g = gastosPrevios.get(id) as GastoFila;
          return { clase: 'gasto', id, concepto: g.concepto, centavos: g.centavos, moneda: g.moneda };
        }),
      ];
      for (const datos of eliminados) await ev('REGISTRO_ELIMINADO', datos);

      // Hours: corrections, then new entries.
      const nuevasHoras: typeof b.horas = [];
      for (const h of b.horas) {
        const usuarioId = duenio(h);
        const minutos = h.horas * 60 + h.minutos;
        const dia = diaAR(h.fecha);
        if (!h.id) {
          nuevasHoras.push(h);
          continue;
        }
        const antes = horasPrevias.get(h.id) as HorasFila;
        if (
          antes.usuarioId === usuarioId &&
          antes.fecha === h.fecha &&
          antes.minutos === minutos &&
          antes.descripcion === h.descripcion
        )
          continue;
        await repo.updateHoras(actor.entidadId, h.id, {
          usuarioId,
          fecha: new Date(h.fecha),
          dia,
          minutos,
          descripcion: h.descripcion,
          actualizado: now,
        });
        await ev('REGISTRO_CORREGIDO', {
          clase: 'horas',
          id: h.id,
          antes: { usuario: nombreDe(antes.usuario), minutos: antes.minutos, dia: antes.dia },
          despues: { usuario: nombres.get(usuarioId) ?? '', minutos, dia },
        });
      }
      const idsNuevas = await repo.insertHoras(
        nuevasHoras.map((h) => ({
          entidadId: actor.entidadId,
          ordenId,
          usuarioId: duenio(h),
          autorId: actor.id,
          fecha: new Date(h.fecha),
          dia: diaAR(h.fecha),
          minutos: h.horas * 60 + h.minutos,
          descripcion: h.descripcion,
          creado: now,
          actualizado: now,
        })),
      );
      for (const [i, h] of nuevasHoras.entries()) {
        const usuarioId = duenio(h);
        await ev('HORAS', {
          id: idsNuevas[i],
          usuarioId,
          usuario: nombres.get(usuarioId) ?? '',
          minutos: h.horas * 60 + h.minutos,
          dia: diaAR(h.fecha),
        });
      }

      // Expenses: corrections, then new entries.
      const nuevosGastos: typeof b.gastos = [];
      for (const g of b.gastos) {
        if (!g.id) {
          nuevosGastos.push(g);
          continue;
        }
        const antes = gastosPrevios.get(g.id) as GastoFila;
        const comprobante = g.comprobanteArchivoId ?? null;
        if (
          antes.fecha === g.fecha &&
          antes.concepto === g.concepto &&
          antes.centavos === g.monto &&
          antes.moneda === g.moneda &&
          antes.comprobanteArchivoId === comprobante
        ) {
          continue;
        }
        await repo.updateGasto(actor.entidadId, g.id, {
          fecha: new Date(g.fecha),
          concepto: g.concepto,
          centavos: g.monto,
          moneda: g.moneda,
          comprobanteArchivoId: comprobante,
          actualizado: now,
        });
        await ev('REGISTRO_CORREGIDO', {
          clase: 'gasto',
          id: g.id,
          antes: { concepto: antes.concepto, centavos: antes.centavos, moneda: antes.moneda },
          despues: { concepto: g.concepto, centavos: g.monto, moneda: g.moneda },
        });
      }
      const idsGastosNuevos = await repo.insertGastos(
        nuevosGastos.map((g) => ({
          entidadId: actor.entidadId,
          ordenId,
          autorId: actor.id,
          fecha: new Date(g.fecha),
          concepto: g.concepto,
          centavos: g.monto,
          moneda: g.moneda,
          comprobanteArchivoId: g.comprobanteArchivoId ?? null,
          creado: now,
          actualizado: now,
        })),
      );
      for (const [i, g] of nuevosGastos.entries()) {
        await ev('GASTO', { id: idsGastosNuevos[i], concepto: g.concepto, centavos: g.monto, moneda: g.moneda });
      }

      // The 24 h rule, on the state after every change (over every order of the company).
      const excedidos = await repo.diasExcedidos(actor.entidadId, pares, LIMITES_REGISTRO.minutosPorDia);
      const x = excedidos[0];
      if (x) throw AppError.invalid('horas', MENSAJES_REGISTRO.excedido(x.nombre, x.dia, x.minutos));
      return responderEnTransaccion(tx, await this.registro(actor, ordenId, tx));
    });
    this.bus.publish({ type: 'orden.modificada', entidadId: actor.entidadId, ordenId, usuarioId: actor.id });
    return registro;
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
