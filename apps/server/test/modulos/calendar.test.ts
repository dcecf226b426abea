import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ESTADO, type Calendario, type ProgramadaCalendario } from '@delego/contract';
import type { Actor } from '../../src/kernel/actor.js';
import { moduloCalendario } from '../../src/modules/calendar/index.js';
import { makeUsuario } from '../../src/seed/factories.js';
import { bancoDeModulo, type Banco } from './banco.js';

/**
 * The calendar module alone: the kernel's database and clock, a fake of the orders port (the
 * list's conditions, the names) and a fake of the recurring plans' source (FuenteProgramadas).
 */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('se arma con dos puertos falsos: órdenes que vencen en el rango, programadas visibles y nada de otra empresa', async () => {
  const db = b.database.db;
  const ahora = b.clock.now().toISOString();
  const marzo = (dia: number) => Date.UTC(2026, 2, dia, 15);
  const autor = await makeUsuario(db, { entidadId: b.entidadId, usuario: 'autor', nombre: 'Ana' });
  const otro = await makeUsuario(db, { entidadId: b.entidadId, usuario: 'otro', nombre: 'Otro' });
  const ajeno = await makeUsuario(db, { entidadId: b.otraEntidadId, usuario: 'ajeno', nombre: 'Ajeno' });
  const beto = await makeUsuario(db, { entidadId: b.entidadId, usuario: 'beto', nombre: 'Beto' });
  const insertar = async (entidadId: number, numero: number, titulo: string, fin: number, registro: number) =>
    db.execute(sql`insert into ordenes (entidad_id, numero, titulo, estado_id, registro_responsable_id, creada, actualizada, fecha_fin)
      values (${entidadId}, ${numero}, ${titulo}, ${ESTADO.PENDIENTE}, ${registro}, ${ahora}::timestamptz,
        ${ahora}::timestamptz, ${new Date(fin).toISOString()}::timestamptz)`);
  await insertar(b.entidadId, 1, 'Segunda', marzo(20), autor);
  await insertar(b.entidadId, 2, 'Primera', marzo(3), autor);
  await insertar(b.entidadId, 3, 'Fuera', Date.UTC(2026, 5, 1), autor);
  await insertar(b.otraEntidadId, 1, 'Ajena', marzo(5), ajeno);

  const pedidas: [number, number, number][] = [];
  const programadas: ProgramadaCalendario[] = [
    {
      planId: 7,
      titulo: 'Mía',
      fecha: marzo(9),
      clienteId: 4,
      // 999: an id the names cache does not know.
      responsables: [otro, 999, beto, autor],
      estado: 'programada',
    },
    { planId: 8, titulo: 'De otro', fecha: marzo(4), clienteId: null, responsables: [otro], estado: 'esperando_cupo' },
  ];
  const condiciones: Actor[] = [];
  const m = moduloCalendario(b.nucleo, {
    orders: {
      // The list's visibility is the orders module's: here, what the author registered, in the range.
      condicionesDeLista: (actor, f) => {
        condiciones.push(actor);
        return sql`o.entidad_id = ${actor.entidadId} and o.registro_responsable_id = ${actor.id}
          and o.fecha_fin between ${new Date(f.fechaDesde ?? 0).toISOString()}::timestamptz and ${new Date(f.fechaHasta ?? 0).toISOString()}::timestamptz`;
      },
      nombresDe: async () => ({
        entidad: 'Demo',
        clientes: new Map([[4, 'Hotel Sur']]),
        tipos: new Map(),
        areas: new Map(),
        prioridades: new Map(),
        usuarios: new Map([
          [autor, { id: autor, usuario: 'autor', nombre: 'Ana', apellido: '' }],
          [otro, { id: otro, usuario: 'otro', nombre: 'Zoe', apellido: '' }],
          [beto, { id: beto, usuario: 'beto', nombre: 'Beto', apellido: '' }],
        ]),
      }),
    },
    programadas: {
      listProgramadas: async (entidadId, _actor, desde, hasta) => {
        pedidas.push([entidadId, desde.getTime(), hasta.getTime()]);
        return entidadId === b.entidadId ? programadas : [];
      },
    },
  });
  expect(m.puerto).toEqual({});
  const app = await b.servir(m, b.actor({ id: autor, roles: [], permisosResumen: [] }));
  const r = await app.inject({
    method: 'GET',
    url: '/api/v4/calendario?desde=2026-03-01&hasta=2026-03-31',
    headers: { authorization: 'prueba' },
  });
  expect(r.statusCode, r.body).toBe(200);
  const c = r.json() as Calendario;
  expect(c.ordenes.map((o) => [o.numero, o.titulo, o.editable])).toEqual([
    [2, 'Primera', false],
    [1, 'Segunda', false],
  ]);
  // Only the occurrence that names the actor (he does not see every order); its people by name,
  // Beto (named by the names cache) before Zoe, whose id is lower, and nobody the cache does not name.
  expect(c.programadas).toEqual([
    {
      planId: 7,
      titulo: 'Mía',
      fecha: marzo(9),
      estado: 'programada',
      clienteId: 4,
      responsables: [autor, beto, otro],
    },
  ]);
  expect(c.personas).toEqual([
    { id: autor, usuario: 'autor', nombre: 'Ana', apellido: '' },
    { id: beto, usuario: 'beto', nombre: 'Beto', apellido: '' },
    { id: otro, usuario: 'otro', nombre: 'Zoe', apellido: '' },
  ]);
  expect(c.clientes).toEqual([{ id: 4, nombre: 'Hotel Sur' }]);
  // The range asked of the plans: 1 March 00:00 to 31 March 23:59:59.999 in Buenos Aires (UTC-3).
  expect(pedidas).toEqual([[b.entidadId, Date.UTC(2026, 2, 1, 3), Date.UTC(2026, 3, 1, 2, 59, 59, 999)]]);
  expect(condiciones.map((a) => a.id)).toEqual([autor]);

  // A filter by state leaves the occurrences out (they are not orders yet); a bad range is a 400.
  const filtrado = await app.inject({
    method: 'GET',
    url: `/api/v4/calendario?desde=2026-03-01&hasta=2026-03-31&estados=${ESTADO.PENDIENTE}`,
    headers: { authorization: 'prueba' },
  });
  expect((filtrado.json() as Calendario).programadas).toEqual([]);
  const largo = await app.inject({
    method: 'GET',
    url: '/api/v4/calendario?desde=2026-03-01&hasta=2026-05-01',
    headers: { authorization: 'prueba' },
  });
  expect(largo.statusCode).toBe(400);

  // Another company's actor: nothing of this one.
  const appOtra = await b.servir(m, b.actor({ id: ajeno, entidadId: b.otraEntidadId }));
  const o = await appOtra.inject({
    method: 'GET',
    url: '/api/v4/calendario?desde=2026-03-01&hasta=2026-03-31',
    headers: { authorization: 'prueba' },
  });
  expect(o.json()).toMatchObject({ ordenes: [{ titulo: 'Ajena' }], programadas: [] });
  expect((o.json() as Calendario).ordenes).toHaveLength(1);
});
