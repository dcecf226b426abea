import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENSAJES_MANTENIMIENTO,
  PERMISOS_GLOBALES,
  type Mantenimiento,
  type MantenimientoGuardar,
  type ProyeccionCupo,
} from '@delego/contract';
import { auth, createTestEnv, makeCatalogo, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * Scheduled maintenance (issue 32, docs/MANTENIMIENTO.md) end to end on the engine of TEST_DB: the
 * plans' calls and their permissions, bad input, another company's 404 on every call, and the
 * scheduler run with a moved clock: catching up days, waiting for quota, the renewal creating the
 * waiting occurrence once, the rule after finished, the projection and the next period's warning.
 */
let env: TestEnv;
let demo: number;
let chica: number;
let cli: number[];
let cliChica: number;
let tipos: number[];
let u: Record<'admin' | 'lector' | 'operario' | 'otra' | 'duena', number>;

const AHORA = new Date('2026-06-10T15:00:00Z');
const dia = (s: string) => new Date(`${s}T15:00:00Z`);

beforeAll(async () => {
  env = await createTestEnv({ ejecutorMantenimiento: null });
  env.clock.t = AHORA;
  const db = env.database.db;
  demo = await makeEntidad(db, { nombre: 'Demo SA', plan: 'Pyme', now: AHORA, quotaDisponible: 2 });
  const otra = await makeEntidad(db, { nombre: 'Otra SA', plan: 'Ilimitado', now: AHORA });
  chica = await makeEntidad(db, { nombre: 'Chica SRL', plan: 'Inicial', now: AHORA });
  cli = await makeClientes(db, demo, [{ nombre: 'Clínica' }, { nombre: 'Hotel' }, { nombre: 'Colegio' }]);
  [cliChica] = (await makeClientes(db, chica, [{ nombre: 'Kiosco' }])) as [number];
  tipos = (await makeCatalogo(db, demo, { areas: ['General'], tipos: ['Preventivo'] })).tipos;
  await makeClientes(db, otra, [{ nombre: 'Panadería' }]);
  u = {
    admin: await makeUsuario(db, {
      entidadId: demo,
      usuario: 'admin',
      nombre: 'Ada',
      roles: ['ADMIN'],
      permisos: PERMISOS_GLOBALES,
    }),
    lector: await makeUsuario(db, {
      entidadId: demo,
      usuario: 'lector',
      nombre: 'Leo',
      permisos: ['crearOrden'],
      clientes: [{ clienteId: cli[2] as number, delegarOrden: true }],
    }),
    operario: await makeUsuario(db, { entidadId: demo, usuario: 'operario', nombre: 'Omar', roles: ['OPERARIO'] }),
    otra: await makeUsuario(db, {
      entidadId: otra,
      usuario: 'otra',
      nombre: 'Olga',
      roles: ['PROPIETARIO'],
      permisos: PERMISOS_GLOBALES,
    }),
    duena: await makeUsuario(db, {
      entidadId: chica,
      usuario: 'duena',
      nombre: 'Dora',
      email: 'dora@chica.test',
      roles: ['PROPIETARIO'],
      permisos: PERMISOS_GLOBALES,
    }),
  };
}, 60_000);
afterAll(() => env?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: unknown) =>
  env.app.inject({
    method,
    url,
    headers: auth(who),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

const plan = (extra: Partial<MantenimientoGuardar> = {}): MantenimientoGuardar => ({
  cliente: cli[0] as number,
  regla: { tipo: 'meses', cada: 1, dia: 31 },
  inicio: '2026-06-01',
  plantilla: {
    titulo: 'Revisión de caldera',
    detalle: 'Presión y quemador',
    tipoOrden: tipos[0],
    responsable: [u.operario],
  },
  ...extra,
});

async function crear(body: MantenimientoGuardar, who = 'admin'): Promise<Mantenimiento> {
  const r = await call('POST', '/api/v2/mantenimiento', who, body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

const ordenesDe = async (titulo: string) =>
  (
    await env.database.db.execute<{ id: number; fecha: string }>(sql`
      select id, to_char(fecha_fin at time zone 'America/Argentina/Buenos_Aires', 'YYYY-MM-DD') as fecha
        from ordenes where titulo = ${titulo} order by fecha_fin`)
  ).rows;

const ocurrencias = async (id: number) =>
  (
    await env.database.db.execute<{ fecha: string; estado: string; ordenId: number | null }>(sql`
      select fecha, estado, orden_id as "ordenId" from mantenimiento_ocurrencias where mantenimiento_id = ${id} order by fecha`)
  ).rows;

const tick = () => env.puertos().maintenance.ejecutar();

describe('planes de mantenimiento', () => {
  it('crea un plan mensual el día 31 y lo lista con las próximas fechas (el último día de cada mes)', async () => {
    const p = await crear(plan());
    expect(p.proximas).toEqual(['2026-06-30', '2026-07-31', '2026-08-31', '2026-09-30', '2026-10-31']);
    expect(p.clienteNombre).toBe('Clínica');
    const lista = (await call('GET', '/api/v2/mantenimientos', 'admin')).json() as { mantenimientos: Mantenimiento[] };
    expect(lista.mantenimientos.map((m) => m.id)).toContain(p.id);
    // Paused: no dates; resumed: from today again.
    expect(
      ((await call('POST', `/api/v2/mantenimiento/${p.id}/pausar`, 'admin')).json() as Mantenimiento).proximas,
    ).toEqual([]);
    const r = (await call('POST', `/api/v2/mantenimiento/${p.id}/reanudar`, 'admin')).json() as Mantenimiento;
    expect(r.activo).toBe(true);
    expect(r.proximas[0]).toBe('2026-06-30');
    // Edited to every 2 weeks on Monday and Thursday.
    const e = await call(
      'PUT',
      `/api/v2/mantenimiento/${p.id}`,
      'admin',
      plan({ regla: { tipo: 'semanas', cada: 2, diasSemana: [1, 4] } }),
    );
    expect(e.statusCode, e.body).toBe(200);
    expect((e.json() as Mantenimiento).proximas.slice(0, 3)).toEqual(['2026-06-15', '2026-06-18', '2026-06-29']);
    expect((await call('DELETE', `/api/v2/mantenimiento/${p.id}`, 'admin')).statusCode).toBe(200);
    expect((await call('GET', `/api/v2/mantenimiento/${p.id}`, 'admin')).statusCode).toBe(404);
  });

  it('rechaza datos malos con el campo y el motivo en español, sin guardar nada', async () => {
    const antes = (await call('GET', '/api/v2/mantenimientos', 'admin')).json() as { mantenimientos: unknown[] };
    const casos: [unknown, string, string][] = [
      [plan({ regla: { tipo: 'dias', cada: 0 } }), 'regla.cada', MENSAJES_MANTENIMIENTO.intervaloMinimo],
      [plan({ fin: '2026-05-01' }), 'fin', MENSAJES_MANTENIMIENTO.finAntesDeInicio],
      [plan({ inicio: '2026-02-30' }), 'inicio', MENSAJES_MANTENIMIENTO.diaInvalido],
      [plan({ cliente: 999_999 }), 'cliente', 'El cliente indicado no existe o está inactivo.'],
      [
        plan({ plantilla: { titulo: 'x', responsable: [u.otra] } }),
        'plantilla.responsable',
        'Algún responsable indicado no existe o está inactivo.',
      ],
    ];
    for (const [body, campo, motivo] of casos) {
      const r = await call('POST', '/api/v2/mantenimiento', 'admin', body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toMatchObject({ code: 'DATOS_INVALIDOS' });
      expect(r.body).toContain(campo);
      expect(r.body).toContain(motivo);
    }
    const despues = (await call('GET', '/api/v2/mantenimientos', 'admin')).json() as { mantenimientos: unknown[] };
    expect(despues.mantenimientos.length).toBe(antes.mantenimientos.length);
  });

  it('otra empresa recibe 404 en cada llamada; quien no puede delegar al cliente no lo ve ni lo crea', async () => {
    const p = await crear(plan({ plantilla: { titulo: 'Aislado', responsable: [] } }));
    for (const [m, url, body] of [
      ['GET', `/api/v2/mantenimiento/${p.id}`],
      ['PUT', `/api/v2/mantenimiento/${p.id}`, plan({ cliente: cli[0] })],
      ['POST', `/api/v2/mantenimiento/${p.id}/pausar`],
      ['POST', `/api/v2/mantenimiento/${p.id}/reanudar`],
      ['DELETE', `/api/v2/mantenimiento/${p.id}`],
    ] as const) {
      expect((await call(m, url, 'otra', body)).statusCode, `${m} ${url}`).toBe(404);
      expect((await call(m, url, 'lector', body)).statusCode, `${m} ${url} lector`).toBe(404);
    }
    expect(
      ((await call('GET', '/api/v2/mantenimientos', 'otra')).json() as { mantenimientos: unknown[] }).mantenimientos,
    ).toEqual([]);
    expect(
      ((await call('GET', '/api/v2/mantenimientos', 'operario')).json() as { mantenimientos: unknown[] })
        .mantenimientos,
    ).toEqual([]);
    // Another company's client is "does not exist".
    const ajeno = await call('POST', '/api/v2/mantenimiento', 'otra', plan());
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json()).toMatchObject({ message: 'El cliente indicado no existe o está inactivo.' });
    // lector may delegate only to the third client.
    expect((await call('POST', '/api/v2/mantenimiento', 'lector', plan())).statusCode).toBe(403);
    const propio = await crear(
      plan({ cliente: cli[2] as number, plantilla: { titulo: 'Del lector', responsable: [] } }),
      'lector',
    );
    const visto = (await call('GET', '/api/v2/mantenimientos', 'lector')).json() as { mantenimientos: Mantenimiento[] };
    expect(visto.mantenimientos.map((m) => m.id)).toEqual([propio.id]);
    for (const id of [p.id, propio.id]) await call('DELETE', `/api/v2/mantenimiento/${id}`, 'admin');
  });
});

describe('el programador', () => {
  it('recupera los días perdidos, espera cupo y al renovarse el período crea la que esperaba una sola vez', async () => {
    env.clock.t = AHORA;
    const p = await crear(
      plan({
        regla: { tipo: 'dias', cada: 1 },
        inicio: '2026-06-28',
        plantilla: { titulo: 'Diaria', responsable: [u.operario] },
      }),
    );
    expect((await tick()).creadas).toBe(0);
    // The server was down from the 10th to the 30th: the 28th, 29th and 30th are due; 2 orders left.
    env.clock.t = dia('2026-06-30');
    await tick();
    expect(await ocurrencias(p.id)).toMatchObject([
      { fecha: '2026-06-28', estado: 'creada' },
      { fecha: '2026-06-29', estado: 'creada' },
      { fecha: '2026-06-30', estado: 'esperando_cupo', ordenId: null },
    ]);
    const visto = (await call('GET', `/api/v2/mantenimiento/${p.id}`, 'admin')).json() as Mantenimiento;
    expect(visto.ocurrencias.find((o) => o.estado === 'esperando_cupo')?.fecha).toBe('2026-06-30');
    const proy = (await call('GET', '/api/v2/mantenimientos/proyeccion', 'admin')).json() as ProyeccionCupo;
    expect(proy).toMatchObject({ programadas: 1, disponibles: 0, esperandoCupo: 1 });
    // Running again changes nothing.
    await tick();
    await tick();
    expect((await ordenesDe('Diaria')).map((o) => o.fecha)).toEqual(['2026-06-28', '2026-06-29']);
    // The period renews on July 1st: the waiting one and the 1st are created, once each.
    env.clock.t = dia('2026-07-01');
    await tick();
    await tick();
    expect((await ordenesDe('Diaria')).map((o) => o.fecha)).toEqual([
      '2026-06-28',
      '2026-06-29',
      '2026-06-30',
      '2026-07-01',
    ]);
    expect((await ocurrencias(p.id)).every((o) => o.estado === 'creada' && o.ordenId !== null)).toBe(true);
    await call('POST', `/api/v2/mantenimiento/${p.id}/pausar`, 'admin');
  });

  it('tras finalizar: la siguiente vence N días después del día en que se finalizó la anterior', async () => {
    env.clock.t = dia('2026-07-02');
    const p = await crear(
      plan({
        regla: { tipo: 'tras_finalizar', dias: 10 },
        inicio: '2026-07-02',
        plantilla: { titulo: 'Tras', responsable: [] },
      }),
    );
    await tick();
    const [primera] = await ocurrencias(p.id);
    expect(primera).toMatchObject({ fecha: '2026-07-02', estado: 'creada' });
    await tick();
    expect(await ocurrencias(p.id)).toHaveLength(1);
    // Finished on the 5th (Buenos Aires): the next one is due on the 15th.
    await env.database.db.execute(
      sql`update ordenes set finalizada = ${new Date('2026-07-05T20:00:00Z')}, estado_id = 4 where id = ${primera!.ordenId}`,
    );
    await tick();
    expect(((await call('GET', `/api/v2/mantenimiento/${p.id}`, 'admin')).json() as Mantenimiento).proximas).toEqual([
      '2026-07-15',
    ]);
    env.clock.t = dia('2026-07-15');
    await tick();
    expect((await ocurrencias(p.id)).map((o) => [o.fecha, o.estado])).toEqual([
      ['2026-07-02', 'creada'],
      ['2026-07-15', 'creada'],
    ]);
    await call('DELETE', `/api/v2/mantenimiento/${p.id}`, 'admin');
  });

  it('el puerto del calendario da las ocurrencias escritas y las futuras de las reglas, según quién mira', async () => {
    env.clock.t = dia('2026-07-15');
    const p = await crear(
      plan({
        cliente: cli[2] as number,
        regla: { tipo: 'semanas', cada: 1, diasSemana: [3] },
        inicio: '2026-07-01',
        anticipacion: 2,
        plantilla: { titulo: 'Semanal', responsable: [u.operario] },
      }),
    );
    const desde = new Date('2026-07-15T03:00:00Z');
    const hasta = new Date('2026-08-06T02:59:59Z');
    const port = env.puertos().maintenance;
    const admin = { id: u.admin, roles: [{ nombre: 'ADMIN' }], permisosResumen: [], permisos: { clientes: [] } };
    const fechas = (await port.listProgramadas(demo, admin, desde, hasta)).filter((x) => x.planId === p.id);
    expect(fechas.map((x) => new Date(x.fecha).toISOString().slice(0, 10))).toEqual([
      '2026-07-15',
      '2026-07-22',
      '2026-07-29',
      '2026-08-05',
    ]);
    expect(fechas[0]).toMatchObject({
      titulo: 'Semanal',
      clienteId: cli[2],
      responsables: [u.operario],
      estado: 'programada',
    });
    // The operario is responsable: sees them; another company's id sees none.
    const operario = {
      id: u.operario,
      roles: [{ nombre: 'OPERARIO' }],
      permisosResumen: [],
      permisos: { clientes: [] },
    };
    expect((await port.listProgramadas(demo, operario, desde, hasta)).filter((x) => x.planId === p.id)).toHaveLength(4);
    const ayudante = { ...operario, id: u.lector };
    expect(
      (await port.listProgramadas(demo, { ...ayudante, permisosResumen: [] }, desde, hasta)).filter(
        (x) => x.planId === p.id,
      ),
    ).toHaveLength(0);
    expect(await port.listProgramadas(chica, admin, desde, hasta)).toEqual([]);
    await call('DELETE', `/api/v2/mantenimiento/${p.id}`, 'admin');
  });

  it('avisa una sola vez a los dueños cuando los programados del período siguiente superan el plan', async () => {
    env.clock.t = AHORA;
    const r = await call('POST', '/api/v2/mantenimiento', 'duena', {
      ...plan({
        cliente: cliChica,
        regla: { tipo: 'dias', cada: 1 },
        inicio: '2026-06-10',
        plantilla: { titulo: 'Kiosco', responsable: [] },
      }),
    });
    expect(r.statusCode, r.body).toBe(200);
    await tick();
    await tick();
    const avisos = await env.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notificaciones where usuario_id = ${u.duena} and tipo = 'mantenimiento'`,
    );
    expect(avisos.rows[0]?.n).toBe(1);
    const correos = await env.database.db.execute<{ n: number; asunto: string }>(
      sql`select count(*)::int as n, min(asunto) as asunto from correo_salida where para = 'dora@chica.test' and tipo = 'plan'`,
    );
    expect(correos.rows[0]).toMatchObject({ n: 1, asunto: expect.stringContaining('supera su plan') });
    // Demo's next period (a Pyme, 100 orders) holds its schedules: no warning.
    const demoAvisos = await env.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mantenimiento_avisos where entidad_id = ${demo}`,
    );
    expect(demoAvisos.rows[0]?.n).toBe(0);
  });
});

describe('el calendario', () => {
  it('muestra un plan nuevo enseguida y lo quita al pausarlo: cada cambio descarta sus respuestas guardadas', async () => {
    env.clock.t = AHORA;
    const ver = async () =>
      (
        (await call('GET', '/api/v4/calendario?desde=2026-06-15&hasta=2026-06-21', 'admin')).json() as {
          programadas: { planId: number }[];
        }
      ).programadas;
    // Read (and kept) before the plan exists.
    await ver();
    const p = await crear(
      plan({
        regla: { tipo: 'dias', cada: 1 },
        inicio: '2026-06-15',
        plantilla: { titulo: 'Ronda diaria', responsable: [u.operario] },
      }),
    );
    expect((await ver()).filter((x) => x.planId === p.id)).toHaveLength(7);
    await call('POST', `/api/v2/mantenimiento/${p.id}/pausar`, 'admin');
    expect((await ver()).filter((x) => x.planId === p.id)).toHaveLength(0);
    await call('DELETE', `/api/v2/mantenimiento/${p.id}`, 'admin');
  });
});

describe('un plan para un equipo', () => {
  it('nombra la ubicación y el equipo del cliente, cada orden los lleva, y el equipo no se borra mientras el plan lo nombra', async () => {
    env.clock.t = AHORA;
    const db = env.database.db;
    const suya = (await db.execute<{ e: number }>(sql`select entidad_id as e from usuarios where id = ${u.otra}`))
      .rows[0]!.e;
    const [panaderia] = (
      await db.execute<{ id: number }>(sql`select id from clientes where entidad_id = ${suya}`)
    ).rows.map((f) => f.id);
    const [otroCliente] = await makeClientes(db, suya, [{ nombre: 'Vecino' }]);
    const ubic = await call('POST', '/api/v4/ubicaciones', 'otra', { cliente: panaderia, nombre: 'Local centro' });
    expect(ubic.statusCode, ubic.body).toBe(200);
    const eq = await call('POST', '/api/v4/equipos', 'otra', {
      nombre: 'Horno rotativo',
      codigo: 'HR-1',
      cliente: panaderia,
      ubicacion: (ubic.json() as { id: number }).id,
    });
    expect(eq.statusCode, eq.body).toBe(200);
    const ubicacion = (ubic.json() as { id: number }).id;
    const equipo = (eq.json() as { id: number }).id;
    const base = {
      cliente: panaderia as number,
      regla: { tipo: 'dias' as const, cada: 7 },
      inicio: '2026-06-10',
      plantilla: { titulo: 'Limpieza del horno', responsable: [u.otra] },
    };

    // Another client's plan cannot name this equipo; a site of another client is refused too.
    const mal = await call('POST', '/api/v2/mantenimiento', 'otra', { ...base, cliente: otroCliente, equipo });
    expect(mal.statusCode).toBe(400);
    expect(mal.json()).toMatchObject({ message: expect.stringContaining('equipo') });
    const malSitio = await call('POST', '/api/v2/mantenimiento', 'otra', { ...base, cliente: otroCliente, ubicacion });
    expect(malSitio.statusCode).toBe(400);
    // Another company's equipo is not even visible: the same 400 as one that does not exist.
    const ajena = await call('POST', '/api/v2/mantenimiento', 'admin', { ...plan(), equipo });
    expect(ajena.statusCode).toBe(400);

    // Sent twice with the same Idempotency-Key (a retry after a cut): one plan, the same answer.
    const clave = { 'idempotency-key': '6f1c1d40-6f3e-4a36-9d55-0b8e1f0c2a11' };
    const envio = () =>
      env.app.inject({
        method: 'POST',
        url: '/api/v2/mantenimiento',
        headers: { ...auth('otra'), ...clave },
        payload: { ...base, equipo },
      });
    const primero = await envio();
    expect(primero.statusCode, primero.body).toBe(200);
    const segundo = await envio();
    expect(segundo.json()).toEqual(primero.json());
    const p = primero.json() as Mantenimiento;
    expect(p).toMatchObject({ equipo, ubicacion: null });
    const planes = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from mantenimientos where titulo = 'Limpieza del horno'`,
    );
    expect(planes.rows[0]?.n).toBe(1);

    // The order of the day names the equipo and, taken from it, its site.
    await tick();
    const orden = await db.execute<{ equipo: number; ubicacion: number }>(
      sql`select equipo_id as equipo, ubicacion_id as ubicacion from ordenes where titulo = 'Limpieza del horno'`,
    );
    expect(orden.rows).toEqual([{ equipo, ubicacion }]);

    // Deleting the equipo is refused while the plan names it; so is moving it to another client.
    const borrar = await call('DELETE', `/api/v4/equipos/${equipo}`, 'otra');
    expect(borrar.statusCode).toBe(409);
    expect(borrar.json()).toMatchObject({ message: expect.stringContaining('plan de mantenimiento') });
    await call('DELETE', `/api/v2/mantenimiento/${p.id}`, 'otra');
  });
});
