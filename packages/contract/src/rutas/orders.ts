import { z } from 'zod';
import { zId } from '../common.js';
import { zEstado } from '../estados.js';
import { zHorasReportadas, zHorasReportadasQuery, zRegistroCambios, zRegistroOrden } from '../expenses.js';
import { zArchivo, zReporteQuery } from '../files.js';
import * as ordenes from '../orders.js';
import { rutaDeGrupo, zOk, zParamId, type DefRuta } from './definir.js';

const rutaDeOrdenes = rutaDeGrupo({ tags: ['órdenes'] });
const rutaDeRegistro = rutaDeGrupo({ tags: ['horas y gastos'] });
const rutaDeArchivos = rutaDeGrupo({ tags: ['archivos'] });
const rutaDeReportes = rutaDeGrupo({ tags: ['reportes'] });

/** `{ ordenId, archivoId }` of a file of an order. */
export const zParamsArchivo = z.object({ ordenId: zId, archivoId: zId });
/** `?inline=1`: show the file in the browser instead of downloading it. */
export const zDescargaQuery = z.object({ inline: z.string().optional() });

/** A change to one order: it answers with the order's detail as it is after the change. */
function cambioDeOrden<const R extends Omit<DefRuta, 'tags' | 'response'>>(r: R) {
  return rutaDeOrdenes({ ...r, response: { 200: ordenes.zOrdenDetalle } });
}

/** Orders, their hours and expenses, their files and reports. */
export const RUTAS_ORDENES = {
  ordenesFiltradas: rutaDeOrdenes({
    metodo: 'POST',
    path: '/api/v4/ordenes/all/filtered',
    summary: 'Órdenes filtradas, ordenadas y paginadas',
    body: ordenes.zCuerpoFiltros,
    response: { 200: ordenes.zPaginaOrdenes },
  }),
  ordenesFiltradasSimple: rutaDeOrdenes({
    metodo: 'POST',
    path: '/api/v2/ordenes/all/filtered',
    summary: 'Órdenes por estados y texto (las 100 más recientes)',
    body: ordenes.zFiltrosSimples,
    response: { 200: z.array(ordenes.zOrdenResumen) },
  }),
  ordenDetalle: rutaDeOrdenes({
    metodo: 'GET',
    path: '/api/v3/ordenDTO/:id',
    summary: 'Detalle de una orden',
    params: zParamId,
    response: { 200: ordenes.zOrdenDetalle },
  }),
  ordenGuardada: rutaDeOrdenes({
    metodo: 'GET',
    path: '/api/v2/orden/:id',
    summary: 'Una orden tal como se guarda (referencias por id)',
    params: zParamId,
    response: { 200: ordenes.zOrdenGuardada },
  }),
  eliminarOrden: rutaDeOrdenes({
    metodo: 'DELETE',
    path: '/api/v2/orden/:id',
    summary: 'Elimina una orden (requiere borrarOrden para su cliente)',
    params: zParamId,
    response: { 200: zOk },
  }),
  guardarOrden: rutaDeOrdenes({
    metodo: 'POST',
    path: '/api/v2/ordenes/save',
    summary: 'Crea (sin id) o modifica (con id) una orden',
    body: ordenes.zOrdenGuardar,
    response: { 200: ordenes.zOrdenDetalle },
  }),
  cambiarEstado: cambioDeOrden({
    metodo: 'PUT',
    path: '/api/v2/estado/:id',
    summary: 'Cambia el estado con un comentario',
    params: zParamId,
    body: ordenes.zCambioEstado,
  }),
  cambiarResponsables: cambioDeOrden({
    metodo: 'PUT',
    path: '/api/v3/responsable/:id',
    summary: 'Cambia los responsables (uno o varios)',
    params: zParamId,
    body: ordenes.zCambioResponsable,
  }),
  historial: rutaDeOrdenes({
    metodo: 'GET',
    path: '/api/v2/historial/detalle/:id',
    summary: 'Historial de la orden',
    params: zParamId,
    response: { 200: z.array(ordenes.zEventoOrden) },
  }),
  cambiarDetalle: cambioDeOrden({
    metodo: 'POST',
    path: '/api/v2/detalle/:id',
    summary: 'Cambia el detalle',
    params: zParamId,
    body: ordenes.zCambioDetalle,
  }),
  cambiarTitulo: cambioDeOrden({
    metodo: 'POST',
    path: '/api/v2/titulo/:id',
    summary: 'Cambia el título',
    params: zParamId,
    body: ordenes.zCambioTitulo,
  }),
  cambiarFecha: cambioDeOrden({
    metodo: 'POST',
    path: '/api/v2/fecha/:id/:kind',
    summary: 'Cambia la fecha de inicio o de fin (kind: inicio | fin)',
    params: zParamId.extend({ kind: z.enum(ordenes.FECHA_KINDS) }),
    body: ordenes.zCambioFecha,
  }),
  cambiarTipo: cambioDeOrden({
    metodo: 'POST',
    path: '/api/v2/tipoOrden/:orderId/:typeId',
    summary: 'Cambia el tipo de orden',
    params: z.object({ orderId: zId, typeId: zId }),
    body: ordenes.zCambioTipo,
  }),
  cambiarArea: cambioDeOrden({
    metodo: 'POST',
    path: '/api/v2/area/:orderId/:areaId',
    summary: 'Cambia el área',
    params: z.object({ orderId: zId, areaId: zId }),
    body: ordenes.zCambioArea,
  }),
  responsablesDisponibles: rutaDeOrdenes({
    metodo: 'GET',
    path: '/api/v2/usuarios/:cliente',
    summary: 'Usuarios que pueden ser responsables (de un cliente o todos)',
    params: z.object({ cliente: z.union([z.literal('todos'), zId]) }),
    response: { 200: z.array(ordenes.zResponsableDisponible) },
  }),
  clientesUsados: rutaDeOrdenes({
    metodo: 'GET',
    path: '/api/v3/test/clientes-usados',
    summary: 'Clientes con órdenes visibles (para el filtro)',
    response: { 200: z.array(ordenes.zClienteUsado) },
  }),
  estados: rutaDeOrdenes({
    metodo: 'GET',
    path: '/api/v2/estados',
    summary: 'Estados y transiciones permitidas',
    response: { 200: z.array(zEstado) },
  }),
  prioridades: rutaDeOrdenes({
    metodo: 'GET',
    path: '/api/v2/prioridades',
    summary: 'Prioridades de la entidad',
    response: { 200: z.array(ordenes.zPrioridad) },
  }),

  registro: rutaDeRegistro({
    metodo: 'GET',
    path: '/api/v2/registro-gastos/:id',
    summary: 'Horas y gastos de la orden, con totales',
    params: zParamId,
    response: { 200: zRegistroOrden },
  }),
  guardarRegistro: rutaDeRegistro({
    metodo: 'PUT',
    path: '/api/v2/registro-gastos/:id',
    summary: 'Registra, corrige (con id) y borra horas y gastos de la orden; devuelve el registro',
    params: zParamId,
    body: zRegistroCambios,
    response: { 200: zRegistroOrden },
  }),
  horasReportadas: rutaDeRegistro({
    metodo: 'GET',
    path: '/api/v2/horas-reportadas',
    summary: 'Horas por usuario y por cliente entre dos días (solo administradores y propietario)',
    querystring: zHorasReportadasQuery,
    response: { 200: zHorasReportadas },
  }),

  archivos: rutaDeArchivos({
    metodo: 'GET',
    path: '/api/v2/archivos/:id',
    summary: 'Archivos de la orden',
    params: zParamId,
    response: { 200: z.array(zArchivo) },
  }),
  /** The body is multipart/form-data, or JSON `zArchivosCambios` to only remove: the handler parses it. */
  agregarArchivos: rutaDeArchivos({
    metodo: 'POST',
    path: '/api/v2/archivos/:id/add',
    summary: 'Adjunta archivos (multipart: campo "archivos") y quita los de "archivosBorrados"; devuelve la lista',
    description:
      'multipart/form-data: una parte "archivos" por archivo y, si corresponde, "archivosBorrados" con ids ("3,4" o "[3,4]"). ' +
      'Para solo quitar, también acepta JSON {"archivos": [], "archivosBorrados": [ids]}. ' +
      'Tipos: imágenes (JPG, PNG, WebP, GIF, HEIC), PDF, Office (docx, xlsx, pptx, doc, xls, ppt), TXT y CSV en UTF-8; ' +
      'el tipo real se lee de los bytes. Tamaño por archivo: MAX_FILE_MB (25 MB por defecto).',
    params: zParamId,
    forma: 'multipart',
    response: { 200: z.array(zArchivo) },
  }),
  descargarArchivo: rutaDeArchivos({
    metodo: 'GET',
    path: '/api/v2/archivos/:ordenId/descargar/:archivoId',
    summary: 'Descarga un archivo (admite Range; ?inline=1 para mostrarlo en el navegador)',
    params: zParamsArchivo,
    querystring: zDescargaQuery,
    forma: 'archivo',
  }),
  miniatura: rutaDeArchivos({
    metodo: 'GET',
    path: '/api/v2/archivos/:ordenId/miniatura/:archivoId',
    summary: 'Miniatura JPEG (320 px) de una imagen',
    params: zParamsArchivo,
    forma: 'archivo',
  }),
  zip: rutaDeArchivos({
    metodo: 'GET',
    path: '/api/v2/descargarZip/:id',
    summary: 'ZIP con todos los archivos de la orden (404 si no tiene)',
    params: zParamId,
    forma: 'archivo',
  }),

  reporte: rutaDeReportes({
    metodo: 'GET',
    path: '/api/v2/imprimirReporte/:id',
    summary: 'Reporte PDF de la orden; con ?eventos incluye el historial y con ?archivos la lista e imágenes',
    params: zParamId,
    querystring: zReporteQuery,
    forma: 'archivo',
  }),
  exportarOrdenes: rutaDeReportes({
    metodo: 'POST',
    path: '/api/v2/ordenes/exportar',
    summary: 'Excel (.xlsx) de todas las órdenes que seleccionan los filtros (sin paginar)',
    body: ordenes.zCuerpoFiltros,
    forma: 'archivo',
  }),
  exportarHorasReportadas: rutaDeReportes({
    metodo: 'GET',
    path: '/api/v2/horas-reportadas/exportar',
    summary: 'Excel de horas reportadas (solo administradores y propietario)',
    querystring: zHorasReportadasQuery,
    forma: 'archivo',
  }),
} as const;
