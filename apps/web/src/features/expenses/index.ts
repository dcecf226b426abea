/**
 * The hours and expenses feature's public face (issue 5): calendar days (the company's, see
 * docs/FECHAS.md) and amounts as they read, for the reports.
 */
export { registroKeys } from './keys';
export { esDiaValido, mesAnterior, mesDe, nombreMes, textoDia } from './model/dias';
export { formatoMonto } from './model/registro';
export { IndicadorTemporizador } from './components/temporizador-orden';
