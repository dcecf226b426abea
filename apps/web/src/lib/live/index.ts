export { CanalEnVivo, type Manejador } from './canal-en-vivo';
export { destinosDe, manejadorDe, urlSocket, type Canal, type CanalDeSesion } from './destinos';
export {
  cerrarCanalesEnVivo,
  LiveProvider,
  useLiveConnection,
  useSuscripcionEnVivo,
  type ConfigEnVivo,
  type EstadoConexionEnVivo,
} from './live-provider';
