/** Surveys (issue 13): send from an order, answer without login, results charted. */
export { encuestasKeys } from './keys';
