/**
 * The client's conformity (issue 31): its section on the order detail (state, the signature on
 * site, «Firma del cliente»), the order types' setting and the keys live messages refresh.
 */
export { ConformidadDeOrden } from './components/conformidad-de-orden';
export { ConformidadDeTipo } from './components/conformidad-de-tipo';
export { conformidadKeys } from './keys';
export { useConformidad } from './api/get-conformidad';
export { conformidadFirmada } from './api/firmar-conformidad';
