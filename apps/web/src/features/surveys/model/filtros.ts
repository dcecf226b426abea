import { esDia, finDelDia, inicioDelDia } from '@delego/contract';

/** What the person chose on grafico-encuestas: days ('YYYY-MM-DD', '' for no bound) and ids. */
export interface FiltrosEncuestas {
  desde: string;
  hasta: string;
  cliente: number | null;
  responsable: number | null;
  tipoOrden: number | null;
}

/** The query string of GET /api/v2/encuestas, as the web builds it (ms and ids). */
export interface ConsultaEncuestas {
  fechaDesde?: number;
  fechaHasta?: number;
  cliente?: number;
  responsable?: number;
  tipoOrden?: number;
}

/** Why the range cannot be asked for, or null. */
export function problemaDeFiltros(f: FiltrosEncuestas): string | null {
  if (f.desde && !esDia(f.desde)) return 'La fecha «desde» no es válida.';
  if (f.hasta && !esDia(f.hasta)) return 'La fecha «hasta» no es válida.';
  if (f.desde && f.hasta && f.desde > f.hasta) return 'La fecha «desde» no puede ser posterior a «hasta».';
  return null;
}

/** The query of GET /api/v2/encuestas: the first ms of «desde» to the last ms of «hasta», in the company's zone. */
export function consultaDeFiltros(f: FiltrosEncuestas, zona: string): ConsultaEncuestas {
  return {
    ...(f.desde ? { fechaDesde: inicioDelDia(f.desde, zona) } : {}),
    ...(f.hasta ? { fechaHasta: finDelDia(f.hasta, zona) } : {}),
    ...(f.cliente !== null ? { cliente: f.cliente } : {}),
    ...(f.responsable !== null ? { responsable: f.responsable } : {}),
    ...(f.tipoOrden !== null ? { tipoOrden: f.tipoOrden } : {}),
  };
}

/** The last 12 months up to `hoy` (the default period). */
export function ultimos12Meses(hoy: string): { desde: string; hasta: string } {
  const [anio, mes] = hoy.split('-').map(Number) as [number, number];
  const desde = `${anio - 1}-${String(mes).padStart(2, '0')}-01`;
  return { desde, hasta: hoy };
}

const MESES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** '2026-11' as 'nov 2026'. */
export function etiquetaMes(mes: string): string {
  const [anio, m] = mes.split('-');
  const nombre = MESES[Number(m) - 1];
  return nombre ? `${nombre} ${anio}` : mes;
}
