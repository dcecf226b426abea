import type { Readable } from 'node:stream';
import { TEXTOS_SITUACION, type DemoraOrden } from '@delego/contract';
import { parteDeNombreArchivo } from '../../lib/descarga.js';
import { XLSX, libroXlsx, nombreDeHoja, type ColumnaXlsx, type NuevaHoja } from '../../lib/xlsx.js';
import { fechaExcel } from '../reports/index.js';
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

/** The columns of the delay export: each one's header, width, format and value. */
const COLUMNAS_DEMORAS: ColumnaXlsx<DemoraOrden>[] = [
  { titulo: 'Número', ancho: 10, valor: (o) => o.numero },
  { titulo: 'Título', ancho: 40, valor: (o) => o.titulo },
  { titulo: 'Tipo', ancho: 18, valor: (o) => o.tipoOrden?.nombre ?? '' },
  { titulo: 'Área', ancho: 18, valor: (o) => o.area?.nombre ?? '' },
  { titulo: 'Cliente', ancho: 28, valor: (o) => o.cliente?.nombre ?? '' },
  { titulo: 'Responsables', ancho: 30, valor: (o) => o.responsables.map(nombrePersona).join(', ') },
  { titulo: 'Estado', ancho: 13, valor: (o) => o.estado.nombre },
  { titulo: 'Vence', ancho: 13, formato: 'dd/mm/yyyy', valor: (o) => fechaExcel(o.fechaFin) },
  {
    titulo: 'Finalizada',
    ancho: 17,
    formato: 'dd/mm/yyyy hh:mm',
    valor: (o) => (o.finalizada != null ? fechaExcel(o.finalizada) : null),
  },
  { titulo: 'Situación', ancho: 22, valor: (o) => TEXTOS_SITUACION[o.situacion] },
  { titulo: 'Demora (días)', ancho: 14, formato: '0.00', valor: (o) => o.demoraDias },
];

/** 'dd/mm/yyyy' of a 'YYYY-MM-DD'. */
const textoDia = (d: string): string => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/**
 * What the file says of itself: its name, its sheet's name and its title. With one type of order,
 * the type is in all three (it had the name of the export of every type and no trace of its type);
 * the header stays the first row, as in every export.
 */
function rotulosDemoras(
  rango: { desde: string; hasta: string },
  tipo: { nombre: string } | null,
): { archivo: string; hoja: string; titulo: string } {
  const periodo = `${rango.desde}-a-${rango.hasta}`;
  const parte = tipo ? parteDeNombreArchivo(tipo.nombre) || 'tipo' : '';
  return {
    archivo: parte ? `demoras-${parte}-${periodo}.xlsx` : `demoras-${periodo}.xlsx`,
    hoja: tipo ? nombreDeHoja(`Demoras · ${tipo.nombre}`) : 'Demoras',
    titulo:
      `Demoras del ${textoDia(rango.desde)} al ${textoDia(rango.hasta)} · ` +
      (tipo ? `Tipo de orden: ${tipo.nombre}` : 'Todos los tipos de orden'),
  };
}

/**
 * The delay export as XLSX: the orders due in the range are written page by page while they are
 * sent (bounded memory: one page, and at most ~1 MB waiting for the client). `tipo`: the type the
 * export is limited to (`d.tipoId`), for its name and title.
 */
export async function exportarDemoras(
  consultas: Pick<ConsultasEnVivo, 'pageExport'>,
  d: DescargaAutorizada,
  ahora: number,
  tipo: { nombre: string } | null,
): Promise<{ nombre: string; tipo: string; stream: Readable }> {
  const { entidadId, rango } = d;
  const rotulos = rotulosDemoras(rango, tipo);
  const escribir = async (hoja: NuevaHoja) => {
    const ws = hoja(rotulos.hoja, COLUMNAS_DEMORAS);
    let cursor: [number, number] | null = null;
    for (;;) {
      const filas = await consultas.pageExport(entidadId, rango, ahora, d.tipoId, cursor, PAGINA_EXPORT);
      let escritas = 0;
      for (const f of filas) {
        // Every 100 rows, let the compressor and the client take what was written and give the event
        // loop (and the collector) a turn: a page written in one burst left more garbage alive at
        // once (peak RSS of the first export of 170,000 rows: 253-276 MB in one burst, 227-232 MB so).
        if (++escritas % 100 === 0) {
          await ws.esperar();
          await new Promise((r) => setImmediate(r));
        }
        ws.agregar(demoraOrden(f));
      }
      if (filas.length < PAGINA_EXPORT) break;
      const ultima = filas[filas.length - 1] as FilaDemoraOrden;
      cursor = [ultima.fechaFin, ultima.id];
      await ws.esperar();
    }
  };
  const stream = await libroXlsx(escribir, { titulo: rotulos.titulo });
  return { nombre: rotulos.archivo, tipo: XLSX, stream };
}
