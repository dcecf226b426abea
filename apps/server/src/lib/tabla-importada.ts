/**
 * A table read from an uploaded CSV or XLSX file (issue 36, imports): the header names,
 * normalised (lower case, without accents or spaces), and each data row as text by column. CSV
 * follows RFC 4180 (quoted fields, doubled quotes, line breaks inside quotes) with `,` or `;` as
 * separator (a spreadsheet in Spanish writes `;`), UTF-8 with or without BOM, or Windows-1252 when
 * its bytes are not UTF-8 (what Excel in Spanish saves as «CSV (delimitado por comas)»). XLSX: the
 * first sheet, each cell's text. exceljs is loaded on first use.
 */
import { textoDeCsv } from '@delego/contract';
import { AppError } from '../kernel/errors.js';
import { registrosCsv, type RegistroCsv } from './csv.js';

/** A 2 MB file is ~2.7 MB in base64, plus its JSON: the import routes take up to this much. */
export const IMPORTAR_BODY_LIMIT = 3 * 1024 * 1024;

export interface TablaImportada {
  columnas: string[];
  /** Data rows: `fila` is its number in the file (the header is 1); empty rows are left out. */
  filas: { fila: number; valores: string[] }[];
}

/** A data row by column: each cell's text trimmed, empty cells left out. */
export function datosDeFila(columnas: readonly string[], valores: readonly string[]): Record<string, string> {
  const datos: Record<string, string> = {};
  columnas.forEach((c, i) => {
    const v = (valores[i] ?? '').trim();
    if (v !== '') datos[c] = v;
  });
  return datos;
}

/** `Teléfono ` → `telefono`. */
export function normalizarColumna(nombre: string): string {
  return nombre.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, '');
}

function errorArchivo(mensaje: string): AppError {
  return new AppError('DATOS_INVALIDOS', mensaje, { field: 'archivo' });
}

/** The records of a CSV text, each a list of fields (RFC 4180), with the line each starts at. */
export function leerCsv(texto: string): RegistroCsv[] {
  const sinBom = texto.charCodeAt(0) === 0xfeff ? texto.slice(1) : texto;
  const primera = sinBom.split(/\r?\n/, 1)[0] ?? '';
  const separador = (primera.match(/;/g)?.length ?? 0) > (primera.match(/,/g)?.length ?? 0) ? ';' : ',';
  const { registros, comillasSinCerrar } = registrosCsv(sinBom, separador);
  if (comillasSinCerrar) throw errorArchivo('El CSV tiene comillas sin cerrar.');
  return registros;
}

async function leerXlsx(bytes: Buffer): Promise<{ linea: number; campos: string[] }[]> {
  const { default: ExcelJS } = await import('exceljs');
  const libro = new ExcelJS.Workbook();
  try {
    await libro.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw errorArchivo('No se pudo leer el archivo XLSX.');
  }
  const hoja = libro.worksheets[0];
  if (!hoja) return [];
  const registros: { linea: number; campos: string[] }[] = [];
  hoja.eachRow({ includeEmpty: false }, (row, numero) => {
    const campos: string[] = [];
    for (let col = 1; col <= row.cellCount; col++) campos.push(row.getCell(col).text ?? '');
    registros.push({ linea: numero, campos });
  });
  return registros;
}

/**
 * Reads the file (CSV or XLSX by its name), checks its size, header and row count, and gives the
 * table. Anything wrong with the whole file is a 400 on `archivo`, in Spanish.
 */
export async function leerTabla(
  nombreArchivo: string,
  base64: string,
  o: { columnas: readonly string[]; obligatorias: readonly string[]; maxBytes: number; maxFilas: number },
): Promise<TablaImportada> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw errorArchivo('El archivo está vacío.');
  if (bytes.length > o.maxBytes) throw errorArchivo('El archivo supera los 2 MB.');
  const extension = nombreArchivo.toLowerCase().split('.').pop();
  let registros: { linea: number; campos: string[] }[];
  if (extension === 'csv' || extension === 'txt') registros = leerCsv(textoDeCsv(bytes));
  else if (extension === 'xlsx') registros = await leerXlsx(bytes);
  else throw errorArchivo('El archivo debe ser CSV o XLSX.');

  const conDatos = registros.filter((r) => r.campos.some((c) => c.trim() !== ''));
  const [cabecera, ...filas] = conDatos;
  if (!cabecera) throw errorArchivo('El archivo no tiene filas.');
  const columnas = cabecera.campos.map(normalizarColumna);
  const aceptadas = o.columnas.join(', ');
  for (const c of columnas) {
    if (c === '')
      throw errorArchivo(`Hay una columna sin nombre en la primera fila. Columnas aceptadas: ${aceptadas}.`);
    if (!o.columnas.includes(c))
      throw errorArchivo(`La columna «${c}» no se conoce. Columnas aceptadas: ${aceptadas}.`);
  }
  const repetida = columnas.find((c, i) => columnas.indexOf(c) !== i);
  if (repetida) throw errorArchivo(`La columna «${repetida}» está dos veces.`);
  for (const c of o.obligatorias) {
    if (!columnas.includes(c)) throw errorArchivo(`Falta la columna «${c}» en la primera fila.`);
  }
  if (filas.length === 0) throw errorArchivo('El archivo no tiene filas de datos debajo de la cabecera.');
  if (filas.length > o.maxFilas) {
    throw errorArchivo(`El archivo tiene ${filas.length} filas; se pueden importar hasta ${o.maxFilas} por vez.`);
  }
  return { columnas, filas: filas.map((f) => ({ fila: f.linea, valores: f.campos })) };
}
