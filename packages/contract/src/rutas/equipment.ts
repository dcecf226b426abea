import { z } from 'zod';
import { zImportarResultado } from '../admin.js';
import * as eq from '../equipment.js';
import { zArchivo } from '../files.js';
import { rutaDeGrupo, zOk, zParamId } from './definir.js';
import { zDescargaQuery } from './orders.js';

const rutaDeEquipos = rutaDeGrupo({ tags: ['equipos'] });

const ESCRIBIR = 'Requiere altaClientes (o ser administrador).';
const LEER = 'Lo ve quien ve las órdenes de ese cliente (administradores: todos).';

/**
 * Sites and equipment of the clients (issue 32; docs/EQUIPOS.md): CRUD, files, import, the PDF
 * of QR labels, a scanned QR and the history of an equipo. Another company's row or code is a 404.
 */
export const RUTAS_EQUIPOS = {
  ubicaciones: rutaDeEquipos({
    metodo: 'GET',
    path: '/api/v4/ubicaciones',
    summary: `Ubicaciones (sitios) de los clientes, por cliente y texto (nombre, código, dirección; hasta 500). ${LEER}`,
    querystring: eq.zUbicacionesQuery,
    response: { 200: z.array(eq.zUbicacionCliente) },
  }),
  crearUbicacion: rutaDeEquipos({
    metodo: 'POST',
    path: '/api/v4/ubicaciones',
    summary: `Crea una ubicación de un cliente (el código, único en el cliente). ${ESCRIBIR}`,
    body: eq.zUbicacionGuardar,
    response: { 200: eq.zUbicacionCliente },
  }),
  ubicacion: rutaDeEquipos({
    metodo: 'GET',
    path: '/api/v4/ubicaciones/:id',
    summary: `Una ubicación. ${LEER}`,
    params: zParamId,
    response: { 200: eq.zUbicacionCliente },
  }),
  guardarUbicacion: rutaDeEquipos({
    metodo: 'PUT',
    path: '/api/v4/ubicaciones/:id',
    summary: `Modifica una ubicación (todos los campos). Cambiar el cliente solo si no tiene equipos ni órdenes. ${ESCRIBIR}`,
    params: zParamId,
    body: eq.zUbicacionGuardar,
    response: { 200: eq.zUbicacionCliente },
  }),
  borrarUbicacion: rutaDeEquipos({
    metodo: 'DELETE',
    path: '/api/v4/ubicaciones/:id',
    summary: `Borra una ubicación; 409 si tiene equipos u órdenes. ${ESCRIBIR}`,
    params: zParamId,
    response: { 200: zOk },
  }),

  equipos: rutaDeEquipos({
    metodo: 'GET',
    path: '/api/v4/equipos',
    summary: `Equipos paginados, por cliente, ubicación y texto (nombre, código, marca, modelo, serie; sin acentos). ${LEER}`,
    querystring: eq.zEquiposQuery,
    response: { 200: eq.zPaginaEquipos },
  }),
  crearEquipo: rutaDeEquipos({
    metodo: 'POST',
    path: '/api/v4/equipos',
    summary: `Crea un equipo (código único en la empresa; la ubicación, del mismo cliente). ${ESCRIBIR}`,
    body: eq.zEquipoGuardar,
    response: { 200: eq.zEquipo },
  }),
  importarEquipos: rutaDeEquipos({
    metodo: 'POST',
    path: '/api/v4/equipos/importar',
    summary:
      'Importa equipos de un CSV o XLSX (base64; hasta 2 MB y 2.000 filas): sin confirmar muestra cada fila con sus errores; con confirmar=true guarda todas o ninguna (409 con la lista si alguna falla). ' +
      ESCRIBIR,
    body: eq.zImportarEquipos,
    response: { 200: zImportarResultado },
  }),
  etiquetasEquipos: rutaDeEquipos({
    metodo: 'POST',
    path: '/api/v4/equipos/etiquetas',
    summary: `PDF A4 de etiquetas (3 × 8 por hoja) con el QR, el nombre y el código de cada equipo pedido. ${LEER}`,
    body: eq.zEtiquetasPedido,
    forma: 'archivo',
  }),
  equipo: rutaDeEquipos({
    metodo: 'GET',
    path: '/api/v4/equipos/:id',
    summary: `Un equipo. ${LEER}`,
    params: zParamId,
    response: { 200: eq.zEquipo },
  }),
  guardarEquipo: rutaDeEquipos({
    metodo: 'PUT',
    path: '/api/v4/equipos/:id',
    summary: `Modifica un equipo (todos los campos); cambiar el cliente solo si no tiene órdenes. ${ESCRIBIR}`,
    params: zParamId,
    body: eq.zEquipoGuardar,
    response: { 200: eq.zEquipo },
  }),
  borrarEquipo: rutaDeEquipos({
    metodo: 'DELETE',
    path: '/api/v4/equipos/:id',
    summary: `Borra un equipo y sus archivos; 409 si alguna orden lo nombra. ${ESCRIBIR}`,
    params: zParamId,
    response: { 200: zOk },
  }),
  historialEquipo: rutaDeEquipos({
    metodo: 'GET',
    path: '/api/v4/equipos/:id/ordenes',
    summary: `Todas las órdenes del equipo (recientes primero, paginadas) con los totales de horas y gastos de todas. ${LEER}`,
    params: zParamId,
    querystring: eq.zHistorialQuery,
    response: { 200: eq.zHistorialEquipo },
  }),
  archivosEquipo: rutaDeEquipos({
    metodo: 'GET',
    path: '/api/v4/equipos/:id/archivos',
    summary: `Fotos y archivos del equipo. ${LEER}`,
    params: zParamId,
    response: { 200: z.array(zArchivo) },
  }),
  agregarArchivosEquipo: rutaDeEquipos({
    metodo: 'POST',
    path: '/api/v4/equipos/:id/archivos',
    summary: `Adjunta fotos y archivos al equipo (multipart: una parte "archivos" por archivo); devuelve la lista. ${ESCRIBIR}`,
    description:
      'Los mismos tipos, nombres y tamaño que los archivos de una orden: imágenes, PDF, Office, TXT y CSV; el tipo real se lee de los bytes.',
    params: zParamId,
    forma: 'multipart',
    response: { 200: z.array(zArchivo) },
  }),
  descargarArchivoEquipo: rutaDeEquipos({
    metodo: 'GET',
    path: '/api/v4/equipos/:id/archivos/:archivoId',
    summary: `Descarga un archivo del equipo (admite Range; ?inline=1 para mostrarlo en el navegador). ${LEER}`,
    params: eq.zParamsArchivoEquipo,
    querystring: zDescargaQuery,
    forma: 'archivo',
  }),
  miniaturaArchivoEquipo: rutaDeEquipos({
    metodo: 'GET',
    path: '/api/v4/equipos/:id/archivos/:archivoId/miniatura',
    summary: `Miniatura JPEG (320 px) de una foto del equipo. ${LEER}`,
    params: eq.zParamsArchivoEquipo,
    forma: 'archivo',
  }),
  borrarArchivoEquipo: rutaDeEquipos({
    metodo: 'DELETE',
    path: '/api/v4/equipos/:id/archivos/:archivoId',
    summary: `Quita un archivo del equipo; devuelve la lista. ${ESCRIBIR}`,
    params: eq.zParamsArchivoEquipo,
    response: { 200: z.array(zArchivo) },
  }),
  resolverQr: rutaDeEquipos({
    metodo: 'GET',
    path: '/api/v4/qr/:codigo',
    summary:
      'Qué es un código QR escaneado: {tipo: equipo | ubicacion, id}. Un código de otra empresa es 404, igual que uno que no existe',
    params: eq.zParamQr,
    response: { 200: eq.zQrResuelto },
  }),
} as const;
