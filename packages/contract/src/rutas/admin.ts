import { z } from 'zod';
import {
  LIMITES_ADMIN,
  zCambioUsername,
  zCliente,
  zClienteAsignable,
  zClienteGuardar,
  zE5sArea,
  zE5sImportado,
  zE5sImportar,
  zEtiqueta,
  zEtiquetaBorrada,
  zEtiquetaCrear,
  zEtiquetaModificar,
  zListaEtiquetasQuery,
  zLogo,
  zLogoGuardado,
  zPerfil,
  zPrimerosPasos,
  zImportarPedido,
  zImportarResultado,
  zPermisosDeUsuario,
  zProfile,
  zStoreUser,
  zTogglePermiso,
  zUsuarioAdmin,
} from '../admin.js';
import { zId } from '../common.js';
import { ruta, rutaDeGrupo, zParamId } from './definir.js';

const zParamUsuario = z.object({ usuario: zId });

/** The four calls of a label catalogue (order types, areas): same shapes, two paths (`base` without its first /). */
function rutasEtiquetas<const B extends string>(base: B, tag: string, que: string) {
  const rutaDelCatalogo = rutaDeGrupo({ tags: [tag] });
  return {
    lista: rutaDelCatalogo({
      metodo: 'GET',
      path: `/${base}/all`,
      summary: `${que} de la entidad; con ?incluirArchivados=true también los archivados`,
      querystring: zListaEtiquetasQuery,
      response: { 200: z.array(zEtiqueta) },
    }),
    crear: rutaDelCatalogo({
      metodo: 'POST',
      path: `/${base}`,
      summary: 'Crea: {nombre}; requiere altaEtiquetas',
      body: zEtiquetaCrear,
      response: { 200: zEtiqueta },
    }),
    modificar: rutaDelCatalogo({
      metodo: 'PUT',
      path: `/${base}/:id`,
      summary: 'Renombra {nombre}; archivado: false lo restaura, true lo archiva',
      params: zParamId,
      body: zEtiquetaModificar,
      response: { 200: zEtiqueta },
    }),
    borrar: rutaDelCatalogo({
      metodo: 'DELETE',
      path: `/${base}/:id`,
      summary: 'Elimina; si hay órdenes que lo usan, lo archiva y lo informa',
      params: zParamId,
      response: { 200: zEtiquetaBorrada },
    }),
  };
}

const tipos = rutasEtiquetas('api/v2/tipoOrden', 'tipos de orden', 'Tipos de orden');
const areas = rutasEtiquetas('api/v3/areas', 'áreas', 'Áreas');

/** Users, permissions, clients, catalogues, the own profile and the company logo. */
export const RUTAS_ADMIN = {
  usuarios: ruta({
    metodo: 'GET',
    path: '/api/v2/usuarios',
    tags: ['usuarios'],
    summary: 'Usuarios de la entidad, activos e inactivos; requiere altaUsuarios',
    response: { 200: z.array(zUsuarioAdmin) },
  }),
  usuario: ruta({
    metodo: 'GET',
    path: '/api/v4/usuario/:id',
    tags: ['usuarios'],
    summary: 'Un usuario de la entidad',
    params: zParamId,
    response: { 200: zUsuarioAdmin },
  }),
  guardarUsuario: ruta({
    metodo: 'POST',
    path: '/api/v4/usuario',
    tags: ['usuarios'],
    summary: 'Crea (sin id) o modifica (con id) un usuario {storeUser}',
    body: zStoreUser,
    response: { 200: zUsuarioAdmin },
  }),
  buscarUsuarios: ruta({
    metodo: 'GET',
    path: '/api/v4/buscar/:texto',
    tags: ['usuarios'],
    summary: 'Busca usuarios de la entidad por usuario, nombre, apellido o email',
    params: z.object({
      texto: z.string().max(LIMITES_ADMIN.buscar, `La búsqueda admite hasta ${LIMITES_ADMIN.buscar} caracteres.`),
    }),
    response: { 200: z.array(zUsuarioAdmin) },
  }),
  permisosDeUsuario: ruta({
    metodo: 'GET',
    path: '/api/v4/permisos/:usuario',
    tags: ['permisos'],
    summary: 'Permisos globales y por cliente de un usuario',
    params: zParamUsuario,
    response: { 200: zPermisosDeUsuario },
  }),
  togglePermiso: ruta({
    metodo: 'POST',
    path: '/api/v4/permisos/toggle/:usuario',
    tags: ['permisos'],
    summary: 'Otorga (accion true) o quita (false) un permiso: por cliente con cliente = id, global con cliente = null',
    params: zParamUsuario,
    body: zTogglePermiso,
    response: { 200: zPermisosDeUsuario },
  }),
  quitarPermisosCliente: ruta({
    metodo: 'DELETE',
    path: '/api/v4/permisos/:usuario/:cliente',
    tags: ['permisos'],
    summary: 'Quita todos los permisos del usuario sobre el cliente',
    params: z.object({ usuario: zId, cliente: zId }),
    response: { 200: zPermisosDeUsuario },
  }),

  clientes: ruta({
    metodo: 'GET',
    path: '/api/v4/clientes',
    tags: ['clientes'],
    summary: 'Clientes de la entidad (activos e inactivos)',
    response: { 200: z.array(zCliente) },
  }),
  guardarCliente: ruta({
    metodo: 'POST',
    path: '/api/v2/cliente',
    tags: ['clientes'],
    summary: 'Crea (sin id) o modifica (con id) un cliente; requiere altaClientes',
    body: zClienteGuardar,
    response: { 200: zCliente },
  }),
  empresasAsignables: ruta({
    metodo: 'GET',
    path: '/api/v2/empresasAsignables',
    tags: ['clientes'],
    summary: 'Clientes activos para los que el usuario puede delegar órdenes',
    response: { 200: z.array(zClienteAsignable) },
  }),

  tiposOrden: tipos.lista,
  crearTipoOrden: tipos.crear,
  modificarTipoOrden: tipos.modificar,
  borrarTipoOrden: tipos.borrar,
  areas: areas.lista,
  crearArea: areas.crear,
  modificarArea: areas.modificar,
  borrarArea: areas.borrar,
  e5sAreas: ruta({
    metodo: 'GET',
    path: '/api/v2/e5s/areas',
    tags: ['áreas'],
    summary: 'Catálogo de áreas E5S de la entidad (clave y nombre)',
    response: { 200: z.array(zE5sArea) },
  }),
  e5sImportar: ruta({
    metodo: 'POST',
    path: '/api/v2/e5s/areas/importar',
    tags: ['áreas'],
    summary: 'Reemplaza el catálogo E5S con un CSV {csv}: líneas "clave;nombre", cabecera opcional',
    body: zE5sImportar,
    response: { 200: zE5sImportado },
  }),

  actualizarPerfil: ruta({
    metodo: 'PUT',
    path: '/api/v2/profile',
    tags: ['perfil'],
    summary: 'Cambia nombre, apellido, email y, con la actual, la contraseña (MD5) del usuario',
    body: zProfile,
    response: { 200: zPerfil },
  }),
  cambiarUsuario: ruta({
    metodo: 'POST',
    path: '/api/v2/profile',
    tags: ['perfil'],
    summary: 'Cambia el nombre de usuario (login); rechazado si ya está en uso',
    body: zCambioUsername,
    response: { 200: zPerfil },
  }),
  logo: ruta({
    metodo: 'PUT',
    path: '/api/v3/entidad/logo',
    tags: ['entidad'],
    summary: 'Cambia el logo de la empresa (PNG, JPEG o WebP, hasta 2 MB); solo administradores',
    body: zLogo,
    response: { 200: zLogoGuardado },
  }),
  importarClientes: ruta({
    metodo: 'POST',
    path: '/api/v4/clientes/importar',
    tags: ['clientes'],
    summary:
      'Importa clientes de un CSV o XLSX (base64): con confirmar=false muestra el resultado de cada fila sin guardar; con confirmar=true guarda las válidas en una transacción',
    body: zImportarPedido,
    response: { 200: zImportarResultado },
  }),
  importarUsuarios: ruta({
    metodo: 'POST',
    path: '/api/v4/usuarios/importar',
    tags: ['usuarios'],
    summary:
      'Importa usuarios de un CSV o XLSX (base64) y los invita por correo: con confirmar=false muestra el resultado de cada fila sin guardar; con confirmar=true guarda las válidas en una transacción',
    body: zImportarPedido,
    response: { 200: zImportarResultado },
  }),
  primerosPasos: ruta({
    metodo: 'GET',
    path: '/api/v4/entidad/primeros-pasos',
    tags: ['entidad'],
    summary: 'Qué hizo ya la empresa: algún cliente, otro usuario, alguna orden (los primeros pasos de Inicio)',
    response: { 200: zPrimerosPasos },
  }),
} as const;

/** The four calls of one label catalogue, whichever it is. */
export type RutasDeEtiquetas = ReturnType<typeof rutasEtiquetas<string>>;

/** The catalogue calls of each label class, for code that handles both the same way. */
export const RUTAS_ETIQUETAS: { readonly tipo: RutasDeEtiquetas; readonly area: RutasDeEtiquetas } = {
  tipo: tipos,
  area: areas,
};
