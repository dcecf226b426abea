/**
 * What the web's first-stage screens (the light login and Inicio, issue 17) may take from the
 * contract: modules without Zod, so the first load stays small. Add only Zod-free modules here;
 * apps/web's budget test (app/presupuesto-carga.test.ts) fails when the first load grows.
 */
export * from './estados-tabla.js';
export * from './fechas.js';
