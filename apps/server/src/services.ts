import type { PuertoCuentas } from './modules/accounts/index.js';
import type { PuertoEstadisticas } from './modules/statistics/index.js';
import type { PuertoLadoCliente } from './modules/client-side/index.js';
import type { PuertoClientes } from './modules/clients/index.js';
import type { EntidadesService } from './modules/entidades/entidades.service.js';
import type { ExpensesService } from './modules/expenses/expenses.service.js';
import type { IdempotenciaService } from './modules/idempotencia/idempotencia.service.js';
import type { FilesService } from './modules/files/files.service.js';
import type { PuertoCorreo } from './modules/mail/index.js';
import type { PuertoNotificaciones } from './modules/notifications/index.js';
import type { OrdersLecturasService } from './modules/orders/orders.lecturas.service.js';
import type { OrdersService } from './modules/orders/orders.service.js';
import type { PuertoIdentidad } from './modules/identity/index.js';
import type { PlansService } from './modules/plans/plans.service.js';
import type { ReportsService } from './modules/reports/reports.service.js';
import type { PuertoEncuestas } from './modules/surveys/index.js';
import type { SuscripcionesService } from './modules/plans/suscripciones.service.js';

/**
 * The services `buildApp` builds, as the route files see them. Apart from app.ts so that a route
 * file importing this type does not import the composition root (and everything it imports).
 */
export interface Services {
  /** auth, users and permissions: identity's port, until the bag goes. */
  auth: PuertoIdentidad;
  users: PuertoIdentidad;
  permissions: PuertoIdentidad;
  plans: PlansService;
  clients: PuertoClientes;
  entidades: EntidadesService;
  orders: OrdersService;
  /** The reads of orders (list, detail, history, export). */
  ordersLecturas: OrdersLecturasService;
  notifications: PuertoNotificaciones;
  files: FilesService;
  expenses: ExpensesService;
  reports: ReportsService;
  /** Statistics, delay reports, the scorecard per responsable and the dashboard. */
  statistics: PuertoEstadisticas;
  /** Sign-up, confirmation, recovery and invitations (the public calls). */
  accounts: PuertoCuentas;
  /** The outbox and its worker. */
  mail: PuertoCorreo;
  /** Surveys: sending, the public answer, results (issue 13). */
  surveys: PuertoEncuestas;
  /** The client's side of orders: public summary, share link, billing data (issue 16). */
  clientSide: PuertoLadoCliente;
  /** Idempotency keys of the changes the field app's outbox replays (issue 17). */
  idempotencia: IdempotenciaService;
  /** Plans and payments: catalogue, subscribing, webhooks, the lifecycle (issue 15). */
  suscripciones: SuscripcionesService;
}
