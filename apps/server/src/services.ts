import type { AccountsService } from './modules/accounts/accounts.service.js';
import type { AuthService } from './modules/auth/auth.service.js';
import type { CatalogService } from './modules/catalog/catalog.service.js';
import type { ClientSideService } from './modules/client-side/client-side.service.js';
import type { PuertoClientes } from './modules/clients/index.js';
import type { EntidadesService } from './modules/entidades/entidades.service.js';
import type { PuertoGastos } from './modules/expenses/index.js';
import type { PuertoIdempotencia } from './modules/idempotencia/index.js';
import type { PuertoArchivos } from './modules/files/index.js';
import type { MailService } from './modules/mail/mail.service.js';
import type { NotificationsService } from './modules/notifications/notifications.service.js';
import type { OrdersLecturasService } from './modules/orders/orders.lecturas.service.js';
import type { OrdersService } from './modules/orders/orders.service.js';
import type { PermissionsService } from './modules/permissions/permissions.service.js';
import type { PlansService } from './modules/plans/plans.service.js';
import type { ProfileService } from './modules/profile/profile.service.js';
import type { StatisticsService } from './modules/statistics/statistics.service.js';
import type { SurveysService } from './modules/surveys/surveys.service.js';
import type { SuscripcionesService } from './modules/plans/suscripciones.service.js';
import type { UsersService } from './modules/users/users.service.js';

/**
 * The services `buildApp` builds, as the route files see them. Apart from app.ts so that a route
 * file importing this type does not import the composition root (and everything it imports).
 */
export interface Services {
  auth: AuthService;
  users: UsersService;
  permissions: PermissionsService;
  plans: PlansService;
  clients: PuertoClientes;
  entidades: EntidadesService;
  orders: OrdersService;
  /** The reads of orders (list, detail, history, export). */
  ordersLecturas: OrdersLecturasService;
  catalog: CatalogService;
  profile: ProfileService;
  notifications: NotificationsService;
  files: PuertoArchivos;
  expenses: PuertoGastos;
  /** Statistics, delay reports, the scorecard per responsable and the dashboard. */
  statistics: StatisticsService;
  /** Sign-up, confirmation, recovery and invitations (the public calls). */
  accounts: AccountsService;
  /** The outbox and its worker. */
  mail: MailService;
  /** Surveys: sending, the public answer, results (issue 13). */
  surveys: SurveysService;
  /** The client's side of orders: public summary, share link, billing data (issue 16). */
  clientSide: ClientSideService;
  /** Idempotency keys of the changes the field app's outbox replays (issue 17). */
  idempotencia: PuertoIdempotencia;
  /** Plans and payments: catalogue, subscribing, webhooks, the lifecycle (issue 15). */
  suscripciones: SuscripcionesService;
}
