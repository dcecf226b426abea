import { RUTAS_ADMIN } from './admin.js';
import { RUTAS_CALENDARIO } from './calendar.js';
import { RUTAS_CHECKLISTS } from './checklists.js';
import { RUTAS_CLIENTE_PUBLICO } from './client-side.js';
import { RUTAS_CONFORMIDAD } from './conformity.js';
import { RUTAS_CUENTAS } from './accounts.js';
import { RUTAS_EQUIPOS } from './equipment.js';
import { RUTAS_MANTENIMIENTO } from './maintenance.js';
import { RUTAS_ESTADISTICAS } from './statistics.js';
import { RUTAS_ENCUESTAS } from './surveys.js';
import { RUTAS_ORDENES } from './orders.js';
import { RUTAS_PLANES } from './plans.js';
import { RUTAS_SISTEMA } from './sistema.js';
import { RUTAS_SLA } from './sla.js';
import { RUTAS_WHATSAPP } from './whatsapp.js';
import { RUTAS_SOLICITUDES } from './solicitudes.js';
import { RUTAS_EXTERNOS } from './externos.js';
import type { DefRuta } from './definir.js';

export * from './definir.js';
export { RUTAS_ETIQUETAS, type RutasDeEtiquetas } from './admin.js';
export { zDescargaQuery, zParamsArchivo } from './orders.js';

/**
 * The one route table of the API (SPEC §7): every HTTP route and the live socket, with its method,
 * path, schemas and OpenAPI text. The server registers each route from it (`registrar`), the web
 * builds each URL from it (`urlDe`), and a test compares it with the routes the server has.
 */
export const RUTAS = {
  ...RUTAS_SISTEMA,
  ...RUTAS_ORDENES,
  ...RUTAS_ADMIN,
  ...RUTAS_CUENTAS,
  ...RUTAS_CLIENTE_PUBLICO,
  ...RUTAS_CONFORMIDAD,
  ...RUTAS_ENCUESTAS,
  ...RUTAS_ESTADISTICAS,
  ...RUTAS_PLANES,
  ...RUTAS_CHECKLISTS,
  ...RUTAS_CALENDARIO,
  ...RUTAS_EQUIPOS,
  ...RUTAS_MANTENIMIENTO,
  ...RUTAS_SLA,
  ...RUTAS_WHATSAPP,
  ...RUTAS_SOLICITUDES,
  ...RUTAS_EXTERNOS,
} as const;

export type NombreRuta = keyof typeof RUTAS;

/** Every route of the table (an array, for code that walks them). */
export const TODAS_LAS_RUTAS: readonly DefRuta[] = Object.values(RUTAS);
