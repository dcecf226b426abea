import { PassThrough, type Readable } from 'node:stream';

/** The media type of an .xlsx. */
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Bytes waiting to be sent before an export pauses for the client. */
const EN_ESPERA_MAX = 1024 * 1024;

/**
 * A column of an exported sheet, with everything that is its own: its header, its width, its Excel
 * number format, and its value for each row.
 */
export interface ColumnaXlsx<T> {
  titulo: string;
  ancho: number;
  /** Excel's number format (`dd/mm/yyyy`, `[h]:mm`, `#,##0.00`). */
  formato?: string;
  valor: (fila: T) => unknown;
}

/** A sheet being written: its header row (in bold, frozen) is already written. */
export interface HojaXlsx<T> {
  /** Writes one row, in bold when asked, and lets it go. */
  agregar(fila: T, opciones?: { negrita?: boolean }): void;
  /** Waits while the compressor or the client have not taken what was already written. */
  esperar(): Promise<void>;
}

/** Adds a sheet to the workbook being written; the previous sheet is finished and let go first. */
export type NuevaHoja = <T>(nombre: string, columnas: ColumnaXlsx<T>[]) => HojaXlsx<T>;

/** Characters Excel refuses in a sheet's name, and its longest name. */
const PROHIBIDOS_EN_HOJA = /[\\/?*[\]:]/g;
const LARGO_HOJA = 31;

/**
 * A sheet's name Excel accepts, from any text: without []:*?/\ nor an apostrophe at either end, and
 * cut to 31 characters with «…».
 */
export function nombreDeHoja(texto: string): string {
  const limpio = texto
    .replace(PROHIBIDOS_EN_HOJA, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s']+|[\s']+$/g, '');
  return limpio.length > LARGO_HOJA ? `${limpio.slice(0, LARGO_HOJA - 1).trimEnd()}…` : limpio;
}

/**
 * An .xlsx by Delego written in the background into the stream returned, while it is sent:
 * `escribir` adds the sheets and their rows (waiting for the client between pages, so memory stays
 * bounded). A failure ends the download (the client sees it incomplete). exceljs (26 MB once
 * loaded) is loaded on first use.
 */
export async function libroXlsx(
  escribir: (hoja: NuevaHoja) => Promise<void>,
  propiedades: { titulo?: string } = {},
): Promise<Readable> {
  const out = new PassThrough();
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Delego';
  // The document's title (File > Properties): what the file holds, past what its name says.
  if (propiedades.titulo) wb.title = propiedades.titulo;
  let abierta: { commit(): void } | undefined;
  const hoja: NuevaHoja = (nombre, columnas) => {
    abierta?.commit();
    const ws = wb.addWorksheet(nombre, { views: [{ state: 'frozen', ySplit: 1 }] });
    abierta = ws;
    ws.columns = columnas.map((c) => ({
      header: c.titulo,
      width: c.ancho,
      ...(c.formato ? { style: { numFmt: c.formato } } : {}),
    }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    return {
      agregar(fila, opciones) {
        const r = ws.addRow(columnas.map((c) => c.valor(fila)));
        if (opciones?.negrita) r.font = { bold: true };
        r.commit();
      },
      esperar: () => esperarCliente(out, ws),
    };
  };
  escribir(hoja)
    .then(async () => {
      abierta?.commit();
      await wb.commit();
    })
    .catch((e: unknown) => {
      if (!out.destroyed) out.destroy(e as Error);
    });
  return out;
}

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
async function esperarCliente(out: PassThrough, ws: unknown): Promise<void> {
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
