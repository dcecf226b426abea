import { PassThrough, type Readable } from 'node:stream';
import { horasTexto, type zFiltros, type zHorasReportadasQuery } from '@delego/contract';
import type { Column } from 'exceljs';
import type { z } from 'zod';
import type { Actor } from '../../kernel/actor.js';
import type { Clock } from '../../kernel/clock.js';
import type { PuertoEntidades } from '../entidades/index.js';
import { diaAR, inicioDiaAR, type PuertoGastos } from '../expenses/index.js';
import type { PuertoArchivos } from '../files/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { demoraDias, fechaExcel } from './formato.js';
import { crearPdf, logoParaPdf } from './pdf.js';

type Filtros = z.output<typeof zFiltros>;
type RangoQuery = z.output<typeof zHorasReportadasQuery>;

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows read from the database per page of an export. */
const PAGINA = 1000;
/** Bytes waiting to be sent before the export pauses for the client. */
const EN_ESPERA_MAX = 1024 * 1024;

const montoNum = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const persona = (p: { nombre: string; apellido: string }) => `${p.nombre} ${p.apellido}`.trim();

/**
 * Bytes written to a sheet that its ZIP compressor has not taken yet. exceljs does not wait for its
 * compressor (its StreamBuf ignores backpressure), so without this the rows pile up in memory when
 * the database is faster than compression or the client. Reads exceljs internals defensively: if
 * they change, this counts 0 and only the client side is waited for.
 */
function pendienteDeHoja(ws: unknown): number {
  type Etapa = {
    writableLength?: number;
    readableLength?: number;
    _writableState?: { length?: number };
    _readableState?: { length?: number };
  };
  const pipes = (ws as { _stream?: { pipes?: Etapa[] } })._stream?.pipes ?? [];
  return pipes.reduce(
    (a, p) =>
      a + (p.writableLength ?? p._writableState?.length ?? 0) + (p.readableLength ?? p._readableState?.length ?? 0),
    0,
  );
}

/** Waits while the compressor or the client have not taken what was already written (constant memory). */
export async function esperarCliente(out: PassThrough, ws: unknown): Promise<void> {
  // At most 2 s per page: a pipeline that does not move (some exceljs buffer waits for more rows)
  // must never hang the export; a slow client then costs at most one page of memory every 2 s.
  for (
    let i = 0;
    i < 400 && pendienteDeHoja(ws) + out.readableLength + out.writableLength > EN_ESPERA_MAX && !out.destroyed;
    i++
  ) {
    await new Promise((r) => setTimeout(r, 5));
  }
  if (out.destroyed) throw new Error('la descarga se interrumpió');
}

/** A streaming workbook by Delego writing into `out`. exceljs (26 MB once loaded) is loaded on first use. */
export async function libro(out: PassThrough) {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Delego';
  return wb;
}

/** A sheet of `wb` whose header row (the column headers, in bold) is frozen and already written. */
export function hoja(wb: Awaited<ReturnType<typeof libro>>, nombre: string, columnas: Partial<Column>[]) {
  const ws = wb.addWorksheet(nombre, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columnas;
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  return ws;
}

/** Writes in the background into `out`; a failure ends the download (the client sees it incomplete). */
export function enSegundoPlano(out: PassThrough, escribir: () => Promise<void>): void {
  escribir().catch((e: unknown) => {
    if (!out.destroyed) out.destroy(e as Error);
  });
}

export class ReportsService {
  constructor(
    private readonly orders: Pick<PuertoOrdenes, 'detalle' | 'historial' | 'paginasParaExportar'>,
    private readonly files: Pick<PuertoArchivos, 'paraImprimir'>,
    private readonly expenses: PuertoGastos,
    private readonly entidades: Pick<PuertoEntidades, 'find'>,
    private readonly clock: Clock,
  ) {}

  /**
   * GET /api/v2/imprimirReporte/{id}?eventos&archivos: the order's report as a PDF. Whoever sees the
   * order may print it. Every check runs before the first byte is sent.
   */
  async reporte(
    actor: Actor,
    ordenId: number,
    o: { eventos: boolean; archivos: boolean },
  ): Promise<{ nombre: string; stream: Readable }> {
    const orden = await this.orders.detalle(actor, ordenId);
    const registro = await this.expenses.registro(actor, ordenId);
    const historial = o.eventos ? await this.orders.historial(actor, ordenId) : null;
    const archivos = o.archivos ? await this.files.paraImprimir(actor, ordenId) : null;
    const entidad = await this.entidades.find(actor.entidadId);
    const doc = await crearPdf({
      entidad: { nombre: entidad?.nombre ?? '', logo: await logoParaPdf(entidad?.logo) },
      orden,
      registro,
      historial,
      archivos,
      generado: this.clock.now().getTime(),
      generadoPor: persona(actor),
    });
    return { nombre: `orden-${orden.numero}.pdf`, stream: doc };
  }

  /**
   * POST /api/v2/ordenes/exportar {filtros}: every order the filters select (that the actor sees),
   * as an .xlsx written row by row while it is sent: pages of 1,000 rows from the database, each
   * written and let go; the export waits when the client is slower than the database.
   */
  async exportarOrdenes(actor: Actor, f: Filtros): Promise<{ nombre: string; stream: Readable }> {
    const out = new PassThrough();
    const ahora = this.clock.now().getTime();
    const wb = await libro(out);
    const ws = hoja(wb, 'Órdenes', [
      { header: 'Número', key: 'numero', width: 10 },
      { header: 'Título', key: 'titulo', width: 40 },
      { header: 'Cliente', key: 'cliente', width: 28 },
      { header: 'Tipo', key: 'tipo', width: 16 },
      { header: 'Área', key: 'area', width: 16 },
      { header: 'Prioridad', key: 'prioridad', width: 12 },
      { header: 'Estado', key: 'estado', width: 13 },
      { header: 'Responsables', key: 'responsables', width: 30 },
      { header: 'Fecha inicio', key: 'inicio', width: 13, style: { numFmt: 'dd/mm/yyyy' } },
      { header: 'Fecha fin', key: 'fin', width: 13, style: { numFmt: 'dd/mm/yyyy' } },
      { header: 'Demora (días)', key: 'demora', width: 14 },
      { header: 'Horas', key: 'horas', width: 10, style: { numFmt: '[h]:mm' } },
      { header: 'Gastos ARS', key: 'ars', width: 14, style: { numFmt: '#,##0.00' } },
      { header: 'Otros gastos', key: 'otros', width: 22 },
    ]);
    const paginas = this.orders.paginasParaExportar(actor, f, PAGINA);
    enSegundoPlano(out, async () => {
      for await (const pagina of paginas) {
        const totales = await this.expenses.totalesDeOrdenes(
          actor,
          pagina.map((o) => o.id),
        );
        for (const o of pagina) {
          const t = totales.get(o.id);
          const ars = t?.gastos.find((g) => g.moneda === 'ARS');
          const otros = (t?.gastos ?? []).filter((g) => g.moneda !== 'ARS');
          ws.addRow({
            numero: o.numero,
            titulo: o.titulo,
            cliente: o.cliente ?? '',
            tipo: o.tipo ?? '',
            area: o.area ?? '',
            prioridad: o.prioridad ?? '',
            estado: o.estado,
            responsables: o.responsables.join(', '),
            inicio: o.fechaInicio != null ? fechaExcel(o.fechaInicio) : null,
            fin: o.fechaFin != null ? fechaExcel(o.fechaFin) : null,
            demora: demoraDias(o, ahora),
            horas: t?.minutos ? t.minutos / 1440 : 0,
            ars: ars ? ars.centavos / 100 : 0,
            otros: otros.map((g) => `${g.moneda} ${montoNum.format(g.centavos / 100)}`).join(' · '),
          }).commit();
        }
        await esperarCliente(out, ws);
      }
      ws.commit();
      await wb.commit();
    });
    return { nombre: `ordenes-${diaAR(ahora)}.xlsx`, stream: out };
  }

  /** GET /api/v2/horas-reportadas/exportar?desde&hasta: the same report as an .xlsx (summary and every entry). */
  async exportarHoras(actor: Actor, q: RangoQuery): Promise<{ nombre: string; stream: Readable }> {
    const rango = this.expenses.rangoReporte(actor, q);
    const rep = await this.expenses.horasReportadas(actor, q);
    const out = new PassThrough();
    const wb = await libro(out);
    const resumen = hoja(wb, 'Por usuario y cliente', [
      { header: 'Usuario', key: 'usuario', width: 28 },
      { header: 'Cliente', key: 'cliente', width: 30 },
      { header: 'Horas', key: 'horas', width: 12, style: { numFmt: '[h]:mm' } },
      { header: 'Horas (decimal)', key: 'decimal', width: 16, style: { numFmt: '0.00' } },
    ]);
    const detalle = this.expenses.detalleHoras(actor, rango, PAGINA);
    enSegundoPlano(out, async () => {
      const fila = (usuario: string, cliente: string, minutos: number, negrita = false) => {
        const r = resumen.addRow({ usuario, cliente, horas: minutos / 1440, decimal: minutos / 60 });
        if (negrita) r.font = { bold: true };
        r.commit();
      };
      for (const f of rep.filas) fila(persona(f.usuario), f.cliente?.nombre ?? 'Sin cliente', f.minutos);
      for (const u of rep.porUsuario) fila(`Total ${persona(u.usuario)}`, '', u.minutos, true);
      for (const c of rep.porCliente) fila('', `Total ${c.cliente?.nombre ?? 'Sin cliente'}`, c.minutos, true);
      fila('TOTAL', '', rep.totalMinutos, true);
      resumen.commit();

      const ws = hoja(wb, 'Detalle', [
        { header: 'Fecha', key: 'fecha', width: 12, style: { numFmt: 'dd/mm/yyyy' } },
        { header: 'Usuario', key: 'usuario', width: 26 },
        { header: 'Cliente', key: 'cliente', width: 28 },
        { header: 'Orden', key: 'orden', width: 9 },
        { header: 'Título', key: 'titulo', width: 36 },
        { header: 'Horas', key: 'horas', width: 10 },
        { header: 'Descripción', key: 'descripcion', width: 50 },
      ]);
      for await (const pagina of detalle) {
        for (const h of pagina) {
          ws.addRow({
            fecha: fechaExcel(inicioDiaAR(h.dia)),
            usuario: h.usuario,
            cliente: h.cliente ?? 'Sin cliente',
            orden: h.numero,
            titulo: h.titulo,
            horas: horasTexto(h.minutos),
            descripcion: h.descripcion,
          }).commit();
        }
        await esperarCliente(out, ws);
      }
      ws.commit();
      await wb.commit();
    });
    return { nombre: `horas-reportadas-${rango.desde}-a-${rango.hasta}.xlsx`, stream: out };
  }
}
