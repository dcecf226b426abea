import {
  CAMPOS_FECHA,
  ESTADOS,
  LIMITES_ORDEN,
  diaDeMs,
  esDia,
  finDelDia,
  inicioDelDia,
  type Filtros,
  type FiltroDetalle,
} from '@delego/contract';
import { PARAMETROS_LISTA } from '../../orders';

/**
 * detalle-grafico-ordenes: the orders behind a card or a chart segment. The figure carries the
 * order list's filters (`FiltroDetalle`, from the server); the screen's address writes them with
 * the SAME parameters as the order list (/home?estados=…&vencidas=1&cliente=…&desde=…), so the
 * detail can open in the list with every filter kept, plus `titulo`: what was tapped.
 */

const IDS_ESTADOS = ESTADOS.map((e) => e.id as number);

/** The parameters of the address: the order list's own, plus what was tapped. */
const P = { ...PARAMETROS_LISTA, titulo: 'titulo' } as const;

const REFERENCIAS = ['cliente', 'responsable', 'tipo', 'area', 'prioridad'] as const;

/** The longest title kept from the address. */
const LARGO_TITULO = 120;

function leerId(valor: string | null): number | null {
  if (valor === null || !/^\d{1,10}$/.test(valor)) return null;
  const n = Number(valor);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * The address of detalle-grafico-ordenes for a figure: its filters and a title. The dates of a
 * figure are whole days of the company (the server's ranges are), so they travel as days. The
 * states are always written: the order list reads a missing `estados` as «the open ones».
 */
export function rutaDeDetalle(filtro: FiltroDetalle, titulo: string, zona: string): string {
  const p = new URLSearchParams();
  const estados = (filtro.estados ?? []).filter((id) => IDS_ESTADOS.includes(id));
  p.set(P.estados, estados.length ? estados.join(',') : 'todas');
  if (filtro.vencidas) p.set(P.vencidas, '1');
  for (const clave of REFERENCIAS) {
    const valor = filtro[clave];
    if (valor != null) p.set(P[clave], String(valor));
  }
  if (filtro.fechaDesde != null) p.set(P.desde, diaDeMs(filtro.fechaDesde, zona));
  if (filtro.fechaHasta != null) p.set(P.hasta, diaDeMs(filtro.fechaHasta, zona));
  if ((filtro.fechaDesde != null || filtro.fechaHasta != null) && filtro.campoFecha && filtro.campoFecha !== 'creada') {
    p.set(P.campoFecha, filtro.campoFecha);
  }
  if (filtro.buscar?.trim()) p.set(P.buscar, filtro.buscar.trim());
  p.set(P.titulo, titulo.slice(0, LARGO_TITULO));
  return `/detalle-grafico-ordenes?${p.toString()}`;
}

export interface DetalleLeido {
  titulo: string;
  /** The body of POST /api/v4/ordenes/all/filtered, without the page. */
  filtros: Omit<Filtros, 'pagina'>;
  /** The same filters for the order list (/home?…), without the title. */
  consultaLista: string;
}

/** The filters and title written in the address; null when it names no figure at all. */
export function leerDetalle(params: URLSearchParams, zona: string): DetalleLeido | null {
  const estadosTexto = params.get(P.estados);
  if (estadosTexto === null) return null;
  const estados =
    estadosTexto === 'todas'
      ? null
      : estadosTexto
          .split(',')
          .map((s) => leerId(s.trim()))
          .filter((id): id is number => id !== null && IDS_ESTADOS.includes(id));
  const desde = params.get(P.desde) ?? '';
  const hasta = params.get(P.hasta) ?? '';
  const campo = params.get(P.campoFecha) ?? 'creada';
  const buscar = (params.get(P.buscar) ?? '').trim().slice(0, LIMITES_ORDEN.buscar);
  const filtros: Omit<Filtros, 'pagina'> = {
    estados: estados && estados.length ? estados : null,
    vencidas: params.get(P.vencidas) === '1' || null,
    cliente: leerId(params.get(P.cliente)),
    responsable: leerId(params.get(P.responsable)),
    tipo: leerId(params.get(P.tipo)),
    area: leerId(params.get(P.area)),
    prioridad: leerId(params.get(P.prioridad)),
    fechaDesde: esDia(desde) ? inicioDelDia(desde, zona) : null,
    fechaHasta: esDia(hasta) ? finDelDia(hasta, zona) : null,
    campoFecha: (CAMPOS_FECHA as readonly string[]).includes(campo) ? (campo as Filtros['campoFecha']) : 'creada',
    buscar: buscar || null,
    // The most urgent first: what a manager acts on.
    orden: 'vencimiento',
  };
  const lista = new URLSearchParams(params);
  lista.delete(P.titulo);
  lista.set('orden', 'vencimiento');
  const titulo = (params.get(P.titulo) ?? '').trim().slice(0, LARGO_TITULO) || 'Órdenes del gráfico';
  return { titulo, filtros, consultaLista: `?${lista.toString()}` };
}
