import { z } from 'zod';
import { zProgresoChecklist } from './checklists.js';
import { zDatosFacturacionLeidos, zFacturacionDelegada } from './client-side.js';
import { zEpochMs, zFechaIngresada, zId, zIdCon, zIdNombre, zTexto } from './common.js';
import { FILTROS_SLA, zSlaOrden } from './sla.js';

const zRefId = zId;
const zRefNullable = zRefId.nullable().optional();
const zFecha = zFechaIngresada.nullable().optional();

export const LIMITES_ORDEN = {
  titulo: 200,
  detalle: 20_000,
  comentario: 5_000,
  responsables: 20,
  buscar: 200,
  porPagina: 100,
} as const;

const zTitulo = zTexto()
  .trim()
  .min(1, 'El título es obligatorio.')
  .max(LIMITES_ORDEN.titulo, `El título admite hasta ${LIMITES_ORDEN.titulo} caracteres.`);
const zDetalle = zTexto().max(LIMITES_ORDEN.detalle, `El detalle admite hasta ${LIMITES_ORDEN.detalle} caracteres.`);

/** One responsable or several: travels as an id or an array of ids. */
export const zResponsables = z
  .union([zRefId, z.array(zRefId).max(LIMITES_ORDEN.responsables, `Hasta ${LIMITES_ORDEN.responsables} responsables.`)])
  .nullable()
  .optional()
  .transform((v) => (v == null ? [] : Array.isArray(v) ? [...new Set(v)] : [v]));

/** POST /api/v2/ordenes/save: the order as saved (SPEC §3). With an id it updates. */
export const zOrdenGuardar = z.object({
  id: zRefId.optional().nullable(),
  titulo: zTitulo,
  detalle: zDetalle.optional().default(''),
  tipoOrden: zRefNullable,
  area: zRefNullable,
  prioridad: zRefNullable,
  estado: zRefId.optional().nullable(),
  responsable: zResponsables,
  cliente: zIdCon('Elija el cliente de la orden.'),
  fechaInicio: zFecha,
  fechaFin: zFecha,
  registroResponsable: z.unknown().optional(),
  e5sAreaKey: zTexto().max(100).nullable().optional(),
  e5sAreaName: zTexto().max(200).nullable().optional(),
  /** The client's site and equipo it is about (issue 32); left out keeps them, null removes them. */
  ubicacion: zRefNullable,
  equipo: zRefNullable,
  archivos: z.array(z.unknown()).optional(),
  archivosBorrados: z.array(z.unknown()).optional(),
});
export type OrdenGuardar = z.input<typeof zOrdenGuardar>;

export const ORDEN_CRITERIOS = ['recientes', 'antiguas', 'vencimiento', 'prioridad', 'numero', 'actualizadas'] as const;
/** The date a list's range applies to; 'finalizada' is when the order was finished (finished orders only). */
export const CAMPOS_FECHA = ['creada', 'fechaInicio', 'fechaFin', 'finalizada'] as const;

/** The page a paged list of orders asks for: the page (from 0) and its size (25 by default). */
export const camposPaginacion = {
  pagina: z.coerce.number().int().min(0).max(100_000).optional().default(0),
  porPagina: z.coerce.number().int().min(1).max(LIMITES_ORDEN.porPagina).optional().default(25),
};

/** What every page of a paged list says besides its rows: how many rows there are in all, the page and its size. */
export const camposDePagina = {
  total: z.number().int(),
  pagina: z.number().int(),
  porPagina: z.number().int(),
};

/** A page of a list of orders: its rows (`fila` each) and the page's counts. */
export function camposPaginaDeOrdenes<F extends z.ZodType>(fila: F) {
  return { ordenes: z.array(fila), ...camposDePagina };
}

/** POST /api/v4/ordenes/all/filtered: filters; cliente and responsable travel as ids. */
export const zFiltros = z.object({
  estados: z.array(zRefId).max(10).optional().nullable(),
  cliente: zRefNullable,
  responsable: zRefNullable,
  tipo: zRefNullable,
  area: zRefNullable,
  prioridad: zRefNullable,
  /** Orders about this equipo, or at this site (issue 32). */
  equipo: zRefNullable,
  ubicacion: zRefNullable,
  fechaDesde: zFecha,
  fechaHasta: zFecha,
  campoFecha: z.enum(CAMPOS_FECHA).optional().default('creada'),
  vencidas: z.boolean().optional().nullable(),
  /** Service levels (issue 34): «por vencer» (80 % of a target used) or «vencidas por SLA». */
  sla: z.enum(FILTROS_SLA).optional().nullable(),
  buscar: zTexto().max(LIMITES_ORDEN.buscar).optional().nullable(),
  orden: z.enum(ORDEN_CRITERIOS).optional().default('recientes'),
  ...camposPaginacion,
});
export type Filtros = z.input<typeof zFiltros>;

/**
 * The body of the calls that take the list's filters, which SPEC §7 writes `{filtros}`: the filters
 * themselves, as the app sends them, or wrapped in `filtros`. Both are the same request, so a client
 * that wraps them is not answered with every order.
 */
export const zCuerpoFiltros = z.preprocess(desenvolverFiltros, zFiltros);

function desenvolverFiltros(cuerpo: unknown): unknown {
  if (!esObjetoSimple(cuerpo) || !esObjetoSimple(cuerpo.filtros)) return cuerpo;
  const { filtros, ...resto } = cuerpo;
  return { ...resto, ...filtros };
}

function esObjetoSimple(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** POST /api/v2/ordenes/all/filtered {estados, buscar}. */
export const zFiltrosSimples = z.object({
  estados: z.array(zRefId).max(10).optional().nullable(),
  buscar: zTexto().max(LIMITES_ORDEN.buscar).optional().nullable(),
});

export const zPersona = z.object({
  id: z.number().int(),
  usuario: z.string(),
  nombre: z.string(),
  apellido: z.string(),
});
export type Persona = z.infer<typeof zPersona>;

export const zOrdenResumen = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  titulo: z.string(),
  estado: zIdNombre.extend({ color: z.string() }),
  prioridad: zIdNombre.extend({ color: z.string(), nivel: z.number().int() }).nullable(),
  cliente: zIdNombre.nullable(),
  tipoOrden: zIdNombre.nullable(),
  area: zIdNombre.nullable(),
  responsables: z.array(zPersona),
  fechaInicio: zEpochMs.nullable(),
  fechaFin: zEpochMs.nullable(),
  creada: zEpochMs,
  actualizada: zEpochMs,
  vencida: z.boolean(),
  /** Its checklist's progress ("7 de 10", issue 31); null or absent when it has none. */
  checklist: zProgresoChecklist.nullable().optional(),
  /** Its service level (issue 34): the policy it got and both targets; null or absent without one. */
  sla: zSlaOrden.nullable().optional(),
});
export type OrdenResumen = z.infer<typeof zOrdenResumen>;

export const zPaginaOrdenes = z.object(camposPaginaDeOrdenes(zOrdenResumen));
export type PaginaOrdenes = z.infer<typeof zPaginaOrdenes>;

/** GET /api/v3/ordenDTO/{id}: the order detail as read (SPEC §3). */
export const zOrdenDetalle = zOrdenResumen.extend({
  detalle: z.string(),
  fechaInicioISO_8601: z.string().nullable(),
  fechaFinISO_8601: z.string().nullable(),
  entidadSolicitanteId: z.number().int(),
  entidadSolicitanteNombre: z.string(),
  registroResponsable: zPersona,
  e5sAreaKey: z.string().nullable(),
  e5sAreaName: z.string().nullable(),
  finalizada: zEpochMs.nullable(),
  /** The client's site and the equipo it is about (issue 32); null when none. */
  ubicacion: zIdNombre.nullable().optional(),
  equipo: zIdNombre.extend({ codigo: z.string().nullable() }).nullable().optional(),
  /** The billing data (SPEC §3 datosFacturacion, issue 16), null until someone fills it in. */
  datosFacturacion: zDatosFacturacionLeidos.nullable().optional(),
  /** Billing data handed to the client and not answered yet ("Facturación delegada: esperando…"). */
  facturacionDelegada: zFacturacionDelegada.nullable().optional(),
  /** What the reader may do with it: the UI hides what is not allowed. */
  acciones: z.object({
    soloLectura: z.boolean(),
    modificar: z.boolean(),
    borrar: z.boolean(),
    cambiarResponsable: z.boolean(),
    estadosSiguientes: z.array(z.number().int()),
  }),
});
export type OrdenDetalle = z.infer<typeof zOrdenDetalle>;

/** GET /api/v2/orden/{id}: the order as saved, with references as ids (for edit forms). */
export const zOrdenGuardada = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  titulo: z.string(),
  detalle: z.string(),
  tipoOrden: z.number().int().nullable(),
  area: z.number().int().nullable(),
  prioridad: z.number().int().nullable(),
  estado: z.number().int(),
  responsable: z.array(z.number().int()),
  cliente: z.number().int().nullable(),
  fechaInicio: zEpochMs.nullable(),
  fechaFin: zEpochMs.nullable(),
  registroResponsable: z.number().int(),
  e5sAreaKey: z.string().nullable(),
  e5sAreaName: z.string().nullable(),
  ubicacion: z.number().int().nullable().optional(),
  equipo: z.number().int().nullable().optional(),
});
export type OrdenGuardada = z.infer<typeof zOrdenGuardada>;

/** PUT /api/v2/estado/{id}. Every change carries a comment (SPEC §4). */
export const zCambioEstado = z.object({
  estado: zRefId,
  comentarios: zTexto()
    .trim()
    .min(1, 'El comentario es obligatorio.')
    .max(LIMITES_ORDEN.comentario, `El comentario admite hasta ${LIMITES_ORDEN.comentario} caracteres.`),
});

/** PUT /api/v3/responsable/{id}: one id or several; an optional comment. */
export const zCambioResponsable = z.object({
  responsable: zResponsables,
  comentarios: zTexto().max(LIMITES_ORDEN.comentario).optional().nullable(),
});

export const zCambioTitulo = z.object({ titulo: zTitulo });
export const zCambioDetalle = z.object({ detalle: zDetalle });
export const zCambioFecha = z.object({ fecha: zFecha });
export const FECHA_KINDS = ['inicio', 'fin', 'fechaInicio', 'fechaFin'] as const;
export const zCambioTipo = z.object({ tipoOrdenId: zRefId });
export const zCambioArea = z.object({ areaId: zRefId });

export const TIPOS_EVENTO = [
  'CREADA',
  'ESTADO',
  'RESPONSABLE',
  'TITULO',
  'DETALLE',
  'FECHA',
  'TIPO',
  'AREA',
  'PRIORIDAD',
  'CLIENTE',
  'ELIMINADA',
  'ARCHIVO_AGREGADO',
  'ARCHIVO_ELIMINADO',
  'HORAS',
  'GASTO',
  'REGISTRO_CORREGIDO',
  'REGISTRO_ELIMINADO',
  'FACTURACION',
  'FACTURACION_DELEGADA',
  'FACTURACION_CLIENTE',
  'ENLACE_PUBLICO',
  'CHECKLIST',
  'CHECKLIST_FIRMA',
  'SEGUIMIENTO',
  'CONFORMIDAD',
  /** A contractor link (issue 33): handed over, revoked, renewed; accepted or rejected by the outsider. */
  'EXTERNO',
] as const;
export type TipoEvento = (typeof TIPOS_EVENTO)[number];

export const zEventoOrden = z.object({
  id: z.number().int(),
  tipo: z.string(),
  descripcion: z.string(),
  fecha: zEpochMs,
  usuario: zPersona,
  estadoAnterior: z.number().int().nullable(),
  estadoNuevo: z.number().int().nullable(),
  comentario: z.string().nullable(),
  /**
   * When it was done on the device, for a change made offline and sent later by the outbox
   * (`fecha` is when it reached the server). Absent for everything else.
   */
  hechoEn: zEpochMs.optional(),
  /**
   * True when the order's client did it from a public link (the summary's conformity answer and
   * the reopening it caused, the billing form): `usuario` is then who created that link, and the
   * history names the client instead. Absent for everything else.
   */
  porCliente: z.literal(true).optional(),
});
export type EventoOrden = z.infer<typeof zEventoOrden>;

export const zPrioridad = zIdNombre.extend({
  nivel: z.number().int(),
  color: z.string(),
});
export type Prioridad = z.infer<typeof zPrioridad>;

/** A person with the email: a user as the profile and administration show it. */
export const zPersonaConEmail = zPersona.extend({ email: z.string().nullable() });

export const zResponsableDisponible = zPersonaConEmail;
export const zClienteUsado = zIdNombre;
