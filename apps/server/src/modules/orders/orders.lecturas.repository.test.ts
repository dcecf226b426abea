import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { limitePagina } from './orders.lecturas.repository.js';

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
