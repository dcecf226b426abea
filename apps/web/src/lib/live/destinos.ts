import { API, TOPICOS, tienePermiso, type UsuarioLogueado } from '@delego/contract';

/** The kinds of live channel (SPEC §7 Live socket). */
export type Canal = 'usuario' | 'plan' | 'entidad' | 'cacheClientes' | 'cacheUsuarios';

export type UsuarioCanales = Pick<UsuarioLogueado, 'id' | 'entidadId' | 'permisosResumen'>;

/**
 * The destinations a user subscribes to. The server refuses (and closes the socket on) anything
 * else, so this must follow its rules exactly: the user's own notifications and the company's two
 * cache topics always; the plan and entity channels only with crearOrden (SPEC §6).
 */
export function destinosDe(usuario: UsuarioCanales): Partial<Record<Canal, string>> {
  const destinos: Partial<Record<Canal, string>> = {
    usuario: TOPICOS.usuario(usuario.id),
    cacheClientes: TOPICOS.cacheClientes(usuario.entidadId),
    cacheUsuarios: TOPICOS.cacheUsuarios(usuario.entidadId),
  };
  if (tienePermiso(usuario, 'crearOrden')) {
    destinos.plan = TOPICOS.plan(usuario.entidadId);
    destinos.entidad = TOPICOS.entidad(usuario.entidadId);
  }
  return destinos;
}

/** ws(s)://host/api/v2/delegoWS of the page's own origin (the server, or Vite's proxy in dev). */
export function urlSocket(ubicacion: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const protocolo = ubicacion.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocolo}//${ubicacion.host}${API.socket}`;
}
