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

const LoginPage = pantallaPerezosa(() => import('../features/auth/components/login-page'));
// Orders (issue 3): home is the order list.
const OrdenesListaPage = pantallaPerezosa(() => import('./composicion/ordenes-lista-page'));
const FiltrosPage = pantallaPerezosa(() => import('../features/orders/components/filtros-page'));
const NuevaOrdenPage = pantallaPerezosa(() => import('../features/orders/components/nueva-orden-page'));
const OrdenDetallePage = pantallaPerezosa(() => import('./composicion/orden-detalle-page'));
const CambioEstadoPage = pantallaPerezosa(() => import('./composicion/cambio-estado-page'));
const CambioResponsablePage = pantallaPerezosa(() => import('../features/orders/components/cambio-responsable-page'));
const ResponsablesMultiplesPage = pantallaPerezosa(
  () => import('../features/orders/components/responsables-multiples-page'),
);
const EdicionTituloPage = pantallaPerezosa(() => import('../features/orders/components/edicion-titulo-page'));
const EdicionDetallePage = pantallaPerezosa(() => import('../features/orders/components/edicion-detalle-page'));
const HistorialPage = pantallaPerezosa(() => import('./composicion/historial-page'));
// Administration (issue 4).
const UsuariosPage = pantallaPerezosa(() => import('../features/admin/users/components/usuarios-page'));
const UsuarioPage = pantallaPerezosa(() => import('../features/admin/users/components/usuario-page'));
// Import of users from a file (issue 36).
const ImportarUsuariosPage = pantallaPerezosa(
  () => import('../features/admin/users/components/importar-usuarios-page'),
);
const AsignarRolesPage = pantallaPerezosa(() => import('../features/admin/users/components/asignar-roles-page'));
const SupervisorPage = pantallaPerezosa(() => import('../features/admin/users/components/supervisor-page'));
const UsuariosPermisosPage = pantallaPerezosa(
  () => import('../features/admin/permissions/components/usuarios-permisos-page'),
);
const ClientesPage = pantallaPerezosa(() => import('../features/admin/clients/components/clientes-page'));
const ClientePage = pantallaPerezosa(() => import('../features/admin/clients/components/cliente-page'));
// Import of clients from a file (issue 36).
const ImportarClientesPage = pantallaPerezosa(
  () => import('../features/admin/clients/components/importar-clientes-page'),
);
const TiposOrdenPage = pantallaPerezosa(() => import('../features/admin/catalog/components/tipos-orden-page'));
const TipoOrdenPage = pantallaPerezosa(() => import('./composicion/tipo-orden-page'));
const AreasPage = pantallaPerezosa(() => import('../features/admin/catalog/components/areas-page'));
const AreaPage = pantallaPerezosa(() => import('../features/admin/catalog/components/area-page'));
const PerfilPage = pantallaPerezosa(() => import('../features/admin/profile/components/perfil-page'));
// Notifications (issue 6).
const NotificacionesPage = pantallaPerezosa(() => import('../features/notifications/components/notificaciones-page'));
// Files, hours and expenses, reports (issue 5).
const ArchivosPage = pantallaPerezosa(() => import('../features/files/components/archivos-page'));
const ImageModalPage = pantallaPerezosa(() => import('../features/files/components/image-modal-page'));
const RegistroHistorialPage = pantallaPerezosa(() => import('../features/expenses/components/registro-historial-page'));
const HistorialImprimirPage = pantallaPerezosa(() => import('../features/reports/components/historial-imprimir-page'));
const HorasReportadasPage = pantallaPerezosa(() => import('../features/reports/components/horas-reportadas-page'));
// Accounts (issue 12): the screens without login.
const RegistroUsuarioPage = pantallaPerezosa(() => import('../features/accounts/components/registro-usuario-page'));
const ConfirmacionPage = pantallaPerezosa(() => import('../features/accounts/components/confirmacion-page'));
const RecuperarPasswordPage = pantallaPerezosa(() => import('../features/accounts/components/recuperar-password-page'));
const PasswordResetPage = pantallaPerezosa(() => import('../features/accounts/components/password-reset-page'));
const TermsPage = pantallaPerezosa(() => import('../features/accounts/components/terms-page'));
// The client's side of an order (issue 16): billing data, and the public summary without login.
const DatosFacturacionPage = pantallaPerezosa(
  () => import('../features/client-side/components/datos-facturacion-page'),
);
const ResumenPublicoPage = pantallaPerezosa(() => import('../features/client-side/components/resumen-publico-page'));
// Surveys (issue 13).
const EnviarEncuestaPage = pantallaPerezosa(() => import('../features/surveys/components/enviar-encuesta-page'));
const EncuestaResultadoPage = pantallaPerezosa(() => import('../features/surveys/components/encuesta-resultado-page'));
const GraficoEncuestasPage = pantallaPerezosa(() => import('../features/surveys/components/grafico-encuestas-page'));
// Statistics (issue 14).
const EstadisticasPage = pantallaPerezosa(() => import('../features/statistics/components/estadisticas-page'));
const DashboardPage = pantallaPerezosa(() => import('../features/statistics/components/dashboard-page'));
const DemoraPage = pantallaPerezosa(() => import('../features/statistics/components/demora-page'));
const DemoraPorOrdenPage = pantallaPerezosa(() => import('../features/statistics/components/demora-por-orden-page'));
const DemorasUsuarioPage = pantallaPerezosa(() => import('../features/statistics/components/demoras-usuario-page'));
// Service-level compliance (issue 34), one of the statistics.
const CumplimientoSlaPage = pantallaPerezosa(() => import('../features/statistics/components/cumplimiento-sla-page'));
const DetalleGraficoOrdenesPage = pantallaPerezosa(
  () => import('../features/statistics/components/detalle-grafico-ordenes-page'),
);
// Plans and payments (issue 15).
const PlanesPage = pantallaPerezosa(() => import('../features/plans/components/planes-page'));
// Scheduled maintenance (issue 32).
const MantenimientoPage = pantallaPerezosa(() => import('../features/maintenance/components/mantenimiento-page'));
const MercadopagoTarjetaPage = pantallaPerezosa(() => import('../features/plans/components/mercadopago-tarjeta-page'));

// The calendar of everyone's workload (issue 32).
const CalendarioPage = pantallaPerezosa(() => import('../features/calendar/components/calendario-page'));
// Sites and equipment (issue 32).
const EquiposPage = pantallaPerezosa(() => import('../features/equipment/components/equipos-page'));
const EquipoPage = pantallaPerezosa(() => import('../features/equipment/components/equipo-page'));
const EquipoFormPage = pantallaPerezosa(() => import('../features/equipment/components/equipo-form-page'));
const ImportarEquiposPage = pantallaPerezosa(() => import('../features/equipment/components/importar-equipos-page'));
const UbicacionesPage = pantallaPerezosa(() => import('../features/equipment/components/ubicaciones-page'));
const UbicacionFormPage = pantallaPerezosa(() => import('../features/equipment/components/ubicacion-form-page'));
// A scanned label: the equipo or site with a session, the request form without one (issue 33).
const QrPage = pantallaPerezosa(() => import('./composicion/qr-page'));
// The business calendar of service levels (issue 34).
const HorarioPage = pantallaPerezosa(() => import('../features/sla/components/horario-page'));
// Its policies: targets of response and resolution per client, type and priority (issue 34).
const NivelesServicioPage = pantallaPerezosa(() => import('../features/sla/components/niveles-servicio-page'));
// The monthly report of a client, and its public page by the link's token (issue 34).
const InformeSlaPage = pantallaPerezosa(() => import('../features/sla/components/informe-sla-page'));
const InformeSlaPublicoPage = pantallaPerezosa(() => import('../features/sla/components/informe-sla-publico-page'));
// WhatsApp: the mode and the template of each kind of event (issue 35).
const WhatsappPage = pantallaPerezosa(() => import('../features/whatsapp/components/whatsapp-page'));
// Requests from outside the company (issue 33): the inbox and one request, and the public form by a
// client's link and its tracking page.
const SolicitudesPage = pantallaPerezosa(() => import('../features/solicitudes/components/solicitudes-page'));
const SolicitudPage = pantallaPerezosa(() => import('../features/solicitudes/components/solicitud-page'));
const SolicitudPublicaPage = pantallaPerezosa(
  () => import('../features/solicitudes/components/solicitud-publica-page'),
);
const SeguimientoSolicitudPage = pantallaPerezosa(() => import('../features/solicitudes/components/seguimiento-page'));
// A contractor's link (issue 33 part 2): the one order handed to them, without a session.
const ExternoPage = pantallaPerezosa(() => import('../features/externo-publico/components/externo-page'));

const conLogin = (path: string, pantalla?: Ruta['pantalla']): Ruta => ({ path, guardia: 'login', pantalla });
const soloAdmin = (path: string, pantalla?: Ruta['pantalla']): Ruta => ({ path, guardia: 'admin', pantalla });
const publica = (path: string, pantalla?: Ruta['pantalla']): Ruta => ({ path, guardia: 'public', pantalla });

export const RUTAS: readonly Ruta[] = [
  // Routes that require login.
  conLogin('home', OrdenesListaPage),
  conLogin('orderslistfilter', FiltrosPage),
  conLogin('cambio-estado', CambioEstadoPage),
  conLogin('archivos', ArchivosPage),
  conLogin('historial', HistorialPage),
  conLogin('registro-historial', RegistroHistorialPage),
  conLogin('edicion-detalle', EdicionDetallePage),
  conLogin('nueva-orden', NuevaOrdenPage),
  conLogin('usuarios', UsuariosPage),
  conLogin('clientes', ClientesPage),
  conLogin('cambio-responsable', CambioResponsablePage),
  conLogin('cliente', ClientePage),
  // Not in SPEC §2: importing clients from a CSV or XLSX (issue 36); the screen checks altaClientes.
  conLogin('clientes-importar', ImportarClientesPage),
  conLogin('usuario', UsuarioPage),
  // Not in SPEC §2: importing users from a CSV or XLSX (issue 36); the screen checks altaUsuarios.
  conLogin('usuarios-importar', ImportarUsuariosPage),
  conLogin('supervisor', SupervisorPage),
  conLogin('demora', DemoraPage),
  conLogin('estadisticas', EstadisticasPage),
  // Not in SPEC §2: service-level compliance (issue 34); the screen checks verEstadisticas.
  conLogin('cumplimiento-sla', CumplimientoSlaPage),
  // Not in SPEC §2: scheduled maintenance (issue 32); the screen checks crearOrden.
  conLogin('mantenimiento', MantenimientoPage),
  conLogin('datos-facturacion', DatosFacturacionPage),
  conLogin('asignar-roles', AsignarRolesPage),
  conLogin('historial-imprimir/:id', HistorialImprimirPage),
  conLogin('grafico-encuestas', GraficoEncuestasPage),
  conLogin('edicion-titulo', EdicionTituloPage),
  conLogin('demora-por-orden', DemoraPorOrdenPage),
  conLogin('demora-por-orden/:tipo', DemoraPorOrdenPage),
  conLogin('perfil', PerfilPage),
  conLogin('mercadopago-tarjeta', MercadopagoTarjetaPage),
  conLogin('tipos-orden', TiposOrdenPage),
  conLogin('tipo-orden', TipoOrdenPage),
  conLogin('dashboard', DashboardPage),
  conLogin('areas', AreasPage),
  conLogin('area', AreaPage),
  // Not in SPEC §2 (it lists no order detail route): the detail of one order, login required.
  conLogin('orden/:id', OrdenDetallePage),
  // Not in SPEC §2: the calendar of orders due and scheduled work (issue 32); what the list shows.
  conLogin('calendario', CalendarioPage),
  // Not in SPEC §2: sites and equipment (issue 32). Whoever sees a client's orders sees its
  // equipos; the forms and the import check altaClientes themselves.
  conLogin('equipos', EquiposPage),
  conLogin('equipos/:id', EquipoPage),
  conLogin('equipo-form', EquipoFormPage),
  conLogin('equipos-importar', ImportarEquiposPage),
  conLogin('ubicaciones', UbicacionesPage),
  conLogin('ubicacion-form', UbicacionFormPage),
  // Not in SPEC §2: the company's working hours and holidays (issue 34). Everyone reads them (the
  // deadlines count in them); the screen offers the changes to admins only.
  conLogin('horario', HorarioPage),
  // Not in SPEC §2: the service-level policies (issue 34); read like the calendar, changed by admins only.
  conLogin('sla', NivelesServicioPage),
  // The monthly report per client (issue 34): the screen asks for verEstadisticas itself.
  conLogin('sla/informe', InformeSlaPage),
  // Not in SPEC §2: the requests of the clients (issue 33); the screens check crearOrden, the server
  // lists only the clients the user may delegate orders for.
  conLogin('solicitudes', SolicitudesPage),
  conLogin('solicitudes/:id', SolicitudPage),
  // Routes with an additional restriction: admin or owner.
  soloAdmin('horas-reportadas', HorasReportadasPage),
  // Not in SPEC §2: WhatsApp's mode and templates (issue 35), the company's setup like the service levels.
  soloAdmin('whatsapp', WhatsappPage),
  // SPEC §6 keeps planes to admins: the screen itself says «Sin permiso» to the others (issue 36),
  // instead of the guard silently sending them home; the server refuses their calls anyway.
  conLogin('planes', PlanesPage),
  // Routes without a login requirement.
  publica('confirmacion/:k', ConfirmacionPage),
  publica('password-reset/:k', PasswordResetPage),
  publica('recuperar-password', RecuperarPasswordPage),
  publica('ordersummary/:id', ResumenPublicoPage),
  publica('informesla/:id', InformeSlaPublicoPage),
  // A scanned label (issues 32, 33): with a session it opens that equipo or site (the screen asks
  // the server, which says 404 for another company's); without one, the request form of its client.
  publica('q/:codigo', QrPage),
  // The request form of a client's link, and the tracking page of a request (issue 33).
  publica('solicitud/:k', SolicitudPublicaPage),
  publica('solicitud/seguimiento/:t', SeguimientoSolicitudPage),
  publica('externo/:k', ExternoPage),
  publica('login', LoginPage),
  publica('login/:success', LoginPage),
  publica('registro-usuario', RegistroUsuarioPage),
  publica('encuestas/:resultado', EncuestaResultadoPage),
  publica('enviar-encuesta', EnviarEncuestaPage),
  publica('terms', TermsPage),
  publica('detalle-grafico-ordenes', DetalleGraficoOrdenesPage),
  publica('notificaciones', NotificacionesPage),
  publica('responsables-multiples', ResponsablesMultiplesPage),
  publica('demoras-usuario', DemorasUsuarioPage),
  publica('image-modal', ImageModalPage),
  publica('usuarios-permisos', UsuariosPermisosPage),
];

/** The empty route and ordeneslist both redirect to home (SPEC §2). */
export const REDIRECCIONES: readonly { path: string; destino: string }[] = [
  { path: '', destino: 'home' },
  { path: 'ordeneslist', destino: 'home' },
];
