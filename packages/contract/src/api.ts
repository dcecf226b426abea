/** Paths of the HTTP API and the live socket (SPEC §7), in one place for server and client. */
export const API = {
  login: '/api/v4/login',
  roles: '/api/v2/roles',
  permisos: '/api/v4/permisos',
  planEstado: '/api/v2/plan/estado',
  clientesCacheClean: '/api/v2/clientes/cache/clean',
  usuariosCacheClean: '/api/v2/usuarios/cache/clean',
  health: '/api/health',
  /** Readiness: 200 when the database answers, 503 with Retry-After when it does not. */
  healthReady: '/api/health/ready',
  socket: '/api/v2/delegoWS',
} as const;

/** Destinations of the live socket (SPEC §7 Live socket). */
export const TOPICOS = {
  usuario: (userId: number) => `/usuario/${userId}`,
  plan: (entidadId: number) => `/plan/entidad/${entidadId}`,
  entidad: (entidadId: number) => `/entidad/${entidadId}`,
  cacheClientes: (entidadId: number) => `/entidad/cache/clientes/${entidadId}`,
  cacheUsuarios: (entidadId: number) => `/entidad/cache/usuarios/${entidadId}`,
} as const;
