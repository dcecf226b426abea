import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * One session on a database, PGlite or PostgreSQL, for the data tools (move, backup, restore).
 * Raw SQL with its rows: these tools read and write every table by name, with no Drizzle schema.
 */
export interface Conexion {
  motor: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(texto: string, parametros?: unknown[]): Promise<T[]>;
}

export function conexionPglite(cliente: PGlite): Conexion {
  return {
    motor: 'pglite',
    async query<T>(texto: string, parametros?: unknown[]) {
      return (await cliente.query<T>(texto, parametros)).rows;
    },
  };
}

export function conexionPg(cliente: pg.Client | pg.PoolClient): Conexion {
  return {
    motor: 'postgres',
    async query<T>(texto: string, parametros?: unknown[]) {
      return (await cliente.query(texto, parametros)).rows as T[];
    },
  };
}

/** An identifier quoted for SQL (table, column, sequence names read from the catalog). */
export function ident(nombre: string): string {
  return `"${nombre.replace(/"/g, '""')}"`;
}

/** A database URL without its password, for messages. */
export function sinClave(url: string): string {
  return url.replace(/:[^:@/]*@/, ':***@');
}

/**
 * Settings of every session of the tools: timestamps as UTC (the rows travel as JSON text, which
 * must read the same on both engines) and no statement time limit of the server's.
 */
export async function prepararSesion(c: Conexion): Promise<void> {
  await c.query(`set timezone = 'UTC'`);
  await c.query(`set statement_timeout = 0`);
}
