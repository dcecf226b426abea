import { describe, expect, it } from 'vitest';
import { esBaseNoDisponible, esConflictoPasajero } from './db-errors.js';

const con = (message: string, campos: Record<string, unknown> = {}) => Object.assign(new Error(message), campos);

describe('esBaseNoDisponible', () => {
  it('reconoce la caída de la base en node-postgres, pg-pool y PGlite', () => {
    for (const e of [
      con('connect ECONNREFUSED 127.0.0.1:1', { code: 'ECONNREFUSED' }),
      con('read ECONNRESET', { code: 'ECONNRESET' }),
      con('terminating connection due to administrator command', { code: '57P01', severity: 'FATAL' }),
      con('the database system is starting up', { code: '57P03', severity: 'FATAL' }),
      con('connection failure', { code: '08006', severity: 'FATAL' }),
      con('Connection terminated unexpectedly'),
      con('Connection terminated due to connection timeout'),
      con('timeout exceeded when trying to connect'),
      con('Cannot use a pool after calling end on the pool'),
      con('PGlite is closed'),
    ]) {
      expect(esBaseNoDisponible(e), e.message).toBe(true);
    }
  });

  it('mira dentro del error de Drizzle y de un AggregateError', () => {
    const drizzle = Object.assign(new Error('Failed query: select 1\nparams: '), {
      cause: con('x', { code: 'ECONNREFUSED' }),
    });
    expect(esBaseNoDisponible(drizzle)).toBe(true);
    expect(esBaseNoDisponible(new AggregateError([con('a', { code: 'ECONNREFUSED' })], 'connect'))).toBe(true);
  });

  it('un error de la sentencia o del programa no es una caída', () => {
    for (const e of [
      con('duplicate key value violates unique constraint "u"', { code: '23505', severity: 'ERROR' }),
      con('invalid byte sequence for encoding "UTF8": 0x00', { code: '22021', severity: 'ERROR' }),
      con('deadlock detected', { code: '40P01', severity: 'ERROR' }),
      new TypeError('x is undefined'),
      Object.assign(new Error('Failed query'), { cause: con('syntax error', { code: '42601', severity: 'ERROR' }) }),
      'ECONNREFUSED',
      null,
    ]) {
      expect(esBaseNoDisponible(e)).toBe(false);
    }
  });
});

describe('esConflictoPasajero', () => {
  it('un deadlock o un fallo de serialización, también envuelto por Drizzle, se puede reintentar', () => {
    expect(esConflictoPasajero(con('deadlock detected', { code: '40P01', severity: 'ERROR' }))).toBe(true);
    expect(
      esConflictoPasajero(
        Object.assign(new Error('Failed query'), { cause: con('could not serialize', { code: '40001' }) }),
      ),
    ).toBe(true);
  });

  it('un error de la sentencia, una caída o un error del programa, no', () => {
    for (const e of [
      con('duplicate key value violates unique constraint "u"', { code: '23505', severity: 'ERROR' }),
      con('x', { code: 'ECONNREFUSED' }),
      new TypeError('x is undefined'),
      null,
    ]) {
      expect(esConflictoPasajero(e)).toBe(false);
    }
  });
});
