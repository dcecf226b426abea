import { LIMITES_ORDEN, zOrdenGuardar, type E5sArea, type OrdenGuardada, type OrdenGuardar } from '@delego/contract';
import { finDelDia, inicioDelDia } from './filtros';
import { diaDeFecha } from './formato';
import { erroresDeProblemas, type ErroresCampos } from '../../../lib/formularios';

/** The nueva-orden form (create, or edit with ?id=) as the person fills it in. */
export interface ValoresOrden {
  titulo: string;
  detalle: string;
  cliente: number | null;
  responsables: number[];
  tipoOrden: number | null;
  area: number | null;
  prioridad: number | null;
  e5sAreaKey: string | null;
  /** Local days, yyyy-MM-dd, or ''. */
  fechaInicio: string;
  fechaFin: string;
}

export type CampoOrden =
  | 'titulo'
  | 'detalle'
  | 'cliente'
  | 'responsable'
  | 'tipoOrden'
  | 'area'
  | 'prioridad'
  | 'e5sAreaKey'
  | 'fechaInicio'
  | 'fechaFin';

export const CAMPOS_ORDEN: readonly CampoOrden[] = [
  'titulo',
  'detalle',
  'cliente',
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
  responsables: [],
  tipoOrden: null,
  area: null,
  prioridad: null,
  e5sAreaKey: null,
  fechaInicio: '',
  fechaFin: '',
};

export function valoresDeOrden(o: OrdenGuardada): ValoresOrden {
  return {
    titulo: o.titulo,
    detalle: o.detalle,
    cliente: o.cliente,
    responsables: [...o.responsable],
    tipoOrden: o.tipoOrden,
    area: o.area,
    prioridad: o.prioridad,
    e5sAreaKey: o.e5sAreaKey,
    fechaInicio: diaDeFecha(o.fechaInicio),
    fechaFin: diaDeFecha(o.fechaFin),
  };
}

export const MENSAJE_FECHAS = 'La fecha de fin no puede ser anterior a la fecha de inicio.';

/**
 * A day of the form as the ms the server stores. The start is the beginning of the day and the
 * end its last millisecond (an order due today is not overdue until tonight). A day left as it was
 * keeps the exact time it had, so saving without touching it changes nothing.
 */
function fecha(dia: string, original: number | null | undefined, borde: 'inicio' | 'fin'): number | null {
  if (!dia) return null;
  if (original != null && diaDeFecha(original) === dia) return original;
  return borde === 'inicio' ? inicioDelDia(dia) : finDelDia(dia);
}

export interface Validacion {
  errores: ErroresCampos<CampoOrden>;
  /** The body for POST /api/v2/ordenes/save, when there is nothing to fix. */
  cuerpo?: OrdenGuardar;
}

/**
 * Checks the form as the server will (same contract schema, same messages) and builds the body.
 * `original` is the saved order when editing.
 */
export function validarOrden(
  v: ValoresOrden,
  { original, e5s = [] }: { original?: OrdenGuardada; e5s?: readonly E5sArea[] } = {},
): Validacion {
  const errores: ErroresCampos<CampoOrden> = {};
  if (v.cliente === null) errores.cliente = 'Elija el cliente.';
  if (v.responsables.length > LIMITES_ORDEN.responsables) {
    errores.responsable = `Hasta ${LIMITES_ORDEN.responsables} responsables.`;
  }
  if (v.fechaInicio && v.fechaFin && v.fechaFin < v.fechaInicio) errores.fechaFin = MENSAJE_FECHAS;

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
    responsable: v.responsables,
    tipoOrden: v.tipoOrden,
    area: v.area,
    prioridad: v.prioridad,
    e5sAreaKey: v.e5sAreaKey,
    e5sAreaName: e5sNombre,
    fechaInicio: fecha(v.fechaInicio, original?.fechaInicio, 'inicio'),
    fechaFin: fecha(v.fechaFin, original?.fechaFin, 'fin'),
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
