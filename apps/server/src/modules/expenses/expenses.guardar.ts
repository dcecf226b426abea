import { esAdmin, type zRegistroCambios } from '@delego/contract';
import type { z } from 'zod';
import type { Actor } from '../../kernel/actor.js';
import { AppError } from '../../kernel/errors.js';
import type { EventoAjeno } from '../orders/index.js';
import { diaAR } from './dias.js';
import type { ExpensesRepository, GastoFila, HorasFila } from './expenses.repository.js';
import { MENSAJES_REGISTRO } from './mensajes.js';

/** The pieces of a save of hours and expenses (PUT /api/v2/registro-gastos/{id}), in the order it runs them. */

export type Cambios = z.output<typeof zRegistroCambios>;

export const nombreDe = (p: { nombre: string; apellido: string }) => `${p.nombre} ${p.apellido}`.trim();

/** What a save refers to, read from the request alone. */
export interface Envio {
  /** Entries corrected or removed, by id. */
  idsHoras: number[];
  idsGastos: number[];
  /** Files given as receipts. */
  comprobantes: number[];
  /** Other people whose hours are logged. */
  otros: number[];
}

/** 1. The request by itself: something to do, and no entry twice. */
export function validarEnvio(actor: Actor, b: Cambios): Envio {
  if (!b.horas.length && !b.gastos.length && !b.borrados.horas.length && !b.borrados.gastos.length) {
    throw AppError.invalid('horas', MENSAJES_REGISTRO.sinCambios);
  }
  const idsHoras = [...b.horas.flatMap((h) => (h.id ? [h.id] : [])), ...b.borrados.horas];
  const idsGastos = [...b.gastos.flatMap((g) => (g.id ? [g.id] : [])), ...b.borrados.gastos];
  if (new Set(idsHoras).size !== idsHoras.length || new Set(idsGastos).size !== idsGastos.length) {
    throw AppError.invalid('borrados', MENSAJES_REGISTRO.repetido);
  }
  return {
    idsHoras,
    idsGastos,
    comprobantes: [...new Set(b.gastos.flatMap((g) => (g.comprobanteArchivoId ? [g.comprobanteArchivoId] : [])))],
    otros: [...new Set(b.horas.flatMap((h) => (h.usuarioId && h.usuarioId !== actor.id ? [h.usuarioId] : [])))],
  };
}

/** The entries a save corrects or removes, as they were. */
export interface Previos {
  horas: Map<number, HorasFila>;
  gastos: Map<number, GastoFila>;
}

/** 3. The entries corrected or removed exist in the order, and are the actor's (or the actor is an admin). */
export async function leerPrevios(
  repo: ExpensesRepository,
  actor: Actor,
  ordenId: number,
  envio: Envio,
): Promise<Previos> {
  const horas = new Map((await repo.horas(actor.entidadId, ordenId, envio.idsHoras)).map((h) => [h.id, h]));
  const gastos = new Map((await repo.gastos(actor.entidadId, ordenId, envio.idsGastos)).map((g) => [g.id, g]));
  if (horas.size !== envio.idsHoras.length || gastos.size !== envio.idsGastos.length)
    throw AppError.notFound(MENSAJES_REGISTRO.noExiste);
  for (const r of [...horas.values(), ...gastos.values()]) {
    if (r.autorId !== actor.id && !esAdmin(actor)) throw AppError.forbidden(MENSAJES_REGISTRO.soloAutor);
  }
  return { horas, gastos };
}

/**
 * 4. The write: removals, hours (corrections, then new entries), expenses (the same). Returns the
 * history events, in that order, and the users and days the 24 h rule must look at again.
 * `nombres`: the display name of each person whose hours may be logged.
 */
export async function escribirCambios(
  repo: ExpensesRepository,
  actor: Actor,
  ordenId: number,
  b: Cambios,
  previos: Previos,
  nombres: Map<number, string>,
  now: Date,
): Promise<{ eventos: EventoAjeno[]; pares: { usuarioId: number; dia: string }[] }> {
  const eventos: EventoAjeno[] = [];
  const ev = (tipo: string, datos: Record<string, unknown>) => eventos.push({ tipo, datos, fecha: now });
  for (const h of previos.horas.values()) nombres.set(h.usuarioId, nombreDe(h.usuario));
  const duenio = (h: Cambios['horas'][number]) =>
    h.usuarioId ?? (h.id ? previos.horas.get(h.id)?.usuarioId : undefined) ?? actor.id;
  const pares = b.horas.map((h) => ({ usuarioId: duenio(h), dia: diaAR(h.fecha) }));
  await repo.bloquearUsuarios(pares.map((p) => p.usuarioId));

  // Removals, each an event with what the entry was.
  await repo.delete('horas', actor.entidadId, ordenId, b.borrados.horas);
  await repo.delete('gastos', actor.entidadId, ordenId, b.borrados.gastos);
  for (const id of b.borrados.horas) {
    const h = previos.horas.get(id) as HorasFila;
    ev('REGISTRO_ELIMINADO', { clase: 'horas', id, usuario: nombreDe(h.usuario), minutos: h.minutos, dia: h.dia });
  }
  for (const id of b.borrados.gastos) {
    const g = previos.gastos.get(id) as GastoFila;
    ev('REGISTRO_ELIMINADO', { clase: 'gasto', id, concepto: g.concepto, centavos: g.centavos, moneda: g.moneda });
  }

  // Hours: corrections, then new entries.
  const nuevasHoras: Cambios['horas'] = [];
  for (const h of b.horas) {
    if (!h.id) {
      nuevasHoras.push(h);
      continue;
    }
    const usuarioId = duenio(h);
    const minutos = h.horas * 60 + h.minutos;
    const dia = diaAR(h.fecha);
    const antes = previos.horas.get(h.id) as HorasFila;
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
    ev('REGISTRO_CORREGIDO', {
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
    ev('HORAS', {
      id: idsNuevas[i],
      usuarioId,
      usuario: nombres.get(usuarioId) ?? '',
      minutos: h.horas * 60 + h.minutos,
      dia: diaAR(h.fecha),
    });
  }

  // Expenses: corrections, then new entries.
  const nuevosGastos: Cambios['gastos'] = [];
  for (const g of b.gastos) {
    if (!g.id) {
      nuevosGastos.push(g);
      continue;
    }
    const antes = previos.gastos.get(g.id) as GastoFila;
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
    ev('REGISTRO_CORREGIDO', {
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
    ev('GASTO', { id: idsGastosNuevos[i], concepto: g.concepto, centavos: g.monto, moneda: g.moneda });
  }
  return { eventos, pares };
}
