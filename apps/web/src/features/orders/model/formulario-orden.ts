import {
  LIMITES_ORDEN,
  esDia,
  finDelDia,
  inicioDelDia,
  zOrdenGuardar,
  type E5sArea,
  type OrdenGuardada,
  type OrdenGuardar,
} from '@delego/contract';
import { diaDeFecha } from './formato';
import { leerId } from '../../../lib/consulta-de-ruta';
import { errorDeFecha } from '../../../lib/fechas';
import { erroresDeProblemas, type ErroresCampos } from '../../../lib/formularios';

/** The nueva-orden form (create, or edit with ?id=) as the person fills it in. */
export interface ValoresOrden {
  titulo: string;
  detalle: string;
  cliente: number | null;
  /** The client's site and equipo it is about (issue 32), optional. */
  ubicacion: number | null;
  equipo: number | null;
  responsable: number[];
  tipoOrden: number | null;
  area: number | null;
  prioridad: number | null;
  e5sAreaKey: string | null;
  /** Days of the company, yyyy-MM-dd, '' or the text typed so far (see CampoFecha). */
  fechaInicio: string;
  fechaFin: string;
}

/** Each field is named as the contract's body names it, so the server's `field` lands on it. */
export type CampoOrden = keyof ValoresOrden;

export const CAMPOS_ORDEN: readonly CampoOrden[] = [
  'titulo',
  'detalle',
  'cliente',
  'ubicacion',
  'equipo',
  'responsable',
  'tipoOrden',
  'area',
  'prioridad',
  'e5sAreaKey',
  'fechaInicio',
  'fechaFin',
];

export const VALORES_VACIOS: ValoresOrden = {
  titulo: '',
  detalle: '',
  cliente: null,
  ubicacion: null,
  equipo: null,
  responsable: [],
  tipoOrden: null,
  area: null,
  prioridad: null,
  e5sAreaKey: null,
  fechaInicio: '',
  fechaFin: '',
};

/** The form's values for a saved order; its dates as days of the company's zone. */
export function valoresDeOrden(o: OrdenGuardada, zona: string): ValoresOrden {
  return {
    titulo: o.titulo,
    detalle: o.detalle,
    cliente: o.cliente,
    ubicacion: o.ubicacion ?? null,
    equipo: o.equipo ?? null,
    responsable: [...o.responsable],
    tipoOrden: o.tipoOrden,
    area: o.area,
    prioridad: o.prioridad,
    e5sAreaKey: o.e5sAreaKey,
    fechaInicio: diaDeFecha(o.fechaInicio, zona),
    fechaFin: diaDeFecha(o.fechaFin, zona),
  };
}

/**
 * What an edit saves over the order as it is saved now: the fields the person changed since the
 * form opened (`abierta`), and for every other field what the server has now (`ahora`). Fields are
 * sent whole (SPEC §7), so a form kept open while someone else delegated the order, or edited its
 * title, would otherwise put the old values back.
 */
export function sobreLoGuardadoAhora(v: ValoresOrden, abierta: ValoresOrden, ahora: ValoresOrden): ValoresOrden {
  const r: ValoresOrden = { ...ahora, responsable: [...ahora.responsable] };
  for (const campo of CAMPOS_ORDEN) {
    if (!mismoValor(v[campo], abierta[campo])) Object.assign(r, { [campo]: v[campo] });
  }
  return r;
}

function mismoValor(a: ValoresOrden[CampoOrden], b: ValoresOrden[CampoOrden]): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return [...a].sort().join(',') === [...b].sort().join(',');
  return a === b;
}

export const MENSAJE_FECHAS = 'La fecha de fin no puede ser anterior a la fecha de inicio.';

/**
 * A day of the form as the ms the server stores (docs/FECHAS.md): the start is the first
 * millisecond of the company's day and the end its last one (an order due today is not overdue
 * until the day ends in the company's zone). A day left as it was keeps the exact instant it had,
 * so saving without touching it changes nothing. null for no day (or text that is not one).
 */
function fecha(dia: string, original: number | null | undefined, borde: 'inicio' | 'fin', zona: string): number | null {
  if (!esDia(dia)) return null;
  if (original != null && diaDeFecha(original, zona) === dia) return original;
  return borde === 'inicio' ? inicioDelDia(dia, zona) : finDelDia(dia, zona);
}

export interface Validacion {
  errores: ErroresCampos<CampoOrden>;
  /** The body for POST /api/v2/ordenes/save, when there is nothing to fix. */
  cuerpo?: OrdenGuardar;
}

/**
 * Checks the form as the server will (same contract schema, same messages) and builds the body.
 * `original` is the saved order when editing; `zona` the company's time zone.
 */
export function validarOrden(
  v: ValoresOrden,
  { original, e5s = [], zona }: { original?: OrdenGuardada; e5s?: readonly E5sArea[]; zona: string },
): Validacion {
  const errores: ErroresCampos<CampoOrden> = {};
  if (v.cliente === null) errores.cliente = 'Elija el cliente.';
  if (v.responsable.length > LIMITES_ORDEN.responsables) {
    errores.responsable = `Hasta ${LIMITES_ORDEN.responsables} responsables.`;
  }
  const errorInicio = errorDeFecha(v.fechaInicio);
  const errorFin = errorDeFecha(v.fechaFin);
  if (errorInicio) errores.fechaInicio = errorInicio;
  if (errorFin) errores.fechaFin = errorFin;
  if (esDia(v.fechaInicio) && esDia(v.fechaFin) && v.fechaFin < v.fechaInicio) errores.fechaFin = MENSAJE_FECHAS;

  const e5sNombre =
    v.e5sAreaKey === null
      ? null
      : (e5s.find((a) => a.clave === v.e5sAreaKey)?.nombre ??
        (original?.e5sAreaKey === v.e5sAreaKey ? original.e5sAreaName : null));

  const cuerpo: OrdenGuardar = {
    ...(original ? { id: original.id } : {}),
    titulo: v.titulo,
    detalle: v.detalle,
    cliente: v.cliente ?? 0,
    // Sent when chosen, or to remove the ones the order had (left out, the server keeps them).
    ...(v.ubicacion !== null || original?.ubicacion != null ? { ubicacion: v.ubicacion } : {}),
    ...(v.equipo !== null || original?.equipo != null ? { equipo: v.equipo } : {}),
    responsable: v.responsable,
    tipoOrden: v.tipoOrden,
    area: v.area,
    prioridad: v.prioridad,
    e5sAreaKey: v.e5sAreaKey,
    e5sAreaName: e5sNombre,
    fechaInicio: fecha(v.fechaInicio, original?.fechaInicio, 'inicio', zona),
    fechaFin: fecha(v.fechaFin, original?.fechaFin, 'fin', zona),
  };
  const validado = zOrdenGuardar.safeParse(cuerpo);
  if (!validado.success) {
    const delEsquema = erroresDeProblemas(validado.error.issues);
    for (const campo of CAMPOS_ORDEN) {
      if (delEsquema[campo] && !errores[campo]) errores[campo] = delEsquema[campo];
    }
  }
  if (Object.keys(errores).length > 0) return { errores };
  return { errores, cuerpo: { ...cuerpo, titulo: v.titulo.trim() } };
}

/**
 * A new order opened from an equipo (issue 32, «Nueva orden» and a scanned label):
 * `?cliente=1&ubicacion=7&equipo=5` pre-fill those fields.
 */
export function valoresPrevios(consulta: URLSearchParams): ValoresOrden {
  const id = (nombre: string) => leerId(consulta.get(nombre));
  const cliente = id('cliente');
  return cliente === null
    ? VALORES_VACIOS
    : { ...VALORES_VACIOS, cliente, ubicacion: id('ubicacion'), equipo: id('equipo') };
}
