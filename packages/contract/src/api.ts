import { RUTAS, urlDe } from './rutas/index.js';

/*
 * The path helpers the code used before the route table (rutas/). They stay, derived from the
 * table, until nothing uses them; new code calls `urlDe(RUTAS.x, params)`.
 */

/** @deprecated Use `RUTAS.x.path` or `urlDe(RUTAS.x)`. */
export const API = {
  login: RUTAS.login.path,
  roles: RUTAS.roles.path,
  permisos: RUTAS.permisos.path,
  planEstado: RUTAS.planEstado.path,
  clientesCacheClean: RUTAS.clientesCacheClean.path,
  usuariosCacheClean: RUTAS.usuariosCacheClean.path,
  health: RUTAS.health.path,
  /** Readiness: 200 when the database answers, 503 with Retry-After when it does not. */
  healthReady: RUTAS.healthReady.path,
  socket: RUTAS.socket.path,
} as const;

/** @deprecated Use `urlDe(RUTAS.x, params)`. */
export const API_ADMIN = {
  usuarios: RUTAS.usuarios.path,
  usuario: (id: number) => urlDe(RUTAS.usuario, { id }),
  guardarUsuario: RUTAS.guardarUsuario.path,
  buscarUsuarios: (texto: string) => urlDe(RUTAS.buscarUsuarios, { texto }),
  permisosDeUsuario: (usuario: number) => urlDe(RUTAS.permisosDeUsuario, { usuario }),
  togglePermiso: (usuario: number) => urlDe(RUTAS.togglePermiso, { usuario }),
  quitarPermisosCliente: (usuario: number, cliente: number) => urlDe(RUTAS.quitarPermisosCliente, { usuario, cliente }),
  clientes: RUTAS.clientes.path,
  guardarCliente: RUTAS.guardarCliente.path,
  empresasAsignables: RUTAS.empresasAsignables.path,
  tiposOrden: RUTAS.tiposOrden.path,
  crearTipoOrden: RUTAS.crearTipoOrden.path,
  tipoOrden: (id: number) => urlDe(RUTAS.modificarTipoOrden, { id }),
  areas: RUTAS.areas.path,
  crearArea: RUTAS.crearArea.path,
  area: (id: number) => urlDe(RUTAS.modificarArea, { id }),
  e5sAreas: RUTAS.e5sAreas.path,
  e5sImportar: RUTAS.e5sImportar.path,
  perfil: RUTAS.actualizarPerfil.path,
  logo: RUTAS.logo.path,
} as const;

/** @deprecated Use `urlDe(RUTAS.x, params)`. */
export const API_ORDENES = {
  filtradas: RUTAS.ordenesFiltradas.path,
  filtradasSimple: RUTAS.ordenesFiltradasSimple.path,
  detalle: (id: number) => urlDe(RUTAS.ordenDetalle, { id }),
  orden: (id: number) => urlDe(RUTAS.ordenGuardada, { id }),
  guardar: RUTAS.guardarOrden.path,
  estado: (id: number) => urlDe(RUTAS.cambiarEstado, { id }),
  responsable: (id: number) => urlDe(RUTAS.cambiarResponsables, { id }),
  historial: (id: number) => urlDe(RUTAS.historial, { id }),
  detalleTexto: (id: number) => urlDe(RUTAS.cambiarDetalle, { id }),
  titulo: (id: number) => urlDe(RUTAS.cambiarTitulo, { id }),
  fecha: (id: number, kind: 'inicio' | 'fin') => urlDe(RUTAS.cambiarFecha, { id, kind }),
  tipo: (id: number, tipoId: number) => urlDe(RUTAS.cambiarTipo, { orderId: id, typeId: tipoId }),
  area: (id: number, areaId: number) => urlDe(RUTAS.cambiarArea, { orderId: id, areaId }),
  responsablesDisponibles: (cliente: number | 'todos') => urlDe(RUTAS.responsablesDisponibles, { cliente }),
  clientesUsados: RUTAS.clientesUsados.path,
  estados: RUTAS.estados.path,
  prioridades: RUTAS.prioridades.path,
} as const;

/** @deprecated Use `urlDe(RUTAS.x, params)`. */
export const API_REGISTRO = {
  registro: (ordenId: number) => urlDe(RUTAS.registro, { id: ordenId }),
  horasReportadas: RUTAS.horasReportadas.path,
  horasReportadasExportar: RUTAS.exportarHorasReportadas.path,
} as const;

/** @deprecated Use `urlDe(RUTAS.x, params, query)`. */
export const API_ARCHIVOS = {
  lista: (ordenId: number) => urlDe(RUTAS.archivos, { id: ordenId }),
  agregar: (ordenId: number) => urlDe(RUTAS.agregarArchivos, { id: ordenId }),
  descargar: (ordenId: number, archivoId: number) => urlDe(RUTAS.descargarArchivo, { ordenId, archivoId }),
  miniatura: (ordenId: number, archivoId: number) => urlDe(RUTAS.miniatura, { ordenId, archivoId }),
  zip: (ordenId: number) => urlDe(RUTAS.zip, { id: ordenId }),
  reporte: (ordenId: number, o: { eventos?: boolean; archivos?: boolean } = {}) =>
    urlDe(
      RUTAS.reporte,
      { id: ordenId },
      { eventos: o.eventos ? true : undefined, archivos: o.archivos ? true : undefined },
    ),
  exportarOrdenes: RUTAS.exportarOrdenes.path,
} as const;

/** @deprecated Use `urlDe(RUTAS.x, params)`. */
export const API_NOTIFICACIONES = {
  todas: RUTAS.notificaciones.path,
  leida: (id: number) => urlDe(RUTAS.notificacionLeida, { id }),
  registrar: (flag: boolean, deviceToken: string) =>
    urlDe(RUTAS.registrarDispositivo, { flag: flag ? 'true' : 'false', deviceToken }),
  vapid: RUTAS.vapid.path,
} as const;
