/**
 * The demo a new user meets (`npm start` seeds it on first run): whatever day of the month it is
 * seeded, the demo company has open work ahead of it and the whole quota of the month. On the last
 * day of a month every open order used to be overdue and the calendar ahead was empty.
 * (Its own PGlite folders whatever TEST_DB says: the seed is the same SQL on both engines.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ESTADO } from '@delego/contract';
import { openDatabase } from '../src/kernel/db/client.js';
import { seedDemo } from '../src/seed/demo.js';
import { inicioDeMes } from '../src/seed/factories.js';

const DIA = 86_400_000;

interface Cuentas {
  delMes: number;
  finalizadasDelMes: number;
  adelante: number;
  enElPrimerDia: number;
  vencidas: number;
}

async function sembrarEl(ahora: Date, carpetas: string[]): Promise<Cuentas> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-demo-'));
  carpetas.push(dataDir);
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedDemo(database.db, ahora);
    const abierta = sql`o.estado_id not in (${ESTADO.FINALIZADA}, ${ESTADO.CANCELADA})`;
    const { rows } = await database.db.execute<{ [k in keyof Cuentas]: number | string }>(sql`
      select
        count(*) filter (where o.creada >= ${inicioDeMes(ahora).toISOString()}::timestamptz) as "delMes",
        count(*) filter (where o.finalizada >= ${inicioDeMes(ahora).toISOString()}::timestamptz
          and o.finalizada <= ${ahora.toISOString()}::timestamptz) as "finalizadasDelMes",
        count(*) filter (where ${abierta} and o.fecha_fin > ${ahora.toISOString()}::timestamptz) as adelante,
        count(*) filter (where ${abierta} and o.fecha_fin > ${ahora.toISOString()}::timestamptz
          and o.fecha_fin <= ${new Date(ahora.getTime() + DIA).toISOString()}::timestamptz) as "enElPrimerDia",
        count(*) filter (where ${abierta} and o.fecha_fin <= ${ahora.toISOString()}::timestamptz) as vencidas
      from ordenes o join entidades e on e.id = o.entidad_id
      where e.nombre = 'Demo Servicios S.A.'`);
    const fila = rows[0]!;
    return {
      delMes: Number(fila.delMes),
      finalizadasDelMes: Number(fila.finalizadasDelMes),
      adelante: Number(fila.adelante),
      enElPrimerDia: Number(fila.enElPrimerDia),
      vencidas: Number(fila.vencidas),
    };
  } finally {
    await database.close();
  }
}

describe('la demo tiene trabajo por delante cualquier día del mes', () => {
  const carpetas: string[] = [];
  afterAll(() => {
    for (const d of carpetas) fs.rmSync(d, { recursive: true, force: true });
  });

  it.each([
    ['el último día de un mes', '2026-11-30T21:00:00Z'],
    ['el primer día de un mes', '2026-12-01T13:00:00Z'],
    ['la primera hora de un mes', '2026-12-01T04:30:00Z'],
    ['a mitad de mes', '2027-02-15T12:00:00Z'],
  ])(
    'sembrada %s',
    async (_cuando, instante) => {
      const c = await sembrarEl(new Date(instante), carpetas);
      // The month's quota is whole: no order of the demo was created this month.
      expect(c.delMes).toBe(0);
      // The month has finished work (its dashboards and statistics are not empty), none in the future.
      expect(c.finalizadasDelMes).toBeGreaterThanOrEqual(5);
      // Open orders fall due in the coming two weeks, more of them than the overdue backlog.
      expect(c.adelante).toBeGreaterThanOrEqual(20);
      expect(c.adelante).toBeGreaterThan(c.vencidas);
      // None falls due during the first day of a freshly seeded server.
      expect(c.enElPrimerDia).toBe(0);
    },
    60_000,
  );
});
