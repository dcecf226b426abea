export {
  configurarBandeja,
  corregirCambio,
  descartarCambio,
  encolar,
  enviarOEncolar,
  esTransitorio,
  MENSAJE_SIN_CONEXION,
  leerBandeja,
  nuevaClave,
  ordenCreadaDe,
  procesarBandeja,
  quitarDanados,
  recargarBandeja,
  suscribirBandeja,
  type ConfigBandeja,
  type EstadoBandeja,
  type Resultado,
} from './bandeja';
export { BandejaLlenaError } from './almacen';
export { enviarCambio } from './enviar';
export {
  pendientesDe,
  pendientesDeAlta,
  pendientesDeOrden,
  usePendientes,
  usePendientesDeAlta,
  usePendientesDeOrden,
  usePendientesDeTipo,
} from './pendientes';
export { camposDeEnvio } from './tipos';
export type { Cambio, CuerpoChecklist, CuerpoChecklistFoto, NuevoCambio, TipoCambio } from './tipos';
export { claveDerivada, idsSubidos } from './claves';
