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
  /** What the screens beyond the orders read (the activity seeds), on that same day. */
  horasDelMes: number;
  encuestasSinResponder: number;
  solicitudesPendientes: number;
  ordenesConSla: number;
  checklistsEnCurso: number;
  /** SLA warnings the first scan would claim (due by then, not yet marked): none. */
  avisosAtrasados: number;
  /** Work for the outboxes: none. */
  porEnviar: number;
  /** Unread notifications in the bell of the operario and of the propietario. */
  avisosOperario: number;
  avisosPropietario: number;
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
    const ahoraSql = sql`${ahora.toISOString()}::timestamptz`;
    const actividad = await database.db.execute<Record<string, number | string>>(sql`
      select
        (select count(*) from registro_horas where dia >= ${inicioDeMes(ahora).toISOString().slice(0, 10)}::date
           and fecha <= ${ahoraSql}) as "horasDelMes",
        (select count(*) from encuesta where puntaje is null and vence_en > ${ahoraSql}
           and enviada_en <= ${ahoraSql}) as "encuestasSinResponder",
        (select count(*) from solicitudes where estado = 'pendiente' and creada <= ${ahoraSql}) as "solicitudesPendientes",
        (select count(*) from orden_sla where politica_version_id is not null) as "ordenesConSla",
        (select count(*) from checklist_ordenes c join ordenes o on o.id = c.orden_id
          where o.estado_id in (${ESTADO.EN_PROCESO}, ${ESTADO.EN_ESPERA}) and c.hechos > 0 and c.hechos < c.total) as "checklistsEnCurso",
        (select count(*) from orden_sla where pausada_desde is null and (
           (resp_cumplida is null and ((resp_avisada is null and resp_aviso <= ${ahoraSql})
             or (resp_incumplida is null and resp_vence <= ${ahoraSql})))
           or (res_cumplida is null and ((res_avisada is null and res_aviso <= ${ahoraSql})
             or (res_incumplida is null and res_vence <= ${ahoraSql}))))) as "avisosAtrasados",
        (select count(*) from correo_salida) + (select count(*) from whatsapp_salida) as "porEnviar",
        (select count(*) from notificaciones n join usuarios u on u.id = n.usuario_id
          where u.usuario = 'operario' and not n.leida and n.creada <= ${ahoraSql}) as "avisosOperario",
        (select count(*) from notificaciones n join usuarios u on u.id = n.usuario_id
          where u.usuario = 'propietario' and not n.leida and n.creada <= ${ahoraSql}) as "avisosPropietario"`);
    const a = actividad.rows[0]!;
    const fila = rows[0]!;
    return {
      horasDelMes: Number(a.horasDelMes),
      encuestasSinResponder: Number(a.encuestasSinResponder),
      solicitudesPendientes: Number(a.solicitudesPendientes),
      ordenesConSla: Number(a.ordenesConSla),
      checklistsEnCurso: Number(a.checklistsEnCurso),
      avisosAtrasados: Number(a.avisosAtrasados),
      porEnviar: Number(a.porEnviar),
      avisosOperario: Number(a.avisosOperario),
      avisosPropietario: Number(a.avisosPropietario),
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
      // The other screens have something to show that day too (docs in README.md, «la demo»).
      expect(c.horasDelMes).toBeGreaterThan(0);
      expect(c.encuestasSinResponder).toBeGreaterThan(0);
      expect(c.solicitudesPendientes).toBe(4);
      expect(c.ordenesConSla).toBeGreaterThanOrEqual(20);
      expect(c.checklistsEnCurso).toBeGreaterThan(0);
      // Nothing waits to be sent: no warning already due, no mail nor message.
      expect(c.avisosAtrasados).toBe(0);
      expect(c.porEnviar).toBe(0);
      // The bell is not empty: an order assigned to the operario and a change of one of his, and
      // each waiting request for the propietario.
      expect(c.avisosOperario).toBe(2);
      expect(c.avisosPropietario).toBe(4);
    },
    60_000,
  );
});
