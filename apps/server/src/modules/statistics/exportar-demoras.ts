import { PassThrough, type Readable } from 'node:stream';
import { TEXTOS_SITUACION } from '@delego/contract';
import { esperarCliente, enSegundoPlano, fechaExcel, hoja, libro } from '../reports/index.js';
import type { DescargaAutorizada } from './acceso-export.js';
import type { ConsultasEnVivo } from './consultas-en-vivo.js';
import { demoraOrden, nombrePersona } from './graficos.js';
import type { FilaDemoraOrden } from './statistics.sql.js';

/**
 * Rows read per page of the export. Small on purpose: a page's rows live until the page is written,
 * and with 1,000 they outlived two young-generation collections and were promoted to the old
 * generation, which V8 only collects when it has grown: the server's peak RSS rose 77-95 MB per
 * export of 100,000 rows (`--trace-gc`: old space 49 -> 125 MB before a full collection). With 200 they
 * die young: +11 MB (docs/BENCHMARKS.md, «Estadísticas»).
 */
const PAGINA_EXPORT = 200;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The delay export as XLSX: the orders due in the range are written page by page while they are
 * sent (bounded memory: one page, and at most ~1 MB waiting for the client).
 */
export async function exportarDemoras(
  consultas: Pick<ConsultasEnVivo, 'pageExport'>,
  d: DescargaAutorizada,
  ahora: number,
): Promise<{ nombre: string; tipo: string; stream: Readable }> {
  const { entidadId, rango } = d;
  const out = new PassThrough();
  const wb = await libro(out);
  const ws = hoja(wb, 'Demoras', [
    { header: 'Número', key: 'numero', width: 10 },
    { header: 'Título', key: 'titulo', width: 40 },
    { header: 'Tipo', key: 'tipo', width: 18 },
    { header: 'Área', key: 'area', width: 18 },
    { header: 'Cliente', key: 'cliente', width: 28 },
    { header: 'Responsables', key: 'responsables', width: 30 },
    { header: 'Estado', key: 'estado', width: 13 },
    { header: 'Vence', key: 'vence', width: 13, style: { numFmt: 'dd/mm/yyyy' } },
    { header: 'Finalizada', key: 'finalizada', width: 17, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
    { header: 'Situación', key: 'situacion', width: 22 },
    { header: 'Demora (días)', key: 'demora', width: 14, style: { numFmt: '0.00' } },
  ]);
  enSegundoPlano(out, async () => {
    let cursor: [number, number] | null = null;
    for (;;) {
      const filas = await consultas.pageExport(entidadId, rango, ahora, d.tipoId, cursor, PAGINA_EXPORT);
      let escritas = 0;
      for (const f of filas) {
        // Every 100 rows, let the compressor and the client take what was written and give the event
        // loop (and the collector) a turn: a page written in one burst left more garbage alive at
        // once (peak RSS of the first export of 170,000 rows: 253-276 MB in one burst, 227-232 MB so).
        if (++escritas % 100 === 0) {
          await esperarCliente(out, ws);
          await new Promise((r) => setImmediate(r));
        }
        const o = demoraOrden(f);
        ws.addRow({
          numero: o.numero,
          titulo: o.titulo,
          tipo: o.tipoOrden?.nombre ?? '',
          area: o.area?.nombre ?? '',
          cliente: o.cliente?.nombre ?? '',
          responsables: o.responsables.map(nombrePersona).join(', '),
          estado: o.estado.nombre,
          vence: fechaExcel(o.fechaFin),
          finalizada: o.finalizada != null ? fechaExcel(o.finalizada) : null,
          situacion: TEXTOS_SITUACION[o.situacion],
          demora: o.demoraDias,
        }).commit();
      }
      if (filas.length < PAGINA_EXPORT) break;
      const ultima = filas[filas.length - 1] as FilaDemoraOrden;
      cursor = [ultima.fechaFin, ultima.id];
      await esperarCliente(out, ws);
    }
    ws.commit();
    await wb.commit();
  });
  return { nombre: `demoras-${rango.desde}-a-${rango.hasta}.xlsx`, tipo: XLSX, stream: out };
}
