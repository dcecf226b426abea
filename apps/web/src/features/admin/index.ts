/**
 * What other features use of the administration screens (issue 32: the equipment screens are
 * built like them): the screen with its permission check, the form's card and frame, the search
 * box and the import of a file with its preview.
 */
export { PantallaAdmin, CargaAdmin, BotonImportar, ListaVacia } from './shared/lista-admin';
export { PantallaFormularioDeRegistro } from './shared/pantalla-formulario';
export { RegistroNoEncontrado } from './shared/registro-no-encontrado';
export { FormularioAdmin } from './shared/formulario-admin';
export { accesoA, type RecursoAdmin } from './shared/recurso-admin';
export { useTienePermiso } from './shared/permiso-requerido';
export { BarraDeBusqueda } from './shared/buscador';
export { Tarjeta, FormularioSinDatos } from './shared/tarjeta';
export { Aviso, FalloDeAccion } from './shared/aviso';
export { plural } from './shared/nombres';
export { csvDeEjemplo, PantallaImportacion, type DescripcionImportacion } from './shared/importar-archivo';
export { useClientes } from './clients/api/get-clientes';
