import { z } from 'zod';
import * as admin from '../admin.js';
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
      querystring: admin.zListaEtiquetasQuery,
      response: { 200: z.array(admin.zEtiqueta) },
    }),
    crear: rutaDelCatalogo({
      metodo: 'POST',
      path: `/${base}`,
      summary: 'Crea: {nombre}; requiere altaEtiquetas',
      body: admin.zEtiquetaCrear,
      response: { 200: admin.zEtiqueta },
    }),
    modificar: rutaDelCatalogo({
      metodo: 'PUT',
      path: `/${base}/:id`,
      summary: 'Renombra {nombre}; archivado: false lo restaura, true lo archiva',
      params: zParamId,
      body: admin.zEtiquetaModificar,
      response: { 200: admin.zEtiqueta },
    }),
    borrar: rutaDelCatalogo({
      metodo: 'DELETE',
      path: `/${base}/:id`,
      summary: 'Elimina; si hay órdenes que lo usan, lo archiva y lo informa',
      params: zParamId,
      response: { 200: admin.zEtiquetaBorrada },
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
    response: { 200: z.array(admin.zUsuarioAdmin) },
  }),
  usuario: ruta({
    metodo: 'GET',
    path: '/api/v4/usuario/:id',
    tags: ['usuarios'],
    summary: 'Un usuario de la entidad',
    params: zParamId,
    response: { 200: admin.zUsuarioAdmin },
  }),
  guardarUsuario: ruta({
    metodo: 'POST',
    path: '/api/v4/usuario',
    tags: ['usuarios'],
    summary: 'Crea (sin id) o modifica (con id) un usuario {storeUser}',
    body: admin.zStoreUser,
    response: { 200: admin.zUsuarioAdmin },
  }),
  buscarUsuarios: ruta({
    metodo: 'GET',
    path: '/api/v4/buscar/:texto',
    tags: ['usuarios'],
    summary: 'Busca usuarios de la entidad por usuario, nombre, apellido o email',
    params: z.object({
      texto: z
        .string()
        .max(admin.LIMITES_ADMIN.buscar, `La búsqueda admite hasta ${admin.LIMITES_ADMIN.buscar} caracteres.`),
    }),
    response: { 200: z.array(admin.zUsuarioAdmin) },
  }),
  permisosDeUsuario: ruta({
    metodo: 'GET',
    path: '/api/v4/permisos/:usuario',
    tags: ['permisos'],
    summary: 'Permisos globales y por cliente de un usuario',
    params: zParamUsuario,
    response: { 200: admin.zPermisosDeUsuario },
  }),
  togglePermiso: ruta({
    metodo: 'POST',
    path: '/api/v4/permisos/toggle/:usuario',
    tags: ['permisos'],
    summary: 'Otorga (accion true) o quita (false) un permiso: por cliente con cliente = id, global con cliente = null',
    params: zParamUsuario,
    body: admin.zTogglePermiso,
    response: { 200: admin.zPermisosDeUsuario },
  }),
  quitarPermisosCliente: ruta({
    metodo: 'DELETE',
    path: '/api/v4/permisos/:usuario/:cliente',
    tags: ['permisos'],
    summary: 'Quita todos los permisos del usuario sobre el cliente',
    params: z.object({ usuario: zId, cliente: zId }),
    response: { 200: admin.zPermisosDeUsuario },
  }),

  clientes: ruta({
    metodo: 'GET',
    path: '/api/v4/clientes',
    tags: ['clientes'],
    summary: 'Clientes de la entidad (activos e inactivos)',
    response: { 200: z.array(admin.zCliente) },
  }),
  guardarCliente: ruta({
    metodo: 'POST',
    path: '/api/v2/cliente',
    tags: ['clientes'],
    summary: 'Crea (sin id) o modifica (con id) un cliente; requiere altaClientes',
    body: admin.zClienteGuardar,
    response: { 200: admin.zCliente },
  }),
  empresasAsignables: ruta({
    metodo: 'GET',
    path: '/api/v2/empresasAsignables',
    tags: ['clientes'],
    summary: 'Clientes activos para los que el usuario puede delegar órdenes',
    response: { 200: z.array(admin.zClienteAsignable) },
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
    response: { 200: z.array(admin.zE5sArea) },
  }),
  e5sImportar: ruta({
    metodo: 'POST',
    path: '/api/v2/e5s/areas/importar',
    tags: ['áreas'],
    summary: 'Reemplaza el catálogo E5S con un CSV {csv}: líneas "clave;nombre", cabecera opcional',
    body: admin.zE5sImportar,
    response: { 200: admin.zE5sImportado },
  }),

  actualizarPerfil: ruta({
    metodo: 'PUT',
    path: '/api/v2/profile',
    tags: ['perfil'],
    summary: 'Cambia nombre, apellido, email y, con la actual, la contraseña (MD5) del usuario',
    body: admin.zProfile,
    response: { 200: admin.zPerfil },
  }),
  cambiarUsuario: ruta({
    metodo: 'POST',
    path: '/api/v2/profile',
    tags: ['perfil'],
    summary: 'Cambia el nombre de usuario (login); rechazado si ya está en uso',
    body: admin.zCambioUsername,
    response: { 200: admin.zPerfil },
  }),
  logo: ruta({
    metodo: 'PUT',
    path: '/api/v3/entidad/logo',
    tags: ['entidad'],
    summary: 'Cambia el logo de la empresa (PNG, JPEG o WebP, hasta 2 MB); solo administradores',
    body: admin.zLogo,
    response: { 200: admin.zLogoGuardado },
  }),
  importarClientes: ruta({
    metodo: 'POST',
    path: '/api/v4/clientes/importar',
    tags: ['clientes'],
    summary:
      'Importa clientes de un CSV o XLSX (base64): con confirmar=false muestra el resultado de cada fila sin guardar; con confirmar=true guarda las válidas en una transacción',
    body: admin.zImportarPedido,
    response: { 200: admin.zImportarResultado },
  }),
  importarUsuarios: ruta({
    metodo: 'POST',
    path: '/api/v4/usuarios/importar',
    tags: ['usuarios'],
    summary:
      'Importa usuarios de un CSV o XLSX (base64) y los invita por correo: con confirmar=false muestra el resultado de cada fila sin guardar; con confirmar=true guarda las válidas en una transacción',
    body: admin.zImportarPedido,
    response: { 200: admin.zImportarResultado },
  }),
  primerosPasos: ruta({
    metodo: 'GET',
    path: '/api/v4/entidad/primeros-pasos',
    tags: ['entidad'],
    summary: 'Qué hizo ya la empresa: algún cliente, otro usuario, alguna orden (los primeros pasos de Inicio)',
    response: { 200: admin.zPrimerosPasos },
  }),
} as const;

/** The four calls of one label catalogue, whichever it is. */
export type RutasDeEtiquetas = ReturnType<typeof rutasEtiquetas<string>>;

/** The catalogue calls of each label class, for code that handles both the same way. */
export const RUTAS_ETIQUETAS: { readonly tipo: RutasDeEtiquetas; readonly area: RutasDeEtiquetas } = {
  tipo: tipos,
  area: areas,
};
