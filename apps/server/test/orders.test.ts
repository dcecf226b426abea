import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTADO, ESTADOS, PERMISOS_GLOBALES, TRANSICIONES, type OrdenDetalle } from '@delego/contract';
import { sql } from 'drizzle-orm';
import { auth, createTestEnv, makeCatalogo, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

let env: TestEnv;
let demo: number;
let otra: number;
let cli: number[];
let cliOtra: number[];
let cat: { areas: number[]; tipos: number[]; prioridades: number[] };
const u: Record<string, number> = {};

beforeAll(async () => {
  env = await createTestEnv();
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo Servicios S.A.', plan: 'Pyme', now });
  otra = await makeEntidad(db, { nombre: 'Otra Empresa S.R.L.', plan: 'Ilimitado', now });
  cli = await makeClientes(db, demo, [
    { nombre: 'Clínica San Martín' },
    { nombre: 'Hotel Los Andes' },
    { nombre: 'Colegio Belgrano' },
  ]);
  cliOtra = await makeClientes(db, otra, [{ nombre: 'Panadería El Molino' }]);
  cat = await makeCatalogo(db, demo, { areas: ['Electricidad', 'Plomería'], tipos: ['Correctivo', 'Preventivo'] });
  await makeCatalogo(db, otra, { areas: ['Obras'], tipos: ['Correctivo'] });
  const [c1, c2, c3] = cli as [number, number, number];
  u.admin = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'admin',
    nombre: 'Martín',
    apellido: 'Gómez',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  u.supervisor = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'supervisor',
    nombre: 'Carla',
    apellido: 'Ruiz',
    roles: ['SUPERVISOR'],
    permisos: ['crearOrden', 'modificarOrden', 'finalizarOrden'],
    clientes: [
      { clienteId: c1, delegarOrden: true, modificarOrden: true, borrarOrden: true },
      { clienteId: c2, delegarOrden: true },
    ],
  });
  u.operario = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'operario',
    nombre: 'Diego',
    apellido: 'Sosa',
    roles: ['OPERARIO'],
    permisos: ['finalizarOrden'],
  });
  u.ayudante = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'ayudante',
    nombre: 'Lucía',
    apellido: 'Benítez',
    roles: ['OPERARIO'],
  });
  u.lector = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'lector',
    nombre: 'Ana',
    apellido: 'Lectora',
    permisos: ['crearOrden'],
    clientes: [{ clienteId: c3, delegarOrden: true }],
  });
  u.baja = await makeUsuario(db, { entidadId: demo, usuario: 'baja', nombre: 'Ex', activo: false });
  u.otra = await makeUsuario(db, {
    entidadId: otra,
    usuario: 'otra',
    nombre: 'Roberto',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
});
afterAll(() => env?.close());

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: unknown) =>
  env.app.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}tsp=${Date.now()}`,
    headers: auth(who),
    ...(payload !== undefined ? { payload: payload as Json } : {}),
  });

const nueva = (extra: Json = {}) => ({
  titulo: 'Reparación de aire acondicionado',
  detalle: 'No enfría',
  cliente: cli[0],
  responsable: [u.operario],
  tipoOrden: cat.tipos[0],
  area: cat.areas[0],
  prioridad: cat.prioridades[2],
  fechaInicio: Date.UTC(2026, 10, 20),
  fechaFin: Date.UTC(2026, 10, 25),
  ...extra,
});

async function crear(who = 'supervisor', extra: Json = {}): Promise<OrdenDetalle> {
  const r = await call('POST', '/api/v2/ordenes/save', who, nueva(extra));
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

const quota = async () =>
  (
    await env.database.db.execute<{ q: number }>(
      sql`select quota_disponible as q from suscripciones where entidad_id = ${demo}`,
    )
  ).rows[0]?.q;
const countOrdenes = async () =>
  (await env.database.db.execute<{ n: number }>(sql`select count(*)::int as n from ordenes where entidad_id = ${demo}`))
    .rows[0]?.n;

describe('entre empresas: otra no ve nada de Demo', () => {
  it('cada llamada sobre una orden de Demo da 404 para otra, y nada cambia', async () => {
    const o = await crear();
    const id = o.id;
    const antes = await call('GET', `/api/v2/historial/detalle/${id}`, 'admin');
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/v3/ordenDTO/${id}`],
      ['GET', `/api/v2/orden/${id}`],
      ['GET', `/api/v2/historial/detalle/${id}`],
      ['PUT', `/api/v2/estado/${id}`, { estado: ESTADO.CANCELADA, comentarios: 'x' }],
      ['PUT', `/api/v3/responsable/${id}`, { responsable: [u.otra] }],
      ['POST', `/api/v2/detalle/${id}`, { detalle: 'hackeado' }],
      ['POST', `/api/v2/titulo/${id}`, { titulo: 'hackeado' }],
      ['POST', `/api/v2/fecha/${id}/fin`, { fecha: Date.now() }],
      ['POST', `/api/v2/tipoOrden/${id}/${cat.tipos[1]}`, { tipoOrdenId: cat.tipos[1] }],
      ['POST', `/api/v2/area/${id}/${cat.areas[1]}`, { areaId: cat.areas[1] }],
      ['POST', '/api/v2/ordenes/save', { ...nueva({ cliente: cliOtra[0], responsable: [] }), id }],
      ['DELETE', `/api/v2/orden/${id}`],
      ['GET', `/api/v2/usuarios/${cli[0]}`],
    ];
    for (const [m, url, body] of calls) {
      const r = await call(m as 'GET', url, 'otra', body);
      expect(r.statusCode, `${m} ${url}`).toBe(404);
      expect(r.json().message).toBeTruthy();
    }
    const despues = await call('GET', `/api/v2/historial/detalle/${id}`, 'admin');
    expect(despues.json()).toEqual(antes.json());
    expect((await call('GET', `/api/v3/ordenDTO/${id}`, 'admin')).json().titulo).toBe(o.titulo);
  });

  it('las listas, los clientes usados y los responsables de otra no incluyen nada de Demo', async () => {
    const list = (await call('POST', '/api/v4/ordenes/all/filtered', 'otra', {})).json();
    expect(list.total).toBe(0);
    expect((await call('POST', '/api/v2/ordenes/all/filtered', 'otra', {})).json()).toEqual([]);
    expect((await call('GET', '/api/v3/test/clientes-usados', 'otra')).json()).toEqual([]);
    const resp = (await call('GET', '/api/v2/usuarios/todos', 'otra')).json();
    expect(resp.map((x: Json) => x.usuario)).toEqual(['otra']);
    const pr = (await call('GET', '/api/v2/prioridades', 'otra')).json();
    expect(pr.every((p: Json) => !cat.prioridades.includes(p.id as number))).toBe(true);
  });

  it('otra no puede crear órdenes con clientes, responsables ni catálogos de Demo', async () => {
    const before = await countOrdenes();
    for (const body of [
      nueva({ cliente: cli[0], responsable: [] }),
      nueva({ cliente: cliOtra[0], responsable: [u.operario] }),
      nueva({ cliente: cliOtra[0], responsable: [], tipoOrden: cat.tipos[0] }),
    ]) {
      const r = await call('POST', '/api/v2/ordenes/save', 'otra', body);
      expect(r.statusCode).toBe(400);
    }
    expect(await countOrdenes()).toBe(before);
  });
});

describe('crear', () => {
  it('crea con número por entidad, descuenta la quota y registra el evento', async () => {
    const q0 = await quota();
    const a = await crear();
    const b = await crear('supervisor', { responsable: [u.operario, u.ayudante] });
    expect(b.numero).toBe(a.numero + 1);
    expect(await quota()).toBe((q0 as number) - 2);
    expect(b).toMatchObject({
      titulo: 'Reparación de aire acondicionado',
      estado: { id: ESTADO.PENDIENTE, nombre: 'Pendiente' },
      cliente: { id: cli[0], nombre: 'Clínica San Martín' },
      entidadSolicitanteId: demo,
      entidadSolicitanteNombre: 'Demo Servicios S.A.',
      registroResponsable: { usuario: 'supervisor' },
      fechaInicioISO_8601: '2026-11-20T00:00:00.000Z',
    });
    expect(b.responsables.map((r) => r.usuario).sort()).toEqual(['ayudante', 'operario']);
    const h = (await call('GET', `/api/v2/historial/detalle/${b.id}`, 'supervisor')).json();
    expect(h).toHaveLength(1);
    expect(h[0]).toMatchObject({ tipo: 'CREADA', usuario: { usuario: 'supervisor' } });
    expect(h[0].descripcion).toMatch(/Creó la orden y la asignó a/);
    const plan = (await call('GET', '/api/v2/plan/estado', 'supervisor')).json();
    expect(plan.quotaDisponible).toBe((q0 as number) - 2);
  });

  it('sin crearOrden: 403; sin delegarOrden para ese cliente: 403; nada se guarda', async () => {
    const before = await countOrdenes();
    const q = await quota();
    expect((await call('POST', '/api/v2/ordenes/save', 'operario', nueva())).statusCode).toBe(403);
    const r = await call('POST', '/api/v2/ordenes/save', 'supervisor', nueva({ cliente: cli[2] }));
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toMatch(/delegar/);
    expect(await countOrdenes()).toBe(before);
    expect(await quota()).toBe(q);
  });

  it('datos inválidos: 400 en español con el campo, nada cambia', async () => {
    const before = await countOrdenes();
    const q = await quota();
    const casos: [Json, string][] = [
      [{ titulo: '' }, 'titulo'],
      [{ titulo: '   ' }, 'titulo'],
      [{ titulo: 'x'.repeat(201) }, 'titulo'],
      [{ titulo: 123 }, 'titulo'],
      [{ cliente: 'abc' }, 'cliente'],
      [{ cliente: 999999 }, 'cliente'],
      [{ tipoOrden: 999999 }, 'tipoOrden'],
      [{ responsable: [999999] }, 'responsable'],
      [{ responsable: [u.baja] }, 'responsable'],
      [{ fechaInicio: Date.UTC(2026, 10, 25), fechaFin: Date.UTC(2026, 10, 20) }, 'fechaFin'],
      [{ estado: ESTADO.FINALIZADA }, 'estado'],
      [{ fechaFin: 'mañana' }, 'fechaFin'],
    ];
    for (const [extra, field] of casos) {
      const r = await call('POST', '/api/v2/ordenes/save', 'admin', nueva(extra));
      expect(r.statusCode, JSON.stringify(extra)).toBe(400);
      expect(r.json().field, JSON.stringify(extra)).toBe(field);
      expect(r.json().message).toBeTruthy();
    }
    const grande = await env.app.inject({
      method: 'POST',
      url: '/api/v2/ordenes/save',
      headers: auth('supervisor'),
      payload: nueva({ titulo: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(grande.statusCode).toBe(413);
    const noJson = await env.app.inject({
      method: 'POST',
      url: '/api/v2/ordenes/save',
      headers: { ...auth('supervisor'), 'content-type': 'application/json' },
      payload: '{no es json',
    });
    expect(noJson.statusCode).toBe(400);
    // The reasons read as Spanish a user understands, not as the validator's internals.
    const sinCliente = await call('POST', '/api/v2/ordenes/save', 'admin', { titulo: 'Sin cliente', detalle: '' });
    expect(sinCliente.statusCode).toBe(400);
    expect(sinCliente.json().message).toBe('Dato inválido en "cliente": Elija el cliente de la orden.');
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const r = await call('GET', `/api/v3/ordenDTO/${id}`, 'admin');
      expect(r.statusCode, id).toBe(400);
      expect(r.json().message, id).toBe(
        'Dato inválido en "id": Debe ser un número entero positivo (el id de un registro).',
      );
    }
    expect(noJson.json().message).toMatch(/JSON/);
    expect(await countOrdenes()).toBe(before);
    expect(await quota()).toBe(q);
  });

  it('guarda HTML como texto', async () => {
    const o = await crear('supervisor', { titulo: '<script>alert(1)</script>', detalle: '<b>negrita</b>' });
    const d = (await call('GET', `/api/v3/ordenDTO/${o.id}`, 'supervisor')).json();
    expect(d.titulo).toBe('<script>alert(1)</script>');
    expect(d.detalle).toBe('<b>negrita</b>');
  });
});

describe('quota', () => {
  it('50 altas concurrentes con 10 disponibles: exactamente 10 se guardan', async () => {
    await env.database.db.execute(sql`update suscripciones set quota_disponible = 10 where entidad_id = ${demo}`);
    const before = await countOrdenes();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', '/api/v2/ordenes/save', 'supervisor', nueva({ titulo: `Concurrente ${i}` })),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(refused[0]?.json().message).toMatch(/Se agotaron las órdenes disponibles/);
    expect(await countOrdenes()).toBe((before as number) + 10);
    expect(await quota()).toBe(0);
    const numeros = ok.map((r) => r.json().numero as number);
    expect(new Set(numeros).size).toBe(10);
    await env.database.db.execute(sql`update suscripciones set quota_disponible = 100 where entidad_id = ${demo}`);
  });

  it('con la quota agotada y el período vencido, el alta renueva el período y se guarda', async () => {
    await env.database.db.execute(
      sql`update suscripciones set quota_disponible = 0, fecha_proximo_vencimiento = now() - interval '1 day' where entidad_id = ${demo}`,
    );
    const r = await call('POST', '/api/v2/ordenes/save', 'supervisor', nueva({ titulo: 'Tras la renovación' }));
    expect(r.statusCode, r.body).toBe(200);
    expect(await quota()).toBe(99);
    const plan = (await call('GET', '/api/v2/plan/estado', 'supervisor')).json();
    expect(plan.quotaDisponible).toBe(99);
    expect(plan.fechaProximoVencimiento).toBeGreaterThan(Date.now());
  });

  it('una quota vacía (null) es ilimitada', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await call(
        'POST',
        '/api/v2/ordenes/save',
        'otra',
        nueva({ cliente: cliOtra[0], responsable: [u.otra], tipoOrden: null, area: null, prioridad: null }),
      );
      expect(r.statusCode).toBe(200);
    }
    expect((await call('GET', '/api/v2/plan/estado', 'otra')).json().quotaDisponible).toBeNull();
  });
});

describe('estados', () => {
  it('GET /api/v2/estados da la tabla de transiciones', async () => {
    const e = (await call('GET', '/api/v2/estados', 'operario')).json();
    expect(e).toHaveLength(ESTADOS.length);
    expect(e[0]).toMatchObject({ id: 1, nombre: 'Pendiente', siguientes: TRANSICIONES[1] });
  });

  it('el responsable la pasa a En proceso y Finalizada con comentarios, y el historial lo muestra', async () => {
    const o = await crear();
    let r = await call('PUT', `/api/v2/estado/${o.id}`, 'operario', {
      estado: ESTADO.EN_PROCESO,
      comentarios: 'Comienzo el trabajo.',
    });
    expect(r.statusCode, r.body).toBe(200);
    r = await call('PUT', `/api/v2/estado/${o.id}`, 'operario', {
      estado: ESTADO.FINALIZADA,
      comentarios: 'Listo y probado.',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().estado.nombre).toBe('Finalizada');
    expect(r.json().finalizada).toBeTypeOf('number');
    const h = (await call('GET', `/api/v2/historial/detalle/${o.id}`, 'operario')).json();
    expect(h.map((e: Json) => e.tipo)).toEqual(['CREADA', 'ESTADO', 'ESTADO']);
    expect(h[2]).toMatchObject({
      estadoAnterior: 2,
      estadoNuevo: 4,
      comentario: 'Listo y probado.',
      usuario: { usuario: 'operario' },
    });
    expect(h[2].descripcion).toBe('Cambió el estado de En proceso a Finalizada');
  });

  it('cada transición fuera de la tabla da 409 y no cambia nada', async () => {
    const o = await crear('admin');
    for (const desde of ESTADOS.map((e) => e.id)) {
      await env.database.db.execute(sql`update ordenes set estado_id = ${desde} where id = ${o.id}`);
      for (const hacia of ESTADOS.map((e) => e.id)) {
        if ((TRANSICIONES[desde] as readonly number[]).includes(hacia)) continue;
        const r = await call('PUT', `/api/v2/estado/${o.id}`, 'admin', { estado: hacia, comentarios: 'prueba' });
        expect(r.statusCode, `${desde}->${hacia}`).toBe(409);
        expect(r.json().message).toMatch(/No se puede pasar de/);
      }
    }
    const h = (await call('GET', `/api/v2/historial/detalle/${o.id}`, 'admin')).json();
    expect(h).toHaveLength(1);
  });

  it('sin comentario, con estado inexistente, o finalizar sin finalizarOrden: 4xx', async () => {
    const o = await crear('supervisor', { responsable: [u.ayudante] });
    expect((await call('PUT', `/api/v2/estado/${o.id}`, 'ayudante', { estado: 2, comentarios: '  ' })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', `/api/v2/estado/${o.id}`, 'ayudante', { estado: 99, comentarios: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (await call('PUT', `/api/v2/estado/${o.id}`, 'ayudante', { estado: 2, comentarios: 'Arranco' })).statusCode,
    ).toBe(200);
    const r = await call('PUT', `/api/v2/estado/${o.id}`, 'ayudante', {
      estado: ESTADO.FINALIZADA,
      comentarios: 'Fin',
    });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toMatch(/«Finalizar órdenes»/);
    const d = (await call('GET', `/api/v3/ordenDTO/${o.id}`, 'ayudante')).json();
    expect(d.estado.id).toBe(2);
    expect(d.acciones.estadosSiguientes).not.toContain(ESTADO.FINALIZADA);
  });
});

describe('permisos de edición y lectura', () => {
  it('la orden es de solo lectura para quien no tiene modificarOrden ni es responsable', async () => {
    const o = await crear('admin', { cliente: cli[2], responsable: [u.operario] });
    const d = (await call('GET', `/api/v3/ordenDTO/${o.id}`, 'lector')).json();
    expect(d.acciones).toMatchObject({ soloLectura: true, modificar: false, borrar: false, estadosSiguientes: [] });
    for (const [m, url, body] of [
      ['PUT', `/api/v2/estado/${o.id}`, { estado: 2, comentarios: 'x' }],
      ['POST', `/api/v2/titulo/${o.id}`, { titulo: 'otro' }],
      ['POST', `/api/v2/detalle/${o.id}`, { detalle: 'otro' }],
      ['PUT', `/api/v3/responsable/${o.id}`, { responsable: [u.lector] }],
      ['DELETE', `/api/v2/orden/${o.id}`],
    ] as const) {
      expect((await call(m, url, 'lector', body)).statusCode, url).toBe(403);
    }
    const dOp = (await call('GET', `/api/v3/ordenDTO/${o.id}`, 'operario')).json();
    expect(dOp.acciones.soloLectura).toBe(false);
  });

  it('el operario no ve órdenes ajenas (404) y ve las suyas en la lista', async () => {
    const ajena = await crear('admin', { responsable: [u.ayudante] });
    expect((await call('GET', `/api/v3/ordenDTO/${ajena.id}`, 'operario')).statusCode).toBe(404);
    const mias = (await call('POST', '/api/v4/ordenes/all/filtered', 'operario', { porPagina: 100 })).json();
    expect(mias.ordenes.length).toBeGreaterThan(0);
    expect(
      mias.ordenes.every((o: { responsables: { usuario: string }[] }) =>
        o.responsables.some((r) => r.usuario === 'operario'),
      ),
    ).toBe(true);
  });

  it('borrar necesita borrarOrden para el cliente; la orden borrada desaparece y queda en el historial', async () => {
    const o1 = await crear('supervisor', { cliente: cli[1] });
    expect((await call('DELETE', `/api/v2/orden/${o1.id}`, 'supervisor')).statusCode).toBe(403);
    const o2 = await crear('supervisor', { cliente: cli[0] });
    expect((await call('DELETE', `/api/v2/orden/${o2.id}`, 'supervisor')).statusCode).toBe(200);
    expect((await call('GET', `/api/v3/ordenDTO/${o2.id}`, 'supervisor')).statusCode).toBe(404);
    const ev = await env.database.db.execute<{ tipo: string }>(
      sql`select tipo from orden_eventos where orden_id = ${o2.id} order by id`,
    );
    expect(ev.rows.map((r) => r.tipo)).toEqual(['CREADA', 'ELIMINADA']);
  });
});

describe('ediciones', () => {
  it('título, detalle, fechas, tipo, área y responsables quedan en el historial', async () => {
    const o = await crear();
    expect((await call('POST', `/api/v2/titulo/${o.id}`, 'operario', { titulo: 'Nuevo título' })).json().titulo).toBe(
      'Nuevo título',
    );
    expect((await call('POST', `/api/v2/detalle/${o.id}`, 'operario', { detalle: 'Más detalle' })).json().detalle).toBe(
      'Más detalle',
    );
    const fin = Date.UTC(2026, 11, 1);
    expect((await call('POST', `/api/v2/fecha/${o.id}/fin`, 'supervisor', { fecha: fin })).json().fechaFin).toBe(fin);
    expect(
      (await call('POST', `/api/v2/fecha/${o.id}/inicio`, 'supervisor', { fecha: Date.UTC(2026, 11, 5) })).statusCode,
    ).toBe(400);
    expect((await call('POST', `/api/v2/fecha/${o.id}/mitad`, 'supervisor', { fecha: fin })).statusCode).toBe(400);
    expect(
      (
        await call('POST', `/api/v2/tipoOrden/${o.id}/${cat.tipos[1]}`, 'supervisor', { tipoOrdenId: cat.tipos[1] })
      ).json().tipoOrden.nombre,
    ).toBe('Preventivo');
    expect(
      (await call('POST', `/api/v2/tipoOrden/${o.id}/${cat.tipos[0]}`, 'supervisor', { tipoOrdenId: cat.tipos[1] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/api/v2/area/${o.id}/${cat.areas[1]}`, 'supervisor', { areaId: cat.areas[1] })).json().area
        .nombre,
    ).toBe('Plomería');
    const r = await call('PUT', `/api/v3/responsable/${o.id}`, 'supervisor', { responsable: [u.operario, u.ayudante] });
    expect(r.json().responsables).toHaveLength(2);
    const h = (await call('GET', `/api/v2/historial/detalle/${o.id}`, 'supervisor')).json();
    expect(h.map((e: Json) => e.tipo)).toEqual(['CREADA', 'TITULO', 'DETALLE', 'FECHA', 'TIPO', 'AREA', 'RESPONSABLE']);
    expect(h[1].descripcion).toBe('Cambió el título de «Reparación de aire acondicionado» a «Nuevo título»');
    expect(h[6].descripcion).toMatch(/Diego Sosa/);
  });

  it('cambiar responsables es delegar: necesita delegarOrden para el cliente de la orden', async () => {
    // The supervisor edits every order (global modificarOrden) but delegates only for cli[0] and cli[1].
    const o = await crear('admin', { cliente: cli[2] });
    const detalle = (await call('GET', `/api/v3/ordenDTO/${o.id}`, 'supervisor')).json();
    expect(detalle.acciones).toMatchObject({ modificar: true, cambiarResponsable: false });
    const r = await call('PUT', `/api/v3/responsable/${o.id}`, 'supervisor', { responsable: [u.ayudante] });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(
      'No puede cambiar los responsables: necesita el permiso «Delegar órdenes» para el cliente de la orden.',
    );
    const g = (await call('GET', `/api/v2/orden/${o.id}`, 'supervisor')).json();
    expect(
      (await call('POST', '/api/v2/ordenes/save', 'supervisor', { ...g, responsable: [u.ayudante] })).statusCode,
    ).toBe(403);
    // The same responsables with another title is an edit, not a delegation.
    expect(
      (await call('POST', '/api/v2/ordenes/save', 'supervisor', { ...g, titulo: 'Solo el título' })).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/v2/orden/${o.id}`, 'admin')).json().responsable).toEqual([u.operario]);
    // The responsable himself, without delegarOrden, cannot hand it on either; the admin can.
    expect(
      (await call('PUT', `/api/v3/responsable/${o.id}`, 'operario', { responsable: [u.ayudante] })).statusCode,
    ).toBe(403);
    expect((await call('PUT', `/api/v3/responsable/${o.id}`, 'admin', { responsable: [u.ayudante] })).statusCode).toBe(
      200,
    );
    const propia = await crear('supervisor', { cliente: cli[0] });
    expect((await call('GET', `/api/v3/ordenDTO/${propia.id}`, 'supervisor')).json().acciones.cambiarResponsable).toBe(
      true,
    );
  });

  it('modificar con /ordenes/save registra cada cambio y no permite cambiar el estado', async () => {
    const o = await crear();
    const g = (await call('GET', `/api/v2/orden/${o.id}`, 'supervisor')).json();
    expect(g).toMatchObject({ id: o.id, cliente: cli[0], responsable: [u.operario], estado: 1 });
    const r = await call('POST', '/api/v2/ordenes/save', 'supervisor', {
      ...g,
      titulo: 'Cambiado',
      prioridad: cat.prioridades[3],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().prioridad.nombre).toBe('Urgente');
    expect((await call('POST', '/api/v2/ordenes/save', 'supervisor', { ...g, estado: 4 })).statusCode).toBe(400);
    const h = (await call('GET', `/api/v2/historial/detalle/${o.id}`, 'supervisor')).json();
    expect(h.map((e: Json) => e.tipo)).toEqual(['CREADA', 'TITULO', 'PRIORIDAD']);
  });
});

describe('listas y filtros', () => {
  it('filtra por estado, cliente, responsable, texto y número; pagina y ordena', async () => {
    const marca = `Filtro-${Date.now()}`;
    const a = await crear('admin', { titulo: `${marca} uno`, cliente: cli[1], responsable: [u.ayudante] });
    await crear('admin', { titulo: `${marca} dos`, cliente: cli[0] });
    const f = async (body: Json, who = 'admin') =>
      (await call('POST', '/api/v4/ordenes/all/filtered', who, body)).json();
    expect((await f({ buscar: marca })).total).toBe(2);
    expect((await f({ buscar: marca, cliente: cli[1] })).ordenes.map((o: Json) => o.id)).toEqual([a.id]);
    expect((await f({ buscar: marca, responsable: u.ayudante })).ordenes.map((o: Json) => o.id)).toEqual([a.id]);
    expect((await f({ buscar: `#${a.numero}` })).ordenes.map((o: Json) => o.id)).toContain(a.id);
    expect((await f({ buscar: 'hotel los andes' })).ordenes.map((o: Json) => o.id)).toContain(a.id);
    expect((await f({ buscar: '100%_' })).total).toBe(0);
    expect((await f({ buscar: marca, estados: [ESTADO.FINALIZADA] })).total).toBe(0);
    const p0 = await f({ porPagina: 2, pagina: 0 });
    const p1 = await f({ porPagina: 2, pagina: 1 });
    expect(p0.ordenes).toHaveLength(2);
    expect(p0.total).toBeGreaterThan(3);
    expect(p1.ordenes[0].id).not.toBe(p0.ordenes[0].id);
    const lejos = await f({ porPagina: 2, pagina: 5000 });
    expect(lejos.ordenes).toEqual([]);
    expect(lejos.total).toBe(p0.total);
    const simple = (
      await call('POST', '/api/v2/ordenes/all/filtered', 'admin', { estados: [1], buscar: marca })
    ).json();
    expect(simple).toHaveLength(2);
    expect((await call('POST', '/api/v4/ordenes/all/filtered', 'admin', { porPagina: 1000 })).statusCode).toBe(400);
    expect((await call('POST', '/api/v4/ordenes/all/filtered', 'admin', { orden: 'azar' })).statusCode).toBe(400);
  });

  it('la lista y su total siguen cada cambio: alta, estado, nombres de cliente, tipo y responsable, borrado', async () => {
    const lista = async (f: Json) =>
      (await call('POST', '/api/v4/ordenes/all/filtered', 'admin', { porPagina: 5, ...f })).json() as {
        total: number;
        ordenes: {
          id: number;
          estado: { id: number };
          cliente: { nombre: string } | null;
          tipoOrden: { nombre: string } | null;
          responsables: { nombre: string }[];
        }[];
      };
    const f = { buscar: 'caldera del subsuelo' };
    // The same question asked again is answered from memory: it must still see every change.
    expect((await lista(f)).total).toBe(0);
    expect((await lista(f)).total).toBe(0);
    const a = (
      await call('POST', '/api/v2/ordenes/save', 'admin', nueva({ titulo: 'Caldera del subsuelo', cliente: cli[2] }))
    ).json() as OrdenDetalle;
    let l = await lista(f);
    expect(l.total).toBe(1);
    expect(l.ordenes.map((o) => o.id)).toEqual([a.id]);
    expect(l.ordenes[0]?.estado.id).toBe(ESTADO.PENDIENTE);

    const cambio = await call('PUT', `/api/v2/estado/${a.id}`, 'admin', {
      estado: ESTADO.EN_PROCESO,
      comentarios: 'Empiezo',
    });
    expect(cambio.statusCode).toBe(200);
    expect((await lista(f)).ordenes[0]?.estado.id).toBe(ESTADO.EN_PROCESO);
    expect((await lista({ ...f, estados: [ESTADO.PENDIENTE] })).total).toBe(0);

    // Names come from the catalogue: a rename shows at once, and search follows client names.
    expect(
      (await call('POST', '/api/v2/cliente', 'admin', { id: cli[2], nombre: 'Colegio Manuel Belgrano', activo: true }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/v2/tipoOrden/${cat.tipos[0]}`, 'admin', { nombre: 'Correctivo urgente' })).statusCode,
    ).toBe(200);
    l = await lista(f);
    expect(l.ordenes[0]?.cliente?.nombre).toBe('Colegio Manuel Belgrano');
    expect(l.ordenes[0]?.tipoOrden?.nombre).toBe('Correctivo urgente');
    expect((await lista({ buscar: 'manuel belgrano' })).ordenes.map((o) => o.id)).toContain(a.id);
    const perfil = await call('PUT', '/api/v2/profile', 'operario', { nombre: 'Diego Martín' });
    expect(perfil.statusCode).toBe(200);
    expect((await lista(f)).ordenes[0]?.responsables.map((p) => p.nombre)).toEqual(['Diego Martín']);
    const detalle = (await call('GET', `/api/v3/ordenDTO/${a.id}`, 'admin')).json() as OrdenDetalle;
    expect(detalle.cliente?.nombre).toBe('Colegio Manuel Belgrano');
    expect(detalle.responsables.map((p) => p.nombre)).toEqual(['Diego Martín']);

    // Put things back for the other tests, then delete: the page and the total forget it.
    await call('POST', '/api/v2/cliente', 'admin', { id: cli[2], nombre: 'Colegio Belgrano', activo: true });
    await call('PUT', `/api/v2/tipoOrden/${cat.tipos[0]}`, 'admin', { nombre: 'Correctivo' });
    await call('PUT', '/api/v2/profile', 'operario', { nombre: 'Diego' });
    expect((await call('DELETE', `/api/v2/orden/${a.id}`, 'admin')).statusCode).toBe(200);
    l = await lista(f);
    expect(l.total).toBe(0);
    expect(l.ordenes).toEqual([]);
  });

  it('marca vencidas las abiertas con fecha de fin pasada', async () => {
    const o = await crear('admin', {
      fechaInicio: Date.UTC(2020, 0, 1),
      fechaFin: Date.UTC(2020, 0, 2),
      titulo: 'Vencida de prueba',
    });
    const l = (await call('POST', '/api/v4/ordenes/all/filtered', 'admin', { vencidas: true, porPagina: 100 })).json();
    const item = l.ordenes.find((x: Json) => x.id === o.id);
    expect(item.vencida).toBe(true);
    expect(l.ordenes.every((x: Json) => x.vencida)).toBe(true);
  });

  it('una página guardada en memoria no se sirve pasado el vencimiento de una de sus órdenes', async () => {
    const vence = env.clock.now().getTime() + 10_000;
    const o = await crear('admin', { titulo: 'Vence en diez segundos', fechaInicio: vence - 60_000, fechaFin: vence });
    const f = { buscar: 'vence en diez segundos', porPagina: 25 };
    const vencida = async () => {
      const r = await call('POST', '/api/v4/ordenes/all/filtered', 'admin', f);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      return (r.json() as { ordenes: { id: number; vencida: boolean }[] }).ordenes.find((x) => x.id === o.id)?.vencida;
    };
    expect(await vencida()).toBe(false);
    env.clock.advance(5_000);
    // Asked again within the page cache's 30 s and before the due time: the stored answer.
    expect(await vencida()).toBe(false);
    env.clock.advance(5_001);
    // Still within those 30 s, but the order became overdue: the page is read again.
    expect(await vencida()).toBe(true);
    const simple = (
      await call('POST', '/api/v2/ordenes/all/filtered', 'admin', { buscar: 'vence en diez segundos' })
    ).json() as { id: number; vencida: boolean }[];
    expect(simple.find((x) => x.id === o.id)?.vencida).toBe(true);
    expect((await call('DELETE', `/api/v2/orden/${o.id}`, 'admin')).statusCode).toBe(200);
  });

  it('una página guardada en memoria sigue el cambio de nombre de un tipo de orden, sin otro cambio', async () => {
    const o = await crear('admin', { titulo: 'Tipo renombrado en la lista' });
    const tipo = async (ruta: string, cuerpo: Json) => {
      const r = (await call('POST', ruta, 'admin', cuerpo)).json() as
        | { ordenes: { id: number; tipoOrden: { nombre: string } | null }[] }
        | { id: number; tipoOrden: { nombre: string } | null }[];
      const ordenes = Array.isArray(r) ? r : r.ordenes;
      return ordenes.find((x) => x.id === o.id)?.tipoOrden?.nombre;
    };
    const v4 = ['/api/v4/ordenes/all/filtered', { buscar: 'tipo renombrado' }] as const;
    const v2 = ['/api/v2/ordenes/all/filtered', { buscar: 'tipo renombrado' }] as const;
    expect(await tipo(...v4)).toBe('Correctivo');
    expect(await tipo(...v2)).toBe('Correctivo');
    // Another company asking the same gets none of it (its pages are its own).
    const deOtra = (await call('POST', v4[0], 'otra', v4[1])).json() as { total: number; ordenes: unknown[] };
    expect(deOtra).toMatchObject({ total: 0, ordenes: [] });
    expect(
      (await call('PUT', `/api/v2/tipoOrden/${cat.tipos[0]}`, 'admin', { nombre: 'Correctivo mayor' })).statusCode,
    ).toBe(200);
    expect(await tipo(...v4)).toBe('Correctivo mayor');
    expect(await tipo(...v2)).toBe('Correctivo mayor');
    await call('PUT', `/api/v2/tipoOrden/${cat.tipos[0]}`, 'admin', { nombre: 'Correctivo' });
    expect((await call('DELETE', `/api/v2/orden/${o.id}`, 'admin')).statusCode).toBe(200);
  });

  it('el detalle guardado en memoria es de cada usuario y sigue cada cambio: estado, nombres, permisos y vencimiento', async () => {
    const vence = env.clock.now().getTime() + 10_000;
    const o = await crear('admin', {
      titulo: 'Detalle en memoria',
      cliente: cli[2],
      responsable: [u.admin],
      fechaFin: vence,
    });
    type Detalle = OrdenDetalle & { acciones: { borrar: boolean } };
    const detalle = async (who: string) => {
      const r = await call('GET', `/api/v3/ordenDTO/${o.id}`, who);
      return { status: r.statusCode, body: r.statusCode === 200 ? (r.json() as Detalle) : undefined };
    };
    // Each user its own answer: the actions differ; another company's user gets nothing.
    expect((await detalle('admin')).body?.acciones.borrar).toBe(true);
    expect((await detalle('otra')).status).toBe(404);
    expect((await detalle('lector')).body?.acciones.borrar).toBe(false);
    expect((await detalle('admin')).body?.acciones.borrar).toBe(true);

    const cambio = await call('PUT', `/api/v2/estado/${o.id}`, 'admin', {
      estado: ESTADO.EN_PROCESO,
      comentarios: 'Voy',
    });
    expect(cambio.statusCode).toBe(200);
    expect((await detalle('lector')).body?.estado.id).toBe(ESTADO.EN_PROCESO);

    expect(
      (await call('PUT', `/api/v2/tipoOrden/${cat.tipos[0]}`, 'admin', { nombre: 'Correctivo leve' })).statusCode,
    ).toBe(200);
    expect((await detalle('lector')).body?.tipoOrden?.nombre).toBe('Correctivo leve');
    await call('PUT', `/api/v2/tipoOrden/${cat.tipos[0]}`, 'admin', { nombre: 'Correctivo' });

    // Without the client's permission the reader no longer sees it, at once.
    const quitar = await call('DELETE', `/api/v4/permisos/${u.lector}/${cli[2]}`, 'admin');
    expect(quitar.statusCode, quitar.body).toBe(200);
    expect((await detalle('lector')).status).toBe(404);

    expect((await detalle('admin')).body?.vencida).toBe(false);
    env.clock.advance(10_001);
    expect((await detalle('admin')).body?.vencida).toBe(true);

    expect((await call('DELETE', `/api/v2/orden/${o.id}`, 'admin')).statusCode).toBe(200);
    expect((await detalle('admin')).status).toBe(404);
    const devolver = await call('POST', `/api/v4/permisos/toggle/${u.lector}`, 'admin', {
      cliente: cli[2],
      permiso: 'delegarOrden',
      accion: true,
    });
    expect(devolver.statusCode, devolver.body).toBe(200);
  });

  it('clientes usados y responsables disponibles', async () => {
    const usados = (await call('GET', '/api/v3/test/clientes-usados', 'admin')).json();
    expect(usados.map((c: Json) => c.id)).toEqual(expect.arrayContaining([cli[0], cli[1]]));
    const resp = (await call('GET', `/api/v2/usuarios/${cli[0]}`, 'supervisor')).json();
    expect(resp.map((x: Json) => x.usuario)).toContain('operario');
    expect(resp.map((x: Json) => x.usuario)).not.toContain('baja');
    expect((await call('GET', '/api/v2/usuarios/999999', 'supervisor')).statusCode).toBe(404);
    expect((await call('GET', '/api/v2/usuarios/abc', 'supervisor')).statusCode).toBe(400);
  });
});
