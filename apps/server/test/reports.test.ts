import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTADO, ORDEN_CRITERIOS, PERMISOS_GLOBALES, type OrdenDetalle, type PaginaOrdenes } from '@delego/contract';
import { inicioDeMes, makeCatalogo, makeClientes, makeEntidad, makeUsuario } from '../src/seed/factories.js';
import { makeOrdenesHistoricas } from '../src/seed/historial.js';
import { fixture, jpeg, llamar, pdf, png, type Fixture } from './files-fixture.js';

let f: Fixture;
let api: ReturnType<typeof llamar>;
let tmp: string;

beforeAll(async () => {
  f = await fixture();
  api = llamar(f);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-reportes-'));
});
afterAll(async () => {
  await f?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

let n = 0;
/** The text of a PDF, as pdftotext (poppler-utils) reads it. */
function textoDe(pdfBytes: Buffer): string {
  const p = path.join(tmp, `r${n++}.pdf`);
  fs.writeFileSync(p, pdfBytes);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', p, '-'], { encoding: 'utf8' });
}
function imagenesDe(pdfBytes: Buffer): number {
  const p = path.join(tmp, `i${n++}.pdf`);
  fs.writeFileSync(p, pdfBytes);
  const lista = execFileSync('pdfimages', ['-list', p], { encoding: 'utf8' }).trim().split('\n');
  // rows: page num type ...; smask rows are the alpha channels of images, not images
  return lista.slice(2).filter((l) => l.trim().split(/\s+/)[2] === 'image').length;
}

async function leerXlsx(b: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(b as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('sin hojas');
  return ws;
}
const columna = (ws: ExcelJS.Worksheet, c: number) => {
  const out: unknown[] = [];
  ws.eachRow((row, i) => i > 1 && out.push(row.getCell(c).value));
  return out;
};

describe('reporte PDF', () => {
  let o: OrdenDetalle;
  beforeAll(async () => {
    o = await api.crearOrden({ titulo: 'Revisión del tablero eléctrico — piso 2' });
    const up = await api.subir(o.id, 'operario', [
      { name: 'archivos', filename: 'tablero.jpg', content: await jpeg(900, 600, '#884400') },
      { name: 'archivos', filename: 'detalle.png', content: await png(300, 300) },
      { name: 'archivos', filename: 'presupuesto año.pdf', content: pdf() },
    ]);
    expect(up.statusCode, up.body).toBe(200);
    const e = await api.call('PUT', `/api/v2/estado/${o.id}`, 'operario', {
      estado: ESTADO.EN_PROCESO,
      comentarios: '¿Llegó el repuesto? ¡Sí, señor! Comienzo ya.',
    });
    expect(e.statusCode, e.body).toBe(200);
    const r = await api.call('PUT', `/api/v2/registro-gastos/${o.id}`, 'operario', {
      horas: [{ fecha: Date.UTC(2026, 10, 20, 15), horas: 2, minutos: 30, descripcion: 'Medición de consumos' }],
      gastos: [{ fecha: Date.UTC(2026, 10, 20, 15), concepto: 'Térmicas y borneras', monto: 1500.5 }],
    });
    expect(r.statusCode, r.body).toBe(200);
  });

  it('otra empresa: 404, sin PDF', async () => {
    const r = await api.call('GET', `/api/v2/imprimirReporte/${o.id}?eventos&archivos`, 'otra');
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toMatch(/json/);
    expect((await api.call('GET', `/api/v2/imprimirReporte/${o.id}`, 'ayudante')).statusCode).toBe(404);
  });

  it('con eventos y archivos: logo, datos, responsables, horas, gastos, historial con acentos e imágenes', async () => {
    const r = await api.call('GET', `/api/v2/imprimirReporte/${o.id}?eventos&archivos`, 'admin');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toContain(`orden-${o.numero}.pdf`);
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const t = textoDe(r.rawPayload);
    for (const esperado of [
      'Demo Servicios S.A.',
      `Reporte de la orden #${o.numero}`,
      'Revisión del tablero eléctrico — piso 2',
      'Clínica San Martín',
      'Correctivo',
      'Electricidad',
      '20/11/2026',
      '25/11/2026',
      'Diego Sosa',
      'El equipo no enfría. ¿Revisar el capacitor? ¡Urgente!',
      'Medición de consumos',
      '2:30',
      'Térmicas y borneras',
      'ARS 1.500,50',
      'Historial',
      'Cambió el estado de Pendiente a En proceso',
      '¿Llegó el repuesto? ¡Sí, señor! Comienzo ya.',
      'Adjuntó el archivo «tablero.jpg»',
      'Registró 2:30 h de Diego Sosa el 20/11/2026',
      'presupuesto año.pdf',
      'Página 1 de',
    ]) {
      expect(t, esperado).toContain(esperado);
    }
    // The expenses' total names its currency once.
    expect(t).toMatch(/Total: ARS 1\.500,50/);
    expect(t).not.toMatch(/Total ARS/);
    // the company logo (an SVG, rasterised) and the two thumbnails
    expect(imagenesDe(r.rawPayload)).toBe(3);
    // it renders
    const p = path.join(tmp, 'render.pdf');
    fs.writeFileSync(p, r.rawPayload);
    execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', p, path.join(tmp, 'pagina')]);
    expect(fs.readdirSync(tmp).some((x) => x.startsWith('pagina'))).toBe(true);
  });

  it('sin banderas (o en false): sin historial ni archivos; quien solo ve la orden también puede imprimirla', async () => {
    for (const q of ['', '?eventos=false&archivos=0']) {
      const r = await api.call('GET', `/api/v2/imprimirReporte/${o.id}${q}`, 'supervisor');
      expect(r.statusCode).toBe(200);
      const t = textoDe(r.rawPayload);
      expect(t).toContain('Revisión del tablero eléctrico');
      expect(t).toContain('Térmicas y borneras');
      expect(t).not.toContain('Historial');
      expect(t).not.toContain('tablero.jpg');
      expect(imagenesDe(r.rawPayload)).toBe(1);
    }
    const b = await api.crearOrden({ cliente: f.cli[2], titulo: 'Orden de Belgrano' });
    const r = await api.call('GET', `/api/v2/imprimirReporte/${b.id}?eventos=true`, 'lector');
    expect(r.statusCode).toBe(200);
    const t = textoDe(r.rawPayload);
    expect(t).toContain('No se registraron horas.');
    expect(t).toContain('Creó la orden y la asignó a Diego Sosa');
  });

  it('texto que la fuente no puede dibujar no rompe el PDF', async () => {
    const x = await api.crearOrden({ titulo: 'Listo 👍 中文 ok', detalle: 'línea\tcon tab' });
    const r = await api.call('GET', `/api/v2/imprimirReporte/${x.id}?eventos&archivos`, 'admin');
    expect(r.statusCode).toBe(200);
    expect(textoDe(r.rawPayload)).toContain('Listo ? ?? ok');
  });
});

describe('exportar órdenes a Excel', () => {
  it('otra empresa exporta solo lo suyo; lector solo lo que ve', async () => {
    const x = await api.call('POST', '/api/v2/ordenes/exportar', 'otra', {});
    expect(x.statusCode).toBe(200);
    const ws = await leerXlsx(x.rawPayload);
    const titulos = columna(ws, 2);
    const propias = (
      await api.call('POST', '/api/v4/ordenes/all/filtered', 'otra', { porPagina: 100 })
    ).json() as PaginaOrdenes;
    expect(titulos).toHaveLength(propias.total);
    expect(columna(ws, 3).every((c) => c === 'Panadería El Molino' || c === null || c === '')).toBe(true);
    await api.crearOrden({ cliente: f.cli[2], titulo: 'Pintura del aula 3' });
    const l = await leerXlsx((await api.call('POST', '/api/v2/ordenes/exportar', 'lector', {})).rawPayload);
    expect(columna(l, 3).length).toBeGreaterThan(0);
    expect(columna(l, 3).every((c) => c === 'Colegio Belgrano')).toBe(true);
  });

  it('las filas que seleccionan los filtros, con sus columnas: responsables, fechas, demora, horas y gastos', async () => {
    const a = await api.crearOrden({
      titulo: 'Cambio de luminarias',
      cliente: f.cli[1],
      responsable: [f.u.operario, f.u.ayudante],
      fechaInicio: Date.UTC(2026, 0, 5, 15),
      fechaFin: Date.UTC(2026, 0, 10, 15),
    });
    await api.crearOrden({ titulo: 'Otra de Hotel', cliente: f.cli[1], responsable: [] });
    expect(
      (
        await api.call('PUT', `/api/v2/registro-gastos/${a.id}`, 'admin', {
          horas: [{ fecha: Date.UTC(2026, 0, 6, 15), horas: 3, minutos: 15, usuarioId: f.u.ayudante }],
          gastos: [
            { fecha: Date.UTC(2026, 0, 6, 15), concepto: 'Tubos LED', monto: 2500 },
            { fecha: Date.UTC(2026, 0, 6, 15), concepto: 'Viático', monto: 12.5, moneda: 'USD' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const r = await api.call('POST', '/api/v2/ordenes/exportar', 'admin', {
      cliente: f.cli[1],
      buscar: 'luminarias',
      pagina: 3,
      porPagina: 1,
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers['content-disposition']).toMatch(/attachment; filename="ordenes-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const ws = await leerXlsx(r.rawPayload);
    const cab: unknown[] = [];
    ws.getRow(1).eachCell((c) => cab.push(c.value));
    expect(cab).toEqual([
      'Número',
      'Título',
      'Cliente',
      'Tipo',
      'Área',
      'Prioridad',
      'Estado',
      'Responsables',
      'Fecha inicio',
      'Fecha fin',
      'Demora (días)',
      'Horas',
      'Gastos ARS',
      'Otros gastos',
    ]);
    expect(ws.actualRowCount).toBe(2);
    const fila = ws.getRow(2);
    const v = (i: number) => fila.getCell(i).value;
    expect([v(1), v(2), v(3), v(4), v(5), v(6), v(7)]).toEqual([
      a.numero,
      'Cambio de luminarias',
      'Hotel Los Andes',
      'Correctivo',
      'Electricidad',
      'Alta',
      'Pendiente',
    ]);
    expect(v(8)).toBe('Diego Sosa, Lucía Benítez');
    expect((v(9) as Date).toISOString().slice(0, 10)).toBe('2026-01-05');
    expect((v(10) as Date).toISOString().slice(0, 10)).toBe('2026-01-10');
    // In days to the hundredth, as the delays export of the statistics counts them.
    const esperada = Math.round(((f.env.clock.now().getTime() - Date.UTC(2026, 0, 10, 15)) / 86400_000) * 100) / 100;
    expect(v(11)).toBe(Math.max(0, esperada));
    expect(fila.getCell(11).numFmt).toBe('0.00');
    // a duration read back as a date from Excel's epoch (30/12/1899)
    expect(Math.round(((v(12) as Date).getTime() - Date.UTC(1899, 11, 30)) / 60_000)).toBe(195);
    expect(fila.getCell(12).numFmt).toBe('[h]:mm');
    expect(v(13)).toBe(2500);
    expect(v(14)).toBe('USD 12,50');
  });

  it('más de una página de la base (1.000 filas): las mismas órdenes y en el mismo orden que la lista, para cada criterio', async () => {
    const db = f.env.database.db;
    const now = f.env.clock.now();
    const e = await makeEntidad(db, { nombre: 'Empresa Grande', plan: 'Ilimitado', now });
    const clientes = await makeClientes(db, e, [{ nombre: 'Cliente A' }, { nombre: 'Cliente B' }]);
    const cat = await makeCatalogo(db, e, { areas: ['General'], tipos: ['Correctivo'] });
    const duenio = await makeUsuario(db, {
      entidadId: e,
      usuario: 'grande',
      nombre: 'Dueña',
      apellido: 'Grande',
      roles: ['PROPIETARIO'],
      permisos: PERMISOS_GLOBALES,
    });
    await makeOrdenesHistoricas(db, {
      entidadId: e,
      count: 1150,
      now,
      desde: inicioDeMes(now, -6),
      hasta: now,
      clientes,
      ...cat,
      creadores: [duenio],
      responsables: [duenio],
      seed: 7,
    });
    // nulls and ties, where keyset pagination is easy to get wrong
    await db.execute(sql`update ordenes set prioridad_id = null where entidad_id = ${e} and numero % 7 = 0`);
    await db.execute(sql`update ordenes set fecha_fin = null where entidad_id = ${e} and numero % 5 = 0`);
    await db.execute(
      sql`update ordenes set creada = (select min(creada) from ordenes where entidad_id = ${e}) where entidad_id = ${e} and numero % 3 = 0`,
    );
    await db.execute(
      sql`update ordenes set actualizada = date_trunc('milliseconds', now()) where entidad_id = ${e} and numero % 4 = 0`,
    );

    for (const orden of ORDEN_CRITERIOS) {
      const esperados: number[] = [];
      for (let pagina = 0; ; pagina++) {
        const p = (
          await api.call('POST', '/api/v4/ordenes/all/filtered', 'grande', { orden, pagina, porPagina: 100 })
        ).json() as PaginaOrdenes;
        esperados.push(...p.ordenes.map((x) => x.numero));
        if (p.ordenes.length < 100) break;
      }
      expect(esperados).toHaveLength(1150);
      const x = await api.call('POST', '/api/v2/ordenes/exportar', 'grande', { orden });
      expect(x.statusCode).toBe(200);
      const numeros = columna(await leerXlsx(x.rawPayload), 1);
      expect(numeros, orden).toEqual(esperados);
    }
    // with a filter too
    const filtrada = columna(
      await leerXlsx(
        (
          await api.call('POST', '/api/v2/ordenes/exportar', 'grande', {
            estados: [ESTADO.FINALIZADA],
            cliente: clientes[0],
          })
        ).rawPayload,
      ),
      7,
    );
    const total = (
      (
        await api.call('POST', '/api/v4/ordenes/all/filtered', 'grande', {
          estados: [ESTADO.FINALIZADA],
          cliente: clientes[0],
        })
      ).json() as PaginaOrdenes
    ).total;
    expect(filtrada).toHaveLength(total);
    expect(filtrada.every((s) => s === 'Finalizada')).toBe(true);
  });

  it('filtros inválidos: 400 en español', async () => {
    const r = await api.call('POST', '/api/v2/ordenes/exportar', 'admin', { estados: 'todos' });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBeTruthy();
  });
});
