import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORMA_CODIGO_QR,
  zEquipo,
  zHistorialEquipo,
  zOrdenDetalle,
  zPaginaEquipos,
  zPaginaOrdenes,
  zQrResuelto,
  zUbicacionCliente,
  type Equipo,
  type UbicacionCliente,
} from '@delego/contract';
import { sql } from 'drizzle-orm';
import { adminFixture, caller, type AdminFixture } from './admin-fixture.js';
import { makeUsuario } from './helpers.js';

/**
 * Sites and equipment (issue 32, docs/EQUIPOS.md): CRUD, search and filters, another company's
 * 404, QR resolution, history totals, orders that name them. Import and labels:
 * equipment-importar.test.ts, equipment-etiquetas.test.ts.
 */

let f: AdminFixture;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  f = await adminFixture();
  call = caller(f.env);
});
afterAll(() => f?.env.close());

async function ok<T>(
  r: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  esquema: { parse: (v: unknown) => T },
) {
  const res = await r;
  expect(res.statusCode, res.body).toBe(200);
  return esquema.parse(res.json());
}

/** Every row of sites, equipment and orders of both companies: a refused call changes none. */
async function filas(): Promise<unknown> {
  const db = f.env.database.db;
  const q = async (s: ReturnType<typeof sql>) => (await db.execute(s)).rows;
  return {
    ubicaciones: await q(sql`select * from ubicaciones order by id`),
    equipos: await q(sql`select * from equipos order by id`),
    ordenes: await q(sql`select id, ubicacion_id, equipo_id, cliente_id, actualizada from ordenes order by id`),
  };
}

/** A refused call: its status, a Spanish message (and field), and nothing changed. */
async function rechazo(
  r: () => Promise<{ statusCode: number; body: string; json: () => unknown }>,
  status: number,
  esperado: { field?: string; message?: RegExp } = {},
) {
  const antes = await filas();
  const res = await r();
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { message: string; field?: string };
  if (esperado.field) expect(body.field).toBe(esperado.field);
  if (esperado.message) expect(body.message).toMatch(esperado.message);
  expect(await filas()).toEqual(antes);
  return body;
}

let clinica: number;
let hotel: number;
let sede: UbicacionCliente;
let anexo: UbicacionCliente;
let caldera: Equipo;
let bomba: Equipo;
let equipoOtra: Equipo;
let sedeOtra: UbicacionCliente;

describe('ubicaciones y equipos', () => {
  beforeAll(async () => {
    [clinica, hotel] = f.cli as [number, number];
    sede = await ok(
      call('POST', '/api/v4/ubicaciones', 'admin', {
        cliente: clinica,
        nombre: 'Sede Central',
        codigo: 'SC',
        direccion: 'Av. Rivadavia 1234',
      }),
      zUbicacionCliente,
    );
    anexo = await ok(
      call('POST', '/api/v4/ubicaciones', 'admin', { cliente: clinica, nombre: 'Anexo' }),
      zUbicacionCliente,
    );
    caldera = await ok(
      call('POST', '/api/v4/equipos', 'admin', {
        nombre: 'Caldera Peisa',
        codigo: 'CAL-001',
        cliente: clinica,
        ubicacion: sede.id,
        ubicacionInterna: 'Sala de máquinas',
        marca: 'Peisa',
        modelo: 'Diva Dúo',
        serie: 'PX-99812',
      }),
      zEquipo,
    );
    bomba = await ok(
      call('POST', '/api/v4/equipos', 'admin', { nombre: 'Bomba de agua', codigo: 'BOM-7', cliente: hotel }),
      zEquipo,
    );
    sedeOtra = await ok(
      call('POST', '/api/v4/ubicaciones', 'otra', { cliente: f.cliOtra[0], nombre: 'Local', codigo: 'SC' }),
      zUbicacionCliente,
    );
    equipoOtra = await ok(
      call('POST', '/api/v4/equipos', 'otra', { nombre: 'Horno', codigo: 'CAL-001', cliente: f.cliOtra[0] }),
      zEquipo,
    );
  });

  it('otra empresa no ve ni toca nada de Demo: 404 en cada ruta y listas vacías', async () => {
    for (const [m, url, body] of [
      ['GET', `/api/v4/equipos/${caldera.id}`],
      ['PUT', `/api/v4/equipos/${caldera.id}`, { nombre: 'X', cliente: f.cliOtra[0] }],
      ['DELETE', `/api/v4/equipos/${caldera.id}`],
      ['GET', `/api/v4/equipos/${caldera.id}/ordenes`],
      ['GET', `/api/v4/ubicaciones/${sede.id}`],
      ['PUT', `/api/v4/ubicaciones/${sede.id}`, { nombre: 'X', cliente: f.cliOtra[0] }],
      ['DELETE', `/api/v4/ubicaciones/${sede.id}`],
      ['GET', `/api/v4/qr/${caldera.codigoQr}`],
      ['GET', `/api/v4/qr/${sede.codigoQr}`],
      ['POST', '/api/v4/equipos/etiquetas', { ids: [caldera.id] }],
    ] as const) {
      await rechazo(() => call(m, url, 'otra', body), 404);
    }
    const lista = await ok(call('GET', '/api/v4/equipos', 'otra'), zPaginaEquipos);
    expect(lista.equipos.map((e) => e.id)).toEqual([equipoOtra.id]);
    const filtrada = await ok(call('GET', `/api/v4/equipos?cliente=${clinica}`, 'otra'), zPaginaEquipos);
    expect(filtrada).toMatchObject({ equipos: [], total: 0 });
    const sitios = await ok(call('GET', '/api/v4/ubicaciones', 'otra'), { parse: (v) => v as UbicacionCliente[] });
    expect(sitios.map((s) => s.id)).toEqual([sedeOtra.id]);
    // Demo's client given to Otra's equipo or site: the client is not found.
    await rechazo(() => call('POST', '/api/v4/equipos', 'otra', { nombre: 'Intruso', cliente: clinica }), 400, {
      field: 'cliente',
      message: /no existe/,
    });
    await rechazo(
      () => call('POST', '/api/v4/equipos', 'otra', { nombre: 'Intruso', cliente: f.cliOtra[0], ubicacion: sede.id }),
      400,
      { field: 'ubicacion' },
    );
  });

  it('un alta guarda cada campo, con su código QR de 128 bits y sin repetir', async () => {
    expect(caldera).toMatchObject({
      nombre: 'Caldera Peisa',
      codigo: 'CAL-001',
      cliente: { id: clinica, nombre: 'Clínica San Martín' },
      ubicacion: { id: sede.id, nombre: 'Sede Central' },
      ubicacionInterna: 'Sala de máquinas',
      marca: 'Peisa',
      modelo: 'Diva Dúo',
      serie: 'PX-99812',
      notas: null,
    });
    const codigos = [caldera, bomba, equipoOtra, sede, anexo, sedeOtra].map((x) => x.codigoQr);
    for (const c of codigos) {
      expect(c).toMatch(FORMA_CODIGO_QR);
      expect(Buffer.from(c, 'base64url')).toHaveLength(16);
    }
    expect(new Set(codigos).size).toBe(codigos.length);
    expect(await ok(call('GET', `/api/v4/ubicaciones/${sede.id}`, 'admin'), zUbicacionCliente)).toMatchObject({
      nombre: 'Sede Central',
      codigo: 'SC',
      direccion: 'Av. Rivadavia 1234',
      equipos: 1,
    });
  });

  it('busca sin acentos en nombre, código, marca, modelo y serie, y filtra por cliente y ubicación', async () => {
    const nombres = async (q: string) =>
      (await ok(call('GET', `/api/v4/equipos?${q}`, 'admin'), zPaginaEquipos)).equipos.map((e) => e.nombre);
    expect(await nombres('q=DIVA%20duo')).toEqual(['Caldera Peisa']);
    expect(await nombres('q=px-998')).toEqual(['Caldera Peisa']);
    expect(await nombres('q=bom')).toEqual(['Bomba de agua']);
    expect(await nombres('q=peisa%20agua')).toEqual([]);
    expect(await nombres(`cliente=${hotel}`)).toEqual(['Bomba de agua']);
    expect(await nombres(`ubicacion=${sede.id}`)).toEqual(['Caldera Peisa']);
    expect(await nombres(`ubicacion=${anexo.id}`)).toEqual([]);
    const pagina = await ok(call('GET', '/api/v4/equipos?porPagina=1&pagina=1', 'admin'), zPaginaEquipos);
    expect(pagina).toMatchObject({ total: 2, pagina: 1, porPagina: 1 });
    expect(pagina.equipos.map((e) => e.nombre)).toEqual(['Caldera Peisa']);
    const sitios = async (q: string) =>
      ((await (await call('GET', `/api/v4/ubicaciones?${q}`, 'admin')).json()) as UbicacionCliente[]).map(
        (s) => s.nombre,
      );
    expect(await sitios('q=rivadavia')).toEqual(['Sede Central']);
    expect(await sitios(`cliente=${hotel}`)).toEqual([]);
  });

  it('datos inválidos: 400 con el campo y el motivo en español, sin cambiar nada', async () => {
    await rechazo(() => call('POST', '/api/v4/equipos', 'admin', { nombre: '  ', cliente: clinica }), 400, {
      field: 'nombre',
      message: /El nombre es obligatorio/,
    });
    await rechazo(
      () => call('POST', '/api/v4/equipos', 'admin', { nombre: 'X', cliente: clinica, marca: 'm'.repeat(121) }),
      400,
      { field: 'marca', message: /La marca admite hasta 120 caracteres/ },
    );
    await rechazo(() => call('POST', '/api/v4/equipos', 'admin', { nombre: 'X', cliente: 999999 }), 400, {
      field: 'cliente',
    });
    // A site of another client of the company.
    await rechazo(
      () => call('POST', '/api/v4/equipos', 'admin', { nombre: 'X', cliente: hotel, ubicacion: sede.id }),
      400,
      { field: 'ubicacion', message: /no es del cliente/ },
    );
    // Codes: unique in the company (case aside), per client for sites.
    await rechazo(
      () => call('POST', '/api/v4/equipos', 'admin', { nombre: 'X', cliente: hotel, codigo: 'cal-001' }),
      409,
      {
        field: 'codigo',
        message: /Ya hay un equipo con el código/,
      },
    );
    await rechazo(
      () => call('POST', '/api/v4/ubicaciones', 'admin', { cliente: clinica, nombre: 'Y', codigo: 'sc' }),
      409,
      {
        field: 'codigo',
      },
    );
    await ok(
      call('POST', '/api/v4/ubicaciones', 'admin', { cliente: hotel, nombre: 'Sótano', codigo: 'SC' }),
      zUbicacionCliente,
    );
    await rechazo(() => call('GET', '/api/v4/equipos?pagina=-1', 'admin'), 400, { field: 'pagina' });
  });

  it('permisos: sin altaClientes no escribe; lee solo los clientes cuyas órdenes ve', async () => {
    await rechazo(() => call('POST', '/api/v4/equipos', 'gestor', { nombre: 'X', cliente: clinica }), 403, {
      message: /«Clientes»/,
    });
    await rechazo(() => call('DELETE', `/api/v4/equipos/${caldera.id}`, 'gestor'), 403);
    // gestor holds delegarOrden on the clinic only.
    const delGestor = await ok(call('GET', '/api/v4/equipos', 'gestor'), zPaginaEquipos);
    expect(delGestor.equipos.map((e) => e.id)).toEqual([caldera.id]);
    await rechazo(() => call('GET', `/api/v4/equipos/${bomba.id}`, 'gestor'), 404);
    await rechazo(() => call('GET', `/api/v4/qr/${bomba.codigoQr}`, 'gestor'), 404);
    // The operario holds nothing on any client and has no orders: sees nothing.
    expect(await ok(call('GET', '/api/v4/equipos', 'operario'), zPaginaEquipos)).toMatchObject({ total: 0 });
  });

  it('quien tiene altaClientes sin ver todas las órdenes carga y modifica, y lee lo de sus clientes', async () => {
    await makeUsuario(f.env.database.db, {
      entidadId: f.demo,
      usuario: 'inventario',
      nombre: 'Inés',
      apellido: 'Paz',
      roles: ['SUPERVISOR'],
      permisos: ['altaClientes'],
      clientes: [{ clienteId: hotel, modificarOrden: true }],
    });
    const u = await ok(
      call('POST', '/api/v4/ubicaciones', 'inventario', { cliente: hotel, nombre: 'Cocina' }),
      zUbicacionCliente,
    );
    const e = await ok(
      call('POST', '/api/v4/equipos', 'inventario', { nombre: 'Heladera', cliente: hotel, ubicacion: u.id }),
      zEquipo,
    );
    expect(e.ubicacion).toEqual({ id: u.id, nombre: 'Cocina' });
    const cambiado = await ok(
      call('PUT', `/api/v4/equipos/${e.id}`, 'inventario', { nombre: 'Heladera 2', cliente: hotel }),
      zEquipo,
    );
    expect(cambiado).toMatchObject({ nombre: 'Heladera 2', ubicacion: null });
    const suyos = await ok(call('GET', '/api/v4/equipos', 'inventario'), zPaginaEquipos);
    expect(suyos.equipos.map((x) => x.cliente.id)).toEqual([hotel, hotel]);
    expect((await call('DELETE', `/api/v4/equipos/${e.id}`, 'inventario')).statusCode).toBe(200);
  });

  it('la modificación reemplaza los campos; cambiar de cliente se rechaza si la ubicación no es del nuevo', async () => {
    const cambiado = await ok(
      call('PUT', `/api/v4/equipos/${bomba.id}`, 'admin', {
        nombre: 'Bomba presurizadora',
        codigo: 'BOM-7',
        cliente: hotel,
        notas: 'Revisar sello',
      }),
      zEquipo,
    );
    expect(cambiado).toMatchObject({ nombre: 'Bomba presurizadora', notas: 'Revisar sello', codigoQr: bomba.codigoQr });
    await rechazo(
      () => call('PUT', `/api/v4/equipos/${bomba.id}`, 'admin', { nombre: 'B', cliente: hotel, ubicacion: anexo.id }),
      400,
      { field: 'ubicacion' },
    );
    const sitio = await ok(
      call('PUT', `/api/v4/ubicaciones/${anexo.id}`, 'admin', {
        cliente: clinica,
        nombre: 'Anexo Norte',
        notas: 'Portón 2',
      }),
      zUbicacionCliente,
    );
    expect(sitio).toMatchObject({ nombre: 'Anexo Norte', notas: 'Portón 2', codigoQr: anexo.codigoQr });
  });

  it('un QR se resuelve a su equipo o ubicación; uno inventado o malformado es 404 igual', async () => {
    expect(await ok(call('GET', `/api/v4/qr/${caldera.codigoQr}`, 'admin'), zQrResuelto)).toEqual({
      tipo: 'equipo',
      id: caldera.id,
    });
    expect(await ok(call('GET', `/api/v4/qr/${sede.codigoQr}`, 'gestor'), zQrResuelto)).toEqual({
      tipo: 'ubicacion',
      id: sede.id,
    });
    const inventado = await rechazo(() => call('GET', `/api/v4/qr/${'A'.repeat(22)}`, 'admin'), 404);
    const ajeno = await rechazo(() => call('GET', `/api/v4/qr/${equipoOtra.codigoQr}`, 'admin'), 404);
    expect(ajeno.message).toBe(inventado.message);
    await rechazo(() => call('GET', '/api/v4/qr/corto', 'admin'), 404);
    const sinSesion = await f.env.app.inject({ method: 'GET', url: `/api/v4/qr/${caldera.codigoQr}` });
    expect(sinSesion.statusCode).toBe(401);
  });
});

describe('órdenes con ubicación y equipo', () => {
  let conEquipo: number;

  it('el alta acepta equipo (y toma su ubicación) y el detalle los nombra', async () => {
    const d = await ok(
      call('POST', '/api/v2/ordenes/save', 'admin', { titulo: 'Service anual', cliente: clinica, equipo: caldera.id }),
      zOrdenDetalle,
    );
    conEquipo = d.id;
    expect(d.equipo).toEqual({ id: caldera.id, nombre: 'Caldera Peisa', codigo: 'CAL-001' });
    expect(d.ubicacion).toEqual({ id: sede.id, nombre: 'Sede Central' });
    const leido = await ok(call('GET', `/api/v3/ordenDTO/${d.id}`, 'admin'), zOrdenDetalle);
    expect(leido).toMatchObject({ equipo: d.equipo, ubicacion: d.ubicacion });
    const sin = await ok(
      call('POST', '/api/v2/ordenes/save', 'admin', { titulo: 'Otra cosa', cliente: clinica }),
      zOrdenDetalle,
    );
    expect(sin).toMatchObject({ equipo: null, ubicacion: null });
  });

  it('rechaza con 400 en español un equipo o ubicación de otro cliente, de otra empresa o inconsistentes', async () => {
    const casos: [Record<string, unknown>, string][] = [
      [{ cliente: hotel, equipo: caldera.id }, 'equipo'],
      [{ cliente: hotel, ubicacion: sede.id }, 'ubicacion'],
      [{ cliente: clinica, equipo: caldera.id, ubicacion: anexo.id }, 'equipo'],
      [{ cliente: clinica, equipo: equipoOtra.id }, 'equipo'],
      [{ cliente: clinica, ubicacion: sedeOtra.id }, 'ubicacion'],
    ];
    for (const [cuerpo, campo] of casos) {
      const body = await rechazo(
        () => call('POST', '/api/v2/ordenes/save', 'admin', { titulo: 'Mal', ...cuerpo }),
        400,
        { field: campo },
      );
      expect(body.message).toMatch(/no existe|no es del cliente|otra ubicación/);
    }
    // And on edit: the equipo of another client, then a client change that leaves the equipo behind.
    await rechazo(
      () =>
        call('POST', '/api/v2/ordenes/save', 'admin', {
          id: conEquipo,
          titulo: 'Service anual',
          cliente: clinica,
          equipo: bomba.id,
        }),
      400,
      { field: 'equipo' },
    );
    await rechazo(
      () => call('POST', '/api/v2/ordenes/save', 'admin', { id: conEquipo, titulo: 'Service anual', cliente: hotel }),
      400,
      { field: 'ubicacion' },
    );
  });

  it('la edición cambia, conserva (sin el campo) o quita (null) el equipo y la ubicación', async () => {
    const base = { id: conEquipo, titulo: 'Service anual', cliente: clinica };
    const conservado = await ok(call('POST', '/api/v2/ordenes/save', 'admin', base), zOrdenDetalle);
    expect(conservado.equipo?.id).toBe(caldera.id);
    const quitado = await ok(
      call('POST', '/api/v2/ordenes/save', 'admin', { ...base, equipo: null, ubicacion: null }),
      zOrdenDetalle,
    );
    expect(quitado).toMatchObject({ equipo: null, ubicacion: null });
    const otroCliente = await ok(
      call('POST', '/api/v2/ordenes/save', 'admin', { ...base, cliente: hotel, equipo: bomba.id }),
      zOrdenDetalle,
    );
    expect(otroCliente).toMatchObject({ equipo: { id: bomba.id }, ubicacion: null, cliente: { id: hotel } });
    const vuelta = await ok(
      call('POST', '/api/v2/ordenes/save', 'admin', { ...base, equipo: caldera.id, ubicacion: sede.id }),
      zOrdenDetalle,
    );
    expect(vuelta).toMatchObject({ equipo: { id: caldera.id }, ubicacion: { id: sede.id } });
  });

  it('la lista de órdenes filtra por equipo y por ubicación; otra empresa no encuentra nada', async () => {
    const ids = async (filtro: object, quien = 'admin') =>
      (await ok(call('POST', '/api/v4/ordenes/all/filtered', quien, { ...filtro }), zPaginaOrdenes)).ordenes.map(
        (o) => o.id,
      );
    expect(await ids({ equipo: caldera.id })).toEqual([conEquipo]);
    expect(await ids({ ubicacion: sede.id })).toEqual([conEquipo]);
    expect(await ids({ ubicacion: anexo.id })).toEqual([]);
    expect(await ids({ equipo: caldera.id, estados: [1] })).toEqual([conEquipo]);
    expect(await ids({ equipo: caldera.id }, 'otra')).toEqual([]);
  });

  it('un equipo o ubicación con órdenes no se borra (409 en español); sin órdenes, sí', async () => {
    await rechazo(() => call('DELETE', `/api/v4/equipos/${caldera.id}`, 'admin'), 409, {
      message: /una orden lo nombra/,
    });
    await rechazo(() => call('DELETE', `/api/v4/ubicaciones/${sede.id}`, 'admin'), 409, { message: /1 equipo/ });
    const suelto = await ok(call('POST', '/api/v4/equipos', 'admin', { nombre: 'Suelto', cliente: hotel }), zEquipo);
    expect((await call('DELETE', `/api/v4/equipos/${suelto.id}`, 'admin')).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/v4/equipos/${suelto.id}`, 'admin')).statusCode).toBe(404);
  });

  it('el historial pagina todas las órdenes del equipo con los totales de horas y gastos de todas', async () => {
    const db = f.env.database.db;
    const nuevas: number[] = [];
    for (let i = 0; i < 4; i++) {
      const d = await ok(
        call('POST', '/api/v2/ordenes/save', 'admin', { titulo: `Visita ${i}`, cliente: clinica, equipo: caldera.id }),
        zOrdenDetalle,
      );
      nuevas.push(d.id);
    }
    const todas = [conEquipo, ...nuevas];
    for (const [i, ordenId] of todas.entries()) {
      await db.execute(sql`insert into registro_horas (entidad_id, orden_id, usuario_id, autor_id, fecha, dia, minutos)
        values (${f.demo}, ${ordenId}, ${f.u.admin}, ${f.u.admin}, now(), current_date, ${30 + i})`);
      await db.execute(sql`insert into registro_gastos (entidad_id, orden_id, autor_id, fecha, concepto, centavos, moneda)
        values (${f.demo}, ${ordenId}, ${f.u.admin}, now(), 'Repuesto', ${1000 * (i + 1)}, ${i % 2 ? 'USD' : 'ARS'})`);
    }
    // An order of another equipo does not count.
    await db.execute(sql`insert into registro_horas (entidad_id, orden_id, usuario_id, autor_id, fecha, dia, minutos)
      select ${f.demo}, id, ${f.u.admin}, ${f.u.admin}, now(), current_date, 600 from ordenes where entidad_id = ${f.demo} and equipo_id = ${bomba.id}`);

    const p0 = await ok(call('GET', `/api/v4/equipos/${caldera.id}/ordenes?porPagina=2`, 'admin'), zHistorialEquipo);
    expect(p0).toMatchObject({ total: 5, pagina: 0, porPagina: 2 });
    expect(p0.ordenes.map((o) => o.id)).toEqual([nuevas[3], nuevas[2]]);
    expect(p0.totales).toEqual({
      ordenes: 5,
      minutos: 30 + 31 + 32 + 33 + 34,
      gastos: [
        { moneda: 'ARS', centavos: 1000 + 3000 + 5000 },
        { moneda: 'USD', centavos: 2000 + 4000 },
      ],
    });
    const p2 = await ok(
      call('GET', `/api/v4/equipos/${caldera.id}/ordenes?porPagina=2&pagina=2`, 'admin'),
      zHistorialEquipo,
    );
    expect(p2.ordenes.map((o) => o.id)).toEqual([conEquipo]);
    expect(p2.totales).toEqual(p0.totales);
  });

  it('con 5.000 órdenes el historial pagina como la lista y los totales cuentan todas', async () => {
    const db = f.env.database.db;
    const suelto = await ok(call('POST', '/api/v4/equipos', 'admin', { nombre: 'Compresor', cliente: hotel }), zEquipo);
    await db.execute(sql`insert into ordenes (entidad_id, numero, titulo, estado_id, cliente_id, registro_responsable_id, equipo_id, creada, actualizada)
      select ${f.demo}, 500000 + i, 'Visita ' || i, 1, ${hotel}, ${f.u.admin}, ${suelto.id},
             timestamptz '2026-01-01' + i * interval '1 minute', timestamptz '2026-01-01' + i * interval '1 minute'
      from generate_series(1, 5000) as i`);
    await db.execute(sql`insert into registro_horas (entidad_id, orden_id, usuario_id, autor_id, fecha, dia, minutos)
      select entidad_id, id, ${f.u.admin}, ${f.u.admin}, now(), current_date, 1 + numero % 60
      from ordenes where equipo_id = ${suelto.id}`);
    const minutos = (
      await db.execute<{ m: number }>(
        sql`select sum(1 + numero % 60)::int as m from ordenes where equipo_id = ${suelto.id}`,
      )
    ).rows[0]?.m;
    const inicio = performance.now();
    const primera = await ok(call('GET', `/api/v4/equipos/${suelto.id}/ordenes`, 'admin'), zHistorialEquipo);
    const ultima = await ok(call('GET', `/api/v4/equipos/${suelto.id}/ordenes?pagina=199`, 'admin'), zHistorialEquipo);
    const ms = performance.now() - inicio;
    expect(primera).toMatchObject({ total: 5000, porPagina: 25 });
    expect(primera.ordenes[0]?.titulo).toBe('Visita 5000');
    expect(ultima.ordenes.map((o) => o.titulo)).toEqual(Array.from({ length: 25 }, (_, i) => `Visita ${25 - i}`));
    expect(primera.totales).toEqual({ ordenes: 5000, minutos: Number(minutos), gastos: [] });
    expect(ultima.totales).toEqual(primera.totales);
    // Two pages with their totals over 5,000 orders: well under a second on either engine.
    expect(ms).toBeLessThan(2000);
  });
});
