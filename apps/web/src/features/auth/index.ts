export { SessionContext, SessionProvider, useSession, type EstadoSesion } from './session-context';
export { logout, useLogout } from './logout';
export { rutaLogin, destinoSeguro, PARAM_VOLVER } from '../../lib/return-path';
export { refrescarSesion } from './api/refrescar-sesion';
