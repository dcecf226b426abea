export {
  activarPush,
  activarPushNativo,
  CLAVE_DISPOSITIVO,
  desregistrarDispositivo,
  leerDispositivo,
  registrarDispositivo,
  suscribirDispositivo,
  type DispositivoRegistrado,
} from './dispositivo';
export {
  aBase64Url,
  desdeBase64Url,
  permisoNotificaciones,
  registrarServiceWorker,
  RUTA_SERVICE_WORKER,
  soportaPush,
  tokenDeSuscripcion,
} from './navegador';
