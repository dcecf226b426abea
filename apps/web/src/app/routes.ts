import type { ComponentType } from 'react';
import { pantallaPerezosa } from './pantalla-perezosa';

/**
 * Every route of SPEC §2, in one table. A route's guard is checked first (`resolveGuard`);
 * a route whose screen is not built yet has no `pantalla` and shows the 404 page.
 */

/** 'login': logged in; 'admin': logged in as ADMIN or PROPIETARIO; 'public': anyone. */
export type Guardia = 'login' | 'admin' | 'public';

export interface Ruta {
  /** Path relative to the root, without the leading slash, as SPEC §2 writes it. */
  path: string;
  guardia: Guardia;
  /** Loaded on first use; see `pantallaPerezosa`. */
  pantalla?: ComponentType;
}

/** The dynamic import of a screen's module: its code loads when the route is first shown. */
type CargarPantalla = Parameters<typeof pantallaPerezosa>[0];

/**
 * The routes of a guard. A screen shown under several paths (login and login/:success) is one
 * screen for all of them, as Ionic needs to keep one view while the address moves between them.
 */
const rutas =
  (guardia: Guardia) =>
  (paths: string | readonly string[], cargar: CargarPantalla): Ruta[] => {
    const pantalla = pantallaPerezosa(cargar);
    return [paths].flat().map((path) => ({ path, guardia, pantalla }));
  };
const conLogin = rutas('login');
const soloAdmin = rutas('admin');
const publica = rutas('public');

/**
 * The screens by issue: orders (3; home is the order list), administration (4), files, hours and
 * expenses, reports (5), notifications (6), accounts (12: the screens without login), surveys (13),
 * statistics (14), plans and payments (15), the client's side of an order (16: billing data, and
 * the public summary without login); the later ones say theirs beside them.
 */
export const RUTAS: readonly Ruta[] = [
  // Routes that require login.
  conLogin('home', () => import('./composicion/ordenes-lista-page')),
  conLogin('orderslistfilter', () => import('../features/orders/components/filtros-page')),
  conLogin('cambio-estado', () => import('./composicion/cambio-estado-page')),
  conLogin('archivos', () => import('../features/files/components/archivos-page')),
  conLogin('historial', () => import('./composicion/historial-page')),
  conLogin('registro-historial', () => import('../features/expenses/components/registro-historial-page')),
  conLogin('edicion-detalle', () => import('../features/orders/components/edicion-detalle-page')),
  conLogin('nueva-orden', () => import('../features/orders/components/nueva-orden-page')),
  conLogin('usuarios', () => import('../features/admin/users/components/usuarios-page')),
  conLogin('clientes', () => import('../features/admin/clients/components/clientes-page')),
  conLogin('cambio-responsable', () => import('../features/orders/components/cambio-responsable-page')),
  conLogin('cliente', () => import('../features/admin/clients/components/cliente-page')),
  // Not in SPEC §2: importing clients from a CSV or XLSX (issue 36); the screen checks altaClientes.
  conLogin('clientes-importar', () => import('../features/admin/clients/components/importar-clientes-page')),
  conLogin('usuario', () => import('../features/admin/users/components/usuario-page')),
  // Not in SPEC §2: importing users from a CSV or XLSX (issue 36); the screen checks altaUsuarios.
  conLogin('usuarios-importar', () => import('../features/admin/users/components/importar-usuarios-page')),
  conLogin('supervisor', () => import('../features/admin/users/components/supervisor-page')),
  conLogin('demora', () => import('../features/statistics/components/demora-page')),
  conLogin('estadisticas', () => import('../features/statistics/components/estadisticas-page')),
  // Not in SPEC §2: service-level compliance (issue 34); the screen checks verEstadisticas.
  conLogin('cumplimiento-sla', () => import('../features/statistics/components/cumplimiento-sla-page')),
  // Not in SPEC §2: scheduled maintenance (issue 32); the screen checks crearOrden.
  conLogin('mantenimiento', () => import('../features/maintenance/components/mantenimiento-page')),
  conLogin('datos-facturacion', () => import('../features/client-side/components/datos-facturacion-page')),
  conLogin('asignar-roles', () => import('../features/admin/users/components/asignar-roles-page')),
  conLogin('historial-imprimir/:id', () => import('../features/reports/components/historial-imprimir-page')),
  conLogin('grafico-encuestas', () => import('../features/surveys/components/grafico-encuestas-page')),
  conLogin('edicion-titulo', () => import('../features/orders/components/edicion-titulo-page')),
  conLogin(
    ['demora-por-orden', 'demora-por-orden/:tipo'],
    () => import('../features/statistics/components/demora-por-orden-page'),
  ),
  conLogin('perfil', () => import('../features/admin/profile/components/perfil-page')),
  conLogin('mercadopago-tarjeta', () => import('../features/plans/components/mercadopago-tarjeta-page')),
  conLogin('tipos-orden', () => import('../features/admin/catalog/components/tipos-orden-page')),
  conLogin('tipo-orden', () => import('./composicion/tipo-orden-page')),
  conLogin('dashboard', () => import('../features/statistics/components/dashboard-page')),
  conLogin('areas', () => import('../features/admin/catalog/components/areas-page')),
  conLogin('area', () => import('../features/admin/catalog/components/area-page')),
  // Not in SPEC §2 (it lists no order detail route): the detail of one order, login required.
  conLogin('orden/:id', () => import('./composicion/orden-detalle-page')),
  // Not in SPEC §2: the calendar of orders due and scheduled work (issue 32); what the list shows.
  conLogin('calendario', () => import('../features/calendar/components/calendario-page')),
  // Not in SPEC §2: sites and equipment (issue 32). Whoever sees a client's orders sees its
  // equipos; the forms and the import check altaClientes themselves.
  conLogin('equipos', () => import('../features/equipment/components/equipos-page')),
  conLogin('equipos/:id', () => import('../features/equipment/components/equipo-page')),
  conLogin('equipo-form', () => import('../features/equipment/components/equipo-form-page')),
  conLogin('equipos-importar', () => import('../features/equipment/components/importar-equipos-page')),
  conLogin('ubicaciones', () => import('../features/equipment/components/ubicaciones-page')),
  conLogin('ubicacion-form', () => import('../features/equipment/components/ubicacion-form-page')),
  // Not in SPEC §2: the company's working hours and holidays (issue 34). Everyone reads them (the
  // deadlines count in them); the screen offers the changes to admins only.
  conLogin('horario', () => import('../features/sla/components/horario-page')),
  // Not in SPEC §2: the service-level policies (issue 34), targets of response and resolution per client,
  // type and priority; read like the calendar, changed by admins only.
  conLogin('sla', () => import('../features/sla/components/niveles-servicio-page')),
  // The monthly report per client (issue 34): the screen asks for verEstadisticas itself.
  conLogin('sla/informe', () => import('../features/sla/components/informe-sla-page')),
  // Not in SPEC §2: the requests of the clients (issue 33); the screens check crearOrden, the server
  // lists only the clients the user may delegate orders for.
  conLogin('solicitudes', () => import('../features/solicitudes/components/solicitudes-page')),
  conLogin('solicitudes/:id', () => import('../features/solicitudes/components/solicitud-page')),
  // Routes with an additional restriction: admin or owner.
  soloAdmin('horas-reportadas', () => import('../features/reports/components/horas-reportadas-page')),
  // Not in SPEC §2: WhatsApp's mode and templates (issue 35), the company's setup like the service levels.
  soloAdmin('whatsapp', () => import('../features/whatsapp/components/whatsapp-page')),
  // SPEC §6 keeps planes to admins: the screen itself says «Sin permiso» to the others (issue 36),
  // instead of the guard silently sending them home; the server refuses their calls anyway.
  conLogin('planes', () => import('../features/plans/components/planes-page')),
  // Routes without a login requirement.
  publica('confirmacion/:k', () => import('../features/accounts/components/confirmacion-page')),
  publica('password-reset/:k', () => import('../features/accounts/components/password-reset-page')),
  publica('recuperar-password', () => import('../features/accounts/components/recuperar-password-page')),
  publica('ordersummary/:id', () => import('../features/client-side/components/resumen-publico-page')),
  // The public page of a client's monthly report, by the link's token (issue 34).
  publica('informesla/:id', () => import('../features/sla/components/informe-sla-publico-page')),
  // A scanned label (issues 32, 33): with a session it opens that equipo or site (the screen asks
  // the server, which says 404 for another company's); without one, the request form of its client.
  publica('q/:codigo', () => import('./composicion/qr-page')),
  // The request form of a client's link, and the tracking page of a request (issue 33).
  publica('solicitud/:k', () => import('../features/solicitudes/components/solicitud-publica-page')),
  publica('solicitud/seguimiento/:t', () => import('../features/solicitudes/components/seguimiento-page')),
  // A contractor's link (issue 33 part 2): the one order handed to them, without a session.
  publica('externo/:k', () => import('../features/externo-publico/components/externo-page')),
  publica(['login', 'login/:success'], () => import('../features/auth/components/login-page')),
  publica('registro-usuario', () => import('../features/accounts/components/registro-usuario-page')),
  publica('encuestas/:resultado', () => import('../features/surveys/components/encuesta-resultado-page')),
  publica('enviar-encuesta', () => import('../features/surveys/components/enviar-encuesta-page')),
  publica('terms', () => import('../features/accounts/components/terms-page')),
  publica('detalle-grafico-ordenes', () => import('../features/statistics/components/detalle-grafico-ordenes-page')),
  publica('notificaciones', () => import('../features/notifications/components/notificaciones-page')),
  publica('responsables-multiples', () => import('../features/orders/components/responsables-multiples-page')),
  publica('demoras-usuario', () => import('../features/statistics/components/demoras-usuario-page')),
  publica('image-modal', () => import('../features/files/components/image-modal-page')),
  publica('usuarios-permisos', () => import('../features/admin/permissions/components/usuarios-permisos-page')),
].flat();

/** The empty route and ordeneslist both redirect to home (SPEC §2). */
export const REDIRECCIONES: readonly { path: string; destino: string }[] = [
  { path: '', destino: 'home' },
  { path: 'ordeneslist', destino: 'home' },
];
