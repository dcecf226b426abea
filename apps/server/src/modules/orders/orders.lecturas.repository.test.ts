import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { zFiltros } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import {
  FILTROS_CON_FORMA,
  OrdersLecturasRepository,
  limitePagina,
  type Visibilidad,
} from './orders.lecturas.repository.js';

const texto = (porPagina: number, pagina: number) => {
  const { sql, params } = new PgDialect().sqlToQuery(limitePagina(porPagina, pagina));
  return { sql, params };
};

describe('limitePagina', () => {
  it('las primeras páginas de los tamaños habituales van como literales (un plan genérico)', () => {
    expect(texto(25, 0)).toEqual({ sql: 'limit 25 offset 0', params: [] });
    expect(texto(100, 9)).toEqual({ sql: 'limit 100 offset 900', params: [] });
    expect(texto(10, 3)).toEqual({ sql: 'limit 10 offset 30', params: [] });
  });

  it('otros tamaños y las páginas profundas van como parámetros, para que los textos sean pocos', () => {
    expect(texto(37, 0)).toEqual({ sql: 'limit $1 offset $2', params: [37, 0] });
    expect(texto(25, 10)).toEqual({ sql: 'limit $1 offset $2', params: [25, 250] });
    expect(texto(25, 2.5).params).toEqual([25, 62.5]);
  });
});

describe('pagina: el texto de cada forma de filtros se arma una vez', () => {
  const dialecto = new PgDialect();
  /** The statement a page runs, as the pool would get it. */
  const sentencia = async (v: Visibilidad, f: Record<string, unknown>, entidadId = 7) => {
    let capturada: { sql: string; params: unknown[] } | undefined;
    const repo = new OrdersLecturasRepository({} as DbOrTx, async <T>(query: SQL) => {
      const { sql: texto, params } = dialecto.sqlToQuery(query);
      capturada = { sql: texto, params };
      return [] as T[];
    });
    await repo.pagina(entidadId, v, zFiltros.parse(f), new Date('2026-11-28T12:00:00Z'));
    return capturada;
  };
  const todo: Visibilidad = { actorId: 3, todo: true, clientes: [] };
  const propias: Visibilidad = { actorId: 3, todo: false, clientes: [] };
  const porCliente: Visibilidad = { actorId: 3, todo: false, clientes: [4, 9] };
  const formas: [Visibilidad, Record<string, unknown>][] = [
    [todo, { estados: [1, 2, 3], porPagina: 25 }],
    [todo, { estados: [1, 2, 3], orden: 'vencimiento', porPagina: 25 }],
    [todo, { porPagina: 25, pagina: 3 }],
    [propias, { cliente: 5, tipo: 6, area: 7, prioridad: 8, responsable: 9, porPagina: 37, pagina: 12 }],
    [porCliente, { fechaDesde: 1_700_000_000_000, fechaHasta: 1_800_000_000_000, campoFecha: 'fechaFin' }],
    [porCliente, { vencidas: true, orden: 'prioridad', porPagina: 100, pagina: 2 }],
    [todo, { equipo: 11, porPagina: 25 }],
    [propias, { sla: 'por-vencer', estados: [1, 2, 3], porPagina: 25 }],
    [porCliente, { sla: 'vencidas', vencidas: true, porPagina: 25 }],
    [propias, { cliente: 5, ubicacion: 12, equipo: 13, prioridad: 8, porPagina: 25, pagina: 1 }],
  ];

  it.each(formas)('la misma forma corre el mismo texto con sus propios valores (%#)', async (v, f) => {
    // Each shape is new to the module here: the first page is built by Drizzle (and its text kept).
    const armada = await sentencia(v, f, 7);
    const condiciones = vi.spyOn(OrdersLecturasRepository.prototype, 'condiciones');
    const deLaForma = await sentencia(v, f, 8);
    expect(condiciones).not.toHaveBeenCalled();
    condiciones.mockRestore();
    expect(armada?.params[0]).toBe(7);
    expect(deLaForma).toEqual({ sql: armada?.sql, params: [8, ...(armada?.params.slice(1) ?? [])] });
  });

  it('conoce cada filtro del contrato: uno nuevo obliga a enseñarle su forma antes de guardar textos', () => {
    expect([...FILTROS_CON_FORMA].sort()).toEqual(Object.keys(zFiltros.shape).sort());
  });

  it('una búsqueda no usa la forma guardada (se planifica con sus valores)', async () => {
    const sin = await sentencia(todo, { porPagina: 25 });
    const con = await sentencia(todo, { porPagina: 25, buscar: 'aire' });
    expect(con?.sql).not.toBe(sin?.sql);
    expect(con?.params).toContain('%aire%');
  });
});
