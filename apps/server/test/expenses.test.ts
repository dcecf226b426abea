import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Archivo, HorasReportadas, OrdenDetalle, RegistroOrden } from '@delego/contract';
import { fixture, llamar, pdf, type Fixture } from './files-fixture.js';

let f: Fixture;
let api: ReturnType<typeof llamar>;

beforeAll(async () => {
  f = await fixture();
  api = llamar(f);
});
afterAll(() => f?.close());

const DIA = Date.UTC(2026, 10, 20, 15); // 20/11/2026 12:00 in Buenos Aires
const h = (horas: number | string, minutos = 0, extra: Record<string, unknown> = {}) => ({
  fecha: DIA,
  horas,
  minutos,
  descripcion: 'Trabajo en sitio',
  ...extra,
});
const g = (monto: unknown, extra: Record<string, unknown> = {}) => ({
  fecha: DIA,
  concepto: 'Materiales eléctricos',
  monto,
  ...extra,
});

const cuenta = async () => {
  const r = await f.env.database.db.execute<{ h: number; g: number }>(
    sql`select (select count(*)::int from registro_horas) as h, (select count(*)::int from registro_gastos) as g`,
  );
  return r.rows[0];
};
const historial = async (id: number) =>
  (await api.call('GET', `/api/v2/historial/detalle/${id}`, 'admin')).json() as { tipo: string; descripcion: string }[];

async function nadaCambia(ordenId: number, fn: () => Promise<void>) {
  const antes = { n: await cuenta(), h: (await historial(ordenId)).length };
  await fn();
  expect(await cuenta()).toEqual(antes.n);
  expect((await historial(ordenId)).length).toBe(antes.h);
}

const put = (id: number, who: string, body: unknown) => api.call('PUT', `/api/v2/registro-gastos/${id}`, who, body);

describe('entre empresas', () => {
  it('otra no lee ni escribe el registro de una orden de Demo, ni usa sus archivos o usuarios, ni ve sus horas', async () => {
    const o = await api.crearOrden();
    const ok = await put(o.id, 'operario', { horas: [h(2, 30)], gastos: [g(100)] });
    expect(ok.statusCode, ok.body).toBe(200);
    const antes = (await api.call('GET', `/api/v2/registro-gastos/${o.id}`, 'admin')).json() as RegistroOrden;
    const [hora] = antes.horas;
    const [gasto] = antes.gastos;
    const archivo = (
      (
        await api.subir(o.id, 'admin', [{ name: 'archivos', filename: 'ticket.pdf', content: pdf() }])
      ).json() as Archivo[]
    )[0] as Archivo;
    const propia = await api.crearOrden(
      { cliente: f.cliOtra[0], responsable: [], tipoOrden: null, area: null, prioridad: null },
      'otra',
    );

    await nadaCambia(o.id, async () => {
      expect((await api.call('GET', `/api/v2/registro-gastos/${o.id}`, 'otra')).statusCode).toBe(404);
      for (const body of [
        { horas: [h(1)] },
        { gastos: [g(5)] },
        { horas: [h(1, 0, { id: hora?.id })] },
        { borrados: { horas: [hora?.id], gastos: [gasto?.id] } },
      ]) {
        const r = await put(o.id, 'otra', body);
        expect(r.statusCode, JSON.stringify(body)).toBe(404);
      }
      // On its own order: Demo's entries, files and users do not exist.
      expect((await put(propia.id, 'otra', { borrados: { horas: [hora?.id] } })).statusCode).toBe(404);
      expect((await put(propia.id, 'otra', { gastos: [g(5, { id: gasto?.id })] })).statusCode).toBe(404);
      const comp = await put(propia.id, 'otra', { gastos: [g(5, { comprobanteArchivoId: archivo.id })] });
      expect(comp.statusCode).toBe(400);
      expect(comp.json().message).toMatch(/comprobante/);
      const ajeno = await put(propia.id, 'otra', { horas: [h(1, 0, { usuarioId: f.u.operario })] });
      expect(ajeno.statusCode).toBe(400);
    });
    expect((await api.call('GET', `/api/v2/registro-gastos/${o.id}`, 'admin')).json()).toEqual(antes);

    // Each company's report holds only its own hours.
    expect((await put(propia.id, 'otra', { horas: [h(3)] })).statusCode).toBe(200);
    const rango = `desde=${Date.UTC(2026, 10, 1)}&hasta=${Date.UTC(2026, 10, 30)}`;
    const deOtra = (await api.call('GET', `/api/v2/horas-reportadas?${rango}`, 'otra')).json() as HorasReportadas;
    expect(deOtra.totalMinutos).toBe(180);
    expect(deOtra.filas.map((x) => x.usuario.usuario)).toEqual(['otra']);
    const deDemo = (await api.call('GET', `/api/v2/horas-reportadas?${rango}`, 'admin')).json() as HorasReportadas;
    expect(deDemo.filas.map((x) => x.usuario.usuario)).not.toContain('otra');
    const x = await api.call('GET', `/api/v2/horas-reportadas/exportar?${rango}`, 'otra');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const nombres: string[] = [];
    wb.getWorksheet('Detalle')?.eachRow((row, i) => i > 1 && nombres.push(String(row.getCell(2).value)));
    expect(nombres).toEqual(['Roberto Paz']);
  });
});

describe('registrar', () => {
  let o: OrdenDetalle;
  let archivo: Archivo;
  beforeAll(async () => {
    o = await api.crearOrden();
    archivo = (
      (
        await api.subir(o.id, 'operario', [{ name: 'archivos', filename: 'factura.pdf', content: pdf() }])
      ).json() as Archivo[]
    )[0] as Archivo;
  });

  it('operario registra 2 h 30 min y un gasto con comprobante; totales y historial', async () => {
    const r = await put(o.id, 'operario', {
      horas: [h(2, 30, { descripcion: 'Cambio de capacitor' })],
      gastos: [g(1500.5, { comprobanteArchivoId: archivo.id }), g('20.25', { concepto: 'Peaje', moneda: 'usd' })],
    });
    expect(r.statusCode, r.body).toBe(200);
    const reg = r.json() as RegistroOrden;
    expect(reg.horas).toHaveLength(1);
    expect(reg.horas[0]).toMatchObject({
      horas: 2,
      minutos: 30,
      fecha: DIA,
      descripcion: 'Cambio de capacitor',
      usuario: { usuario: 'operario' },
      autor: { usuario: 'operario' },
      puedeEditar: true,
    });
    expect(reg.gastos.map((x) => [x.concepto, x.monto, x.moneda, x.comprobante?.nombre ?? null])).toEqual([
      ['Materiales eléctricos', 1500.5, 'ARS', 'factura.pdf'],
      ['Peaje', 20.25, 'USD', null],
    ]);
    expect(reg.gastos[0]?.comprobante?.url).toBe(archivo.url);
    expect(reg.totales).toEqual({
      minutos: 150,
      horas: '2:30',
      gastos: [
        { moneda: 'ARS', total: 1500.5 },
        { moneda: 'USD', total: 20.25 },
      ],
    });
    expect(reg).toMatchObject({ puedeAgregar: true, puedeCargarAOtros: false });
    const ev = (await historial(o.id)).filter((e) => ['HORAS', 'GASTO'].includes(e.tipo)).map((e) => e.descripcion);
    expect(ev).toEqual([
      'Registró 2:30 h de Diego Sosa el 20/11/2026',
      'Registró el gasto «Materiales eléctricos» por ARS 1.500,50',
      'Registró el gasto «Peaje» por USD 20,25',
    ]);
    // whoever sees the order reads the same log
    const leido = (await api.call('GET', `/api/v2/registro-gastos/${o.id}`, 'supervisor')).json() as RegistroOrden;
    expect(leido.totales.horas).toBe('2:30');
    expect(leido.horas[0]?.puedeEditar).toBe(false);
  });

  it('validación: nada se guarda con horas absurdas, negativas, montos que no son números o monedas inválidas', async () => {
    const casos: [unknown, string][] = [
      [{ horas: [h(25)] }, 'horas.0.horas'],
      [{ horas: [h(24, 1)] }, 'horas.0.horas'],
      [{ horas: [h(-1)] }, 'horas.0.horas'],
      [{ horas: [h(1, -5)] }, 'horas.0.minutos'],
      [{ horas: [h(1, 60)] }, 'horas.0.minutos'],
      [{ horas: [h(0, 0)] }, 'horas.0.horas'],
      [{ horas: [h(1.5)] }, 'horas.0.horas'],
      [{ horas: [h('dos')] }, 'horas.0.horas'],
      [{ horas: [h(1, 0, { fecha: 'ayer' })] }, 'horas.0.fecha'],
      [{ gastos: [g('abc')] }, 'gastos.0.monto'],
      [{ gastos: [g(-5)] }, 'gastos.0.monto'],
      [{ gastos: [g(0)] }, 'gastos.0.monto'],
      [{ gastos: [g(1.005)] }, 'gastos.0.monto'],
      [{ gastos: [g(null)] }, 'gastos.0.monto'],
      [{ gastos: [g('1.500,00')] }, 'gastos.0.monto'],
      [{ gastos: [g(10, { moneda: 'pesos' })] }, 'gastos.0.moneda'],
      [{ gastos: [g(10, { concepto: '  ' })] }, 'gastos.0.concepto'],
      [{ gastos: [g(1e12)] }, 'gastos.0.monto'],
      [{}, 'horas'],
      [{ horas: [h(1)], gastos: [g('abc')] }, 'gastos.0.monto'],
    ];
    await nadaCambia(o.id, async () => {
      for (const [body, campo] of casos) {
        const r = await put(o.id, 'operario', body);
        expect(r.statusCode, JSON.stringify(body)).toBe(400);
        expect(r.json().field, JSON.stringify(body)).toBe(campo);
        expect(r.json().message).toBeTruthy();
      }
      const noJson = await f.env.app.inject({
        method: 'PUT',
        url: `/api/v2/registro-gastos/${o.id}`,
        headers: { ...(await import('./helpers.js')).auth('operario'), 'content-type': 'application/json' },
        payload: '{horas',
      });
      expect(noJson.statusCode).toBe(400);
    });
  });

  it('24 h por persona y día, sumando todas sus órdenes: 25 h en un día es 400 y nada se guarda', async () => {
    const otraOrden = await api.crearOrden();
    const dia2 = Date.UTC(2026, 10, 21, 13);
    expect((await put(o.id, 'operario', { horas: [h(20, 0, { fecha: dia2 })] })).statusCode).toBe(200);
    await nadaCambia(o.id, async () => {
      const r = await put(otraOrden.id, 'operario', { horas: [h(5, 0, { fecha: dia2 + 3600_000 })] });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(
        'Las horas de Diego Sosa el 21/11/2026 sumarían 25:00: no pueden superar las 24 horas en un día. No se guardó ningún cambio.',
      );
      const dos = await put(otraOrden.id, 'operario', {
        horas: [h(12, 0, { fecha: Date.UTC(2026, 10, 22, 13) }), h(12, 1, { fecha: Date.UTC(2026, 10, 22, 20) })],
      });
      expect(dos.statusCode).toBe(400);
      // Along with valid changes in the same call: all refused.
      const mixto = await put(otraOrden.id, 'operario', {
        horas: [h(4, 0, { fecha: dia2 }), h(1, 0, { fecha: dia2 })],
        gastos: [g(10)],
      });
      expect(mixto.statusCode).toBe(400);
    });
    // exactly 24 is fine; the day is Argentina's (23:30 of the 21st in Buenos Aires is still the 21st)
    const justo = await put(otraOrden.id, 'operario', { horas: [h(4, 0, { fecha: Date.UTC(2026, 10, 22, 2, 30) })] });
    expect(justo.statusCode, justo.body).toBe(200);
    expect((await put(otraOrden.id, 'operario', { horas: [h(0, 1, { fecha: dia2 })] })).statusCode).toBe(400);
  });
});

describe('corregir y borrar: su autor o un administrador', () => {
  it('reglas de autoría, de carga para otros y de solo lectura, con historial', async () => {
    const o = await api.crearOrden({ cliente: f.cli[2] });
    const r = await put(o.id, 'operario', { horas: [h(1, 0, { fecha: Date.UTC(2026, 9, 1, 15) })], gastos: [g(300)] });
    expect(r.statusCode, r.body).toBe(200);
    const reg = r.json() as RegistroOrden;
    const hora = reg.horas[0] as RegistroOrden['horas'][number];
    const gasto = reg.gastos[0] as RegistroOrden['gastos'][number];

    await nadaCambia(o.id, async () => {
      // supervisor may change the order, but is neither the author nor an admin
      const s = await put(o.id, 'supervisor', { horas: [{ ...h(2), id: hora.id }] });
      expect(s.statusCode).toBe(403);
      expect(s.json().message).toBe('Solo quien cargó el registro o un administrador puede corregirlo o eliminarlo.');
      expect((await put(o.id, 'supervisor', { borrados: { gastos: [gasto.id] } })).statusCode).toBe(403);
      // lector sees the order (Colegio Belgrano) but it is read-only for them
      expect((await api.call('GET', `/api/v2/registro-gastos/${o.id}`, 'lector')).statusCode).toBe(200);
      const l = await put(o.id, 'lector', { horas: [h(1)] });
      expect(l.statusCode).toBe(403);
      // ayudante does not see it
      expect((await put(o.id, 'ayudante', { horas: [h(1)] })).statusCode).toBe(404);
      // operario may log only their own hours
      const p = await put(o.id, 'operario', { horas: [h(1, 0, { usuarioId: f.u.ayudante })] });
      expect(p.statusCode).toBe(403);
      // an entry of another order
      const otra = await api.crearOrden();
      expect((await put(otra.id, 'operario', { borrados: { horas: [hora.id] } })).statusCode).toBe(404);
      // the same entry twice in one call
      expect(
        (await put(o.id, 'operario', { horas: [{ ...h(2), id: hora.id }], borrados: { horas: [hora.id] } })).statusCode,
      ).toBe(400);
      // a user that does not exist
      expect((await put(o.id, 'admin', { horas: [h(1, 0, { usuarioId: 999999 })] })).statusCode).toBe(400);
    });

    // the author corrects; the admin corrects and removes
    const a = await put(o.id, 'operario', {
      horas: [{ ...h(1, 45, { fecha: Date.UTC(2026, 9, 1, 15) }), id: hora.id }],
    });
    expect(a.statusCode, a.body).toBe(200);
    expect((a.json() as RegistroOrden).horas[0]).toMatchObject({ id: hora.id, horas: 1, minutos: 45 });
    const b = await put(o.id, 'admin', {
      gastos: [{ ...g(350.75, { concepto: 'Materiales y flete' }), id: gasto.id }],
    });
    expect(b.statusCode, b.body).toBe(200);
    expect((b.json() as RegistroOrden).gastos[0]).toMatchObject({
      id: gasto.id,
      monto: 350.75,
      concepto: 'Materiales y flete',
    });
    // the supervisor logs hours for the operario (global modificarOrden)
    const c = await put(o.id, 'supervisor', {
      horas: [h(3, 0, { usuarioId: f.u.operario, fecha: Date.UTC(2026, 9, 2, 15) })],
    });
    expect(c.statusCode, c.body).toBe(200);
    const nueva = (c.json() as RegistroOrden).horas.find((x) => x.autor.usuario === 'supervisor');
    expect(nueva).toMatchObject({ usuario: { usuario: 'operario' }, horas: 3, puedeEditar: true });
    const d = await put(o.id, 'admin', { borrados: { horas: [hora.id], gastos: [gasto.id] } });
    expect(d.statusCode, d.body).toBe(200);
    expect((d.json() as RegistroOrden).totales).toEqual({ minutos: 180, horas: '3:00', gastos: [] });
    // a correction that changes nothing writes no event
    const n0 = (await historial(o.id)).length;
    expect(
      (
        await put(o.id, 'supervisor', {
          horas: [{ ...h(3, 0, { usuarioId: f.u.operario, fecha: Date.UTC(2026, 9, 2, 15) }), id: nueva?.id }],
        })
      ).statusCode,
    ).toBe(200);
    expect((await historial(o.id)).length).toBe(n0);

    const ev = (await historial(o.id)).filter((e) => e.tipo.startsWith('REGISTRO_')).map((e) => e.descripcion);
    expect(ev).toEqual([
      'Corrigió las horas de Diego Sosa del 01/10/2026 (1:00 h): ahora 1:45 h de Diego Sosa el 01/10/2026',
      'Corrigió el gasto «Materiales eléctricos» (ARS 300,00): ahora «Materiales y flete» por ARS 350,75',
      'Eliminó 1:45 h de Diego Sosa del 01/10/2026',
      'Eliminó el gasto «Materiales y flete» por ARS 350,75',
    ]);
  });
});

describe('horas reportadas (administradores y propietario)', () => {
  it('horas por usuario y por cliente con totales; Excel con los mismos números; otros: 403', async () => {
    const a = await api.crearOrden({ cliente: f.cli[1] });
    const b = await api.crearOrden({ cliente: f.cli[2], responsable: [f.u.operario, f.u.ayudante] });
    const dia = Date.UTC(2027, 2, 10, 15);
    expect((await put(a.id, 'operario', { horas: [h(2, 0, { fecha: dia })] })).statusCode).toBe(200);
    expect((await put(b.id, 'operario', { horas: [h(1, 30, { fecha: dia })] })).statusCode).toBe(200);
    expect((await put(b.id, 'ayudante', { horas: [h(4, 15, { fecha: dia + 86400_000 })] })).statusCode).toBe(200);
    expect((await put(a.id, 'operario', { horas: [h(9, 0, { fecha: Date.UTC(2027, 3, 10, 15) })] })).statusCode).toBe(
      200,
    );
    const q = `desde=${Date.UTC(2027, 2, 1, 3)}&hasta=${Date.UTC(2027, 2, 31, 3)}`;
    const r = await api.call('GET', `/api/v2/horas-reportadas?${q}`, 'admin');
    expect(r.statusCode, r.body).toBe(200);
    const rep = r.json() as HorasReportadas;
    expect(rep.totalMinutos).toBe(465);
    expect(rep.filas.map((x) => [x.usuario.usuario, x.cliente?.nombre ?? null, x.minutos])).toEqual([
      ['operario', 'Colegio Belgrano', 90],
      ['operario', 'Hotel Los Andes', 120],
      ['ayudante', 'Colegio Belgrano', 255],
    ]);
    expect(rep.porUsuario.map((x) => [x.usuario.usuario, x.minutos])).toEqual([
      ['operario', 210],
      ['ayudante', 255],
    ]);
    expect(rep.porCliente.map((x) => [x.cliente?.nombre, x.minutos])).toEqual([
      ['Colegio Belgrano', 345],
      ['Hotel Los Andes', 120],
    ]);
    expect(rep.desde).toBe(Date.UTC(2027, 2, 1, 3));

    const x = await api.call('GET', `/api/v2/horas-reportadas/exportar?${q}`, 'admin');
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(x.headers['content-disposition']).toContain('horas-reportadas-2027-03-01-a-2027-03-31.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const resumen = wb.getWorksheet('Por usuario y cliente');
    const filas: unknown[][] = [];
    resumen?.eachRow((row, i) =>
      filas.push([
        row.getCell(1).value,
        row.getCell(2).value,
        i === 1 ? row.getCell(4).value : Math.round(Number(row.getCell(4).value) * 100) / 100,
      ]),
    );
    expect(filas[0]).toEqual(['Usuario', 'Cliente', 'Horas (decimal)']);
    expect(filas).toContainEqual(['Diego Sosa', 'Hotel Los Andes', 2]);
    expect(filas.find((row) => row[0] === 'TOTAL')?.[2]).toBe(7.75);
    const detalle = wb.getWorksheet('Detalle');
    expect(detalle?.actualRowCount).toBe(4);
    expect(detalle?.getRow(1).values).toEqual([
      undefined,
      'Fecha',
      'Usuario',
      'Cliente',
      'Orden',
      'Título',
      'Horas',
      'Descripción',
    ]);
    // Hours are Excel time values (fractions of a day) with the summary's format, so a person can sum
    // and filter them: 1:30 is 1.5/24 of a day and still reads «1:30»; past 24 h, [h]:mm keeps counting.
    // ExcelJS reads a number with a time format as a Date from 30/12/1899 (UTC); text stays a string.
    const minutos = (c: ExcelJS.Cell) =>
      c.value instanceof Date ? (c.value.getTime() - Date.UTC(1899, 11, 30)) / 60_000 : c.value;
    const totalResumen = resumen?.getRow(resumen.actualRowCount).getCell(3);
    expect(totalResumen?.numFmt).toBe('[h]:mm');
    expect(minutos(totalResumen as ExcelJS.Cell)).toBe(465);
    const horas: { usuario: unknown; tipo: ExcelJS.ValueType; formato: string; minutos: unknown }[] = [];
    detalle?.eachRow((row, i) => {
      const c = row.getCell(6);
      if (i > 1) horas.push({ usuario: row.getCell(2).value, tipo: c.type, formato: c.numFmt, minutos: minutos(c) });
    });
    expect(horas.map((c) => [c.usuario, c.tipo, c.formato])).toEqual([
      ['Diego Sosa', ExcelJS.ValueType.Date, '[h]:mm'],
      ['Diego Sosa', ExcelJS.ValueType.Date, '[h]:mm'],
      ['Lucía Benítez', ExcelJS.ValueType.Date, '[h]:mm'],
    ]);
    expect(horas.map((c) => c.minutos)).toEqual([120, 90, 255]);
    expect(horas.reduce((a, c) => a + Number(c.minutos), 0)).toBe(465);

    expect((await api.call('GET', `/api/v2/horas-reportadas?${q}`, 'supervisor')).statusCode).toBe(403);
    expect((await api.call('GET', `/api/v2/horas-reportadas/exportar?${q}`, 'operario')).statusCode).toBe(403);
    const mal = await api.call(
      'GET',
      `/api/v2/horas-reportadas?desde=${Date.UTC(2027, 3, 1)}&hasta=${Date.UTC(2027, 2, 1)}`,
      'admin',
    );
    expect(mal.statusCode).toBe(400);
    expect((await api.call('GET', '/api/v2/horas-reportadas?desde=abc', 'admin')).statusCode).toBe(400);
    expect(
      (await api.call('GET', `/api/v2/horas-reportadas?desde=0&hasta=${Date.UTC(2027, 2, 1)}`, 'admin')).statusCode,
    ).toBe(400);
  });
});
