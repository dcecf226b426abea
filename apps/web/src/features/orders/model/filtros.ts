import {
  CAMPOS_FECHA,
  ESTADOS,
  FILTROS_SLA,
  ESTADOS_ABIERTOS,
  LIMITES_ORDEN,
  ORDEN_CRITERIOS,
  esDia,
  finDelDia,
  inicioDelDia,
  type Filtros,
  type FiltroSla,
} from '@delego/contract';
import { SIN_FILTROS } from './filtros-ligero';

/**
 * The filters of the order list (home), as the screen thinks of them, and their two
 * translations: to the address (so back, refresh and a shared link keep them) and to the body of
 * POST /api/v4/ordenes/all/filtered.
 */

/** Which states the list shows: the open ones (the default), all, or a chosen set. */
export type SeleccionEstados = 'abiertas' | 'todas' | readonly number[];
export type CampoFecha = (typeof CAMPOS_FECHA)[number];
export type CriterioOrden = (typeof ORDEN_CRITERIOS)[number];

export interface FiltrosLista {
  estados: SeleccionEstados;
  /** Only open orders whose due date passed. */
  vencidas: boolean;
  /** Service levels (issue 34): orders with 80 % of a target used («por vencer») or past one («vencidas»). */
  sla: FiltroSla | null;
  cliente: number | null;
  /** A site and an equipo of that client (issue 32). */
  ubicacion: number | null;
  equipo: number | null;
  responsable: number | null;
  tipo: number | null;
  area: number | null;
  prioridad: number | null;
  /** A day of the company, yyyy-MM-dd; the range includes both ends. */
  fechaDesde: string | null;
  fechaHasta: string | null;
  /** Which date the range applies to. */
  campoFecha: CampoFecha;
  buscar: string;
  orden: CriterioOrden;
}

export const POR_PAGINA = 25;

export const FILTROS_INICIALES: FiltrosLista = {
  estados: 'abiertas',
  vencidas: false,
  sla: null,
  ...SIN_FILTROS,
  buscar: '',
  orden: 'recientes',
};

export const NOMBRES_ORDEN: Record<CriterioOrden, string> = {
  recientes: 'Más recientes',
  antiguas: 'Más antiguas',
  vencimiento: 'Próximas a vencer',
  prioridad: 'Mayor prioridad',
  numero: 'Número',
  actualizadas: 'Últimas actualizadas',
};

/** The service-level filter (issue 34) as the filters screen and its chip name it. */
export const NOMBRES_FILTRO_SLA: Record<FiltroSla, string> = {
  'por-vencer': 'Por vencer (SLA)',
  vencidas: 'Vencidas por SLA',
};

export const NOMBRES_CAMPO_FECHA: Record<CampoFecha, string> = {
  creada: 'Creación',
  fechaInicio: 'Inicio',
  fechaFin: 'Fin',
  finalizada: 'Finalización',
};

const IDS_ESTADOS = ESTADOS.map((e) => e.id as number);

/** The parameters of the address (also those of detalle-grafico-ordenes, which opens in this list). */
export const PARAMETROS_LISTA = {
  estados: 'estados',
  vencidas: 'vencidas',
  sla: 'sla',
  cliente: 'cliente',
  ubicacion: 'ubicacion',
  equipo: 'equipo',
  responsable: 'responsable',
  tipo: 'tipo',
  area: 'area',
  prioridad: 'prioridad',
  desde: 'desde',
  hasta: 'hasta',
  campoFecha: 'fecha',
  buscar: 'q',
  orden: 'orden',
} as const;
const P = PARAMETROS_LISTA;

function iguales(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** A set of state ids as the screen shows it: the open ones and every one have their own chip. */
export function normalizarEstados(ids: readonly number[]): SeleccionEstados {
  const validos = [...new Set(ids.filter((id) => IDS_ESTADOS.includes(id)))].sort((a, b) => a - b);
  if (validos.length === 0 || validos.length === IDS_ESTADOS.length) return 'todas';
  if (
    iguales(
      validos,
      [...ESTADOS_ABIERTOS].sort((a, b) => a - b),
    )
  )
    return 'abiertas';
  return validos;
}

/** The state ids to ask for; null asks for every state. */
export function idsDeEstados(seleccion: SeleccionEstados): number[] | null {
  if (seleccion === 'todas') return null;
  if (seleccion === 'abiertas') return [...ESTADOS_ABIERTOS];
  return [...seleccion];
}

/** Tapping a state chip: from a preset it picks that state alone; within a set it adds or removes it. */
export function alternarEstado(seleccion: SeleccionEstados, id: number): SeleccionEstados {
  if (typeof seleccion === 'string') return [id];
  const nueva = seleccion.includes(id) ? seleccion.filter((x) => x !== id) : [...seleccion, id];
  return nueva.length === 0 ? 'abiertas' : normalizarEstados(nueva);
}

export function estadoElegido(seleccion: SeleccionEstados, id: number): boolean {
  return typeof seleccion !== 'string' && seleccion.includes(id);
}

function leerId(valor: string | null): number | null {
  if (valor === null || !/^\d{1,10}$/.test(valor)) return null;
  const n = Number(valor);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function leerDia(valor: string | null): string | null {
  if (!valor) return null;
  return esDia(valor) ? valor : null;
}

function leerEstados(valor: string | null): SeleccionEstados {
  if (valor === null || valor === 'abiertas') return 'abiertas';
  if (valor === 'todas') return 'todas';
  const ids = valor
    .split(',')
    .map((s) => leerId(s.trim()))
    .filter((id): id is number => id !== null && IDS_ESTADOS.includes(id));
  return ids.length ? normalizarEstados(ids) : 'abiertas';
}

function leerFiltroSla(valor: string | null): FiltroSla | null {
  return (FILTROS_SLA as readonly string[]).includes(valor ?? '') ? (valor as FiltroSla) : null;
}

/** The filters written in the address; anything missing or malformed takes its default. */
export function leerFiltros(params: URLSearchParams): FiltrosLista {
  const campo = params.get(P.campoFecha);
  const orden = params.get(P.orden);
  return {
    estados: leerEstados(params.get(P.estados)),
    vencidas: params.get(P.vencidas) === '1',
    sla: leerFiltroSla(params.get(P.sla)),
    cliente: leerId(params.get(P.cliente)),
    ubicacion: leerId(params.get(P.ubicacion)),
    equipo: leerId(params.get(P.equipo)),
    responsable: leerId(params.get(P.responsable)),
    tipo: leerId(params.get(P.tipo)),
    area: leerId(params.get(P.area)),
    prioridad: leerId(params.get(P.prioridad)),
    fechaDesde: leerDia(params.get(P.desde)),
    fechaHasta: leerDia(params.get(P.hasta)),
    campoFecha: (CAMPOS_FECHA as readonly string[]).includes(campo ?? '') ? (campo as CampoFecha) : 'creada',
    buscar: (params.get(P.buscar) ?? '').slice(0, LIMITES_ORDEN.buscar),
    orden: (ORDEN_CRITERIOS as readonly string[]).includes(orden ?? '') ? (orden as CriterioOrden) : 'recientes',
  };
}

/** The filters as address parameters: only what differs from the defaults, in a stable order. */
export function escribirFiltros(f: FiltrosLista): URLSearchParams {
  const p = new URLSearchParams();
  if (f.estados !== 'abiertas') p.set(P.estados, typeof f.estados === 'string' ? f.estados : f.estados.join(','));
  if (f.vencidas) p.set(P.vencidas, '1');
  if (f.sla) p.set(P.sla, f.sla);
  if (f.cliente !== null) p.set(P.cliente, String(f.cliente));
  if (f.ubicacion !== null) p.set(P.ubicacion, String(f.ubicacion));
  if (f.equipo !== null) p.set(P.equipo, String(f.equipo));
  if (f.responsable !== null) p.set(P.responsable, String(f.responsable));
  if (f.tipo !== null) p.set(P.tipo, String(f.tipo));
  if (f.area !== null) p.set(P.area, String(f.area));
  if (f.prioridad !== null) p.set(P.prioridad, String(f.prioridad));
  if (f.fechaDesde) p.set(P.desde, f.fechaDesde);
  if (f.fechaHasta) p.set(P.hasta, f.fechaHasta);
  if ((f.fechaDesde || f.fechaHasta) && f.campoFecha !== 'creada') p.set(P.campoFecha, f.campoFecha);
  if (f.buscar.trim()) p.set(P.buscar, f.buscar.trim());
  if (f.orden !== 'recientes') p.set(P.orden, f.orden);
  return p;
}

/** `?a=1&b=2`, or '' when there is nothing to write. */
export function consultaDeFiltros(f: FiltrosLista): string {
  const texto = escribirFiltros(f).toString();
  return texto ? `?${texto}` : '';
}

/**
 * The body of POST /api/v4/ordenes/all/filtered for these filters, without the page number. The
 * days are the company's (`zona`): from the first millisecond of «desde» to the last of «hasta».
 */
export function cuerpoDeFiltros(f: FiltrosLista, zona: string, porPagina = POR_PAGINA): Omit<Filtros, 'pagina'> {
  const buscar = f.buscar.trim();
  return {
    estados: idsDeEstados(f.estados),
    cliente: f.cliente,
    ubicacion: f.ubicacion,
    equipo: f.equipo,
    responsable: f.responsable,
    tipo: f.tipo,
    area: f.area,
    prioridad: f.prioridad,
    fechaDesde: f.fechaDesde ? inicioDelDia(f.fechaDesde, zona) : null,
    fechaHasta: f.fechaHasta ? finDelDia(f.fechaHasta, zona) : null,
    campoFecha: f.campoFecha,
    vencidas: f.vencidas || null,
    // Only when chosen: the first-stage Inicio asks for the same body without it (pedir-inicio.ts).
    ...(f.sla ? { sla: f.sla } : {}),
    buscar: buscar || null,
    orden: f.orden,
    porPagina,
  };
}

/** The filters set on the filters screen (not the chips, the search or the sort) that are in use. */
export type FiltroAvanzado =
  'cliente' | 'ubicacion' | 'equipo' | 'responsable' | 'tipo' | 'area' | 'prioridad' | 'fechas' | 'sla';

export function filtrosAvanzados(f: FiltrosLista): FiltroAvanzado[] {
  const activos: FiltroAvanzado[] = [];
  if (f.cliente !== null) activos.push('cliente');
  if (f.ubicacion !== null) activos.push('ubicacion');
  if (f.equipo !== null) activos.push('equipo');
  if (f.responsable !== null) activos.push('responsable');
  if (f.tipo !== null) activos.push('tipo');
  if (f.area !== null) activos.push('area');
  if (f.prioridad !== null) activos.push('prioridad');
  if (f.fechaDesde || f.fechaHasta) activos.push('fechas');
  if (f.sla) activos.push('sla');
  return activos;
}

export function quitarFiltro(f: FiltrosLista, filtro: FiltroAvanzado): FiltrosLista {
  if (filtro === 'fechas') return { ...f, fechaDesde: null, fechaHasta: null, campoFecha: 'creada' };
  // A site and an equipo belong to the client: without it, neither.
  if (filtro === 'cliente') return { ...f, cliente: null, ubicacion: null, equipo: null };
  if (filtro === 'ubicacion') return { ...f, ubicacion: null, equipo: null };
  return { ...f, [filtro]: null };
}

/** True when anything narrows the list beyond the default (open orders, no search). */
export function hayFiltros(f: FiltrosLista): boolean {
  return f.estados !== 'abiertas' || f.vencidas || f.buscar.trim() !== '' || filtrosAvanzados(f).length > 0;
}

/** Back to the defaults; the chosen sort stays. */
export function limpiarFiltros(f: FiltrosLista): FiltrosLista {
  return { ...FILTROS_INICIALES, orden: f.orden };
}
