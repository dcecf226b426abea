import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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
  pantalla?: LazyExoticComponent<ComponentType>;
}

const LoginPage = lazy(() => import('../features/auth/components/login-page'));
// Orders (issue 3): home is the order list.
const OrdenesListaPage = lazy(() => import('../features/orders/components/ordenes-lista-page'));
const FiltrosPage = lazy(() => import('../features/orders/components/filtros-page'));
const NuevaOrdenPage = lazy(() => import('../features/orders/components/nueva-orden-page'));
const OrdenDetallePage = lazy(() => import('../features/orders/components/orden-detalle-page'));
const CambioEstadoPage = lazy(() => import('../features/orders/components/cambio-estado-page'));
const CambioResponsablePage = lazy(() => import('../features/orders/components/cambio-responsable-page'));
const ResponsablesMultiplesPage = lazy(() => import('../features/orders/components/responsables-multiples-page'));
const EdicionTituloPage = lazy(() => import('../features/orders/components/edicion-titulo-page'));
const EdicionDetallePage = lazy(() => import('../features/orders/components/edicion-detalle-page'));
const HistorialPage = lazy(() => import('../features/orders/components/historial-page'));
// Administration (issue 4).
const UsuariosPage = lazy(() => import('../features/admin/users/components/usuarios-page'));
const UsuarioPage = lazy(() => import('../features/admin/users/components/usuario-page'));
const AsignarRolesPage = lazy(() => import('../features/admin/users/components/asignar-roles-page'));
const SupervisorPage = lazy(() => import('../features/admin/users/components/supervisor-page'));
const UsuariosPermisosPage = lazy(() => import('../features/admin/permissions/components/usuarios-permisos-page'));
const ClientesPage = lazy(() => import('../features/admin/clients/components/clientes-page'));
const ClientePage = lazy(() => import('../features/admin/clients/components/cliente-page'));
const TiposOrdenPage = lazy(() => import('../features/admin/catalog/components/tipos-orden-page'));
const TipoOrdenPage = lazy(() => import('../features/admin/catalog/components/tipo-orden-page'));
const AreasPage = lazy(() => import('../features/admin/catalog/components/areas-page'));
const AreaPage = lazy(() => import('../features/admin/catalog/components/area-page'));
const PerfilPage = lazy(() => import('../features/admin/profile/components/perfil-page'));
// Notifications (issue 6).
const NotificacionesPage = lazy(() => import('../features/notifications/components/notificaciones-page'));
// Files, hours and expenses, reports (issue 5).
const ArchivosPage = lazy(() => import('../features/files/components/archivos-page'));
const ImageModalPage = lazy(() => import('../features/files/components/image-modal-page'));
const RegistroHistorialPage = lazy(() => import('../features/expenses/components/registro-historial-page'));
const HistorialImprimirPage = lazy(() => import('../features/reports/components/historial-imprimir-page'));
const HorasReportadasPage = lazy(() => import('../features/reports/components/horas-reportadas-page'));

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
  conLogin('usuario', UsuarioPage),
  conLogin('supervisor', SupervisorPage),
  conLogin('demora'),
  conLogin('estadisticas'),
  conLogin('datos-facturacion'),
  conLogin('asignar-roles', AsignarRolesPage),
  conLogin('historial-imprimir/:id', HistorialImprimirPage),
  conLogin('grafico-encuestas'),
  conLogin('edicion-titulo', EdicionTituloPage),
  conLogin('demora-por-orden'),
  conLogin('demora-por-orden/:tipo'),
  conLogin('perfil', PerfilPage),
  conLogin('mercadopago-tarjeta'),
  conLogin('tipos-orden', TiposOrdenPage),
  conLogin('tipo-orden', TipoOrdenPage),
  conLogin('dashboard'),
  conLogin('areas', AreasPage),
  conLogin('area', AreaPage),
  // Not in SPEC §2 (it lists no order detail route): the detail of one order, login required.
  conLogin('orden/:id', OrdenDetallePage),
  // Routes with an additional restriction: admin or owner.
  soloAdmin('horas-reportadas', HorasReportadasPage),
  soloAdmin('planes'),
  // Routes without a login requirement.
  publica('confirmacion/:k'),
  publica('password-reset/:k'),
  publica('recuperar-password'),
  publica('ordersummary/:id'),
  publica('login', LoginPage),
  publica('login/:success', LoginPage),
  publica('registro-usuario'),
  publica('encuestas/:resultado'),
  publica('enviar-encuesta'),
  publica('terms'),
  publica('detalle-grafico-ordenes'),
  publica('notificaciones', NotificacionesPage),
  publica('responsables-multiples', ResponsablesMultiplesPage),
  publica('demoras-usuario'),
  publica('image-modal', ImageModalPage),
  publica('usuarios-permisos', UsuariosPermisosPage),
];

/** The empty route and ordeneslist both redirect to home (SPEC §2). */
export const REDIRECCIONES: readonly { path: string; destino: string }[] = [
  { path: '', destino: 'home' },
  { path: 'ordeneslist', destino: 'home' },
];
