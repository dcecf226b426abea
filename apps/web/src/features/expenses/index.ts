/**
 * The hours and expenses feature's public face (issue 5): calendar days as the server counts them
 * (Argentina) and amounts as they read, for the reports.
 */
export { registroKeys } from './keys';
export { diaAR, esDiaValido, hoyAR, mesAnterior, mesDe, msDeDia, nombreMes, textoDia } from './model/dias';
export { formatoMonto } from './model/registro';
