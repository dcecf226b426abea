import { LIMITES_ADMIN } from '@delego/contract';
import { registrosCsv } from '../../lib/csv.js';

export interface FilaE5s {
  clave: string;
  nombre: string;
}

export type ResultadoCsv = { ok: true; filas: FilaE5s[] } | { ok: false; errores: string[] };

const CABECERAS_CLAVE = new Set(['clave', 'codigo', 'código', 'key', 'id', 'area', 'área']);
const MAX_ERRORES = 10;

/** The separator of the file: ';' if the first line has one, else a tab, else ','. */
function separador(text: string): string {
  const primera = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  if (primera.includes(';')) return ';';
  if (primera.includes('\t')) return '\t';
  return ',';
}

/**
 * Reads the E5S area catalogue from CSV text: one area a line as `clave;nombre` (or with ',' or
 * a tab), an optional header line, quoted fields allowed. A name with unquoted separators keeps
 * them. Returns every problem with its line number, or the rows.
 */
export function parseE5sCsv(raw: string): ResultadoCsv {
  const text = raw.replace(/^\uFEFF/, '');
  const sep = separador(text);
  const errores: string[] = [];
  const filas: FilaE5s[] = [];
  const vistas = new Map<string, number>();
  let primera = true;
  for (const { linea, campos } of registrosCsv(text, sep).registros) {
    const limpios = campos.map((c) => c.trim());
    if (limpios.every((c) => c === '')) continue;
    const clave = limpios[0] ?? '';
    const nombre = limpios
      .slice(1)
      .join(sep === '\t' ? ' ' : `${sep} `)
      .replace(/\s+/g, ' ')
      .trim();
    if (primera) {
      primera = false;
      if (CABECERAS_CLAVE.has(clave.toLowerCase()) && /^(nombre|descripci[o\u00f3]n|name)?$/i.test(nombre)) continue;
    }
    if (!clave) errores.push(`Línea ${linea}: falta la clave.`);
    else if (clave.length > LIMITES_ADMIN.e5sClave)
      errores.push(`Línea ${linea}: la clave admite hasta ${LIMITES_ADMIN.e5sClave} caracteres.`);
    if (!nombre) errores.push(`Línea ${linea}: falta el nombre (use "clave;nombre").`);
    else if (nombre.length > LIMITES_ADMIN.e5sNombre)
      errores.push(`Línea ${linea}: el nombre admite hasta ${LIMITES_ADMIN.e5sNombre} caracteres.`);
    const k = clave.toLowerCase();
    const antes = vistas.get(k);
    if (clave && antes !== undefined)
      errores.push(`Línea ${linea}: la clave "${clave}" ya aparece en la línea ${antes}.`);
    else if (clave) vistas.set(k, linea);
    filas.push({ clave, nombre });
  }
  if (filas.length > LIMITES_ADMIN.e5sFilas) {
    return { ok: false, errores: [`El archivo tiene ${filas.length} áreas; el máximo es ${LIMITES_ADMIN.e5sFilas}.`] };
  }
  if (errores.length) {
    const extra = errores.length > MAX_ERRORES ? [`… y ${errores.length - MAX_ERRORES} errores más.`] : [];
    return { ok: false, errores: [...errores.slice(0, MAX_ERRORES), ...extra] };
  }
  if (!filas.length) return { ok: false, errores: ['El archivo no tiene áreas.'] };
  return { ok: true, filas };
}
