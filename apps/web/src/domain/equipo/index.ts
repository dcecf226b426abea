/**
 * Sites and equipment as several features see them (issue 32): their query keys and the lists the
 * order form's selects read. The equipment screens (features/equipment) and the order form
 * (features/orders) both build on it, so neither needs the other.
 */
export { equiposKeys, type FiltroEquipos } from './keys';
export { useEquiposDe, useUbicaciones, type EquiposDe } from './api';
export { CamposUbicacionEquipo } from './campos-ubicacion-equipo';
