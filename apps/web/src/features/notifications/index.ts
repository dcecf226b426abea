export { notificacionesKeys } from './keys';
export { notificacionRecibida } from './model/en-vivo';
export { CampanaNotificaciones } from './components/campana-notificaciones';
export { NotificacionesGlobales } from './components/notificaciones-globales';
