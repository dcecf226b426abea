/**
 * The files feature's public face (issue 5): what the order's other paperwork screens (hours and
 * expenses, reports) use: the order's files and their upload and the order header. Their screen
 * states come from components/estados-pantalla.
 */
export { archivosKeys } from './keys';
export { archivosQueryOptions, useArchivos } from './api/get-archivos';
export { getContenido } from './api/descargar-archivo';
export { useOrden } from './api/get-orden';
export { useSubidas, type Subida } from './hooks/use-subidas';
export { ColaSubidas } from './components/cola-subidas';
export { leerId, useConsultaDeRuta } from '../../lib/consulta-de-ruta';
export { useObjectUrl } from './hooks/use-object-url';
export { formatoTamanio, problemaDeArchivo } from './model/archivos';
export { CabeceraOrden } from './components/cabecera-orden';
export { useAdjuntos, type Adjuntos } from './hooks/use-adjuntos';
export { CampoAdjuntos } from './components/campo-adjuntos';
export { EntradaArchivos, QUE_SE_ADJUNTA } from './components/entrada-archivos';
export { adjuntarAOrden, type ResultadoAdjuntos } from './api/adjuntar-a-orden';
export { IconoArchivo, Miniatura } from './components/miniatura';
