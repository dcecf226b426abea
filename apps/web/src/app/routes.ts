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
const HomePage = lazy(() => import('../features/home/home-page'));

const conLogin = (path: string, pantalla?: Ruta['pantalla']): Ruta => ({ path, guardia: 'login', pantalla });
const soloAdmin = (path: string): Ruta => ({ path, guardia: 'admin' });
const publica = (path: string, pantalla?: Ruta['pantalla']): Ruta => ({ path, guardia: 'public', pantalla });

export const RUTAS: readonly Ruta[] = [
  // Routes that require login.
  conLogin('home', HomePage),
  conLogin('orderslistfilter'),
  conLogin('cambio-estado'),
  conLogin('archivos'),
  conLogin('historial'),
  conLogin('registro-historial'),
  conLogin('edicion-detalle'),
  conLogin('nueva-orden'),
  conLogin('usuarios'),
  conLogin('clientes'),
  conLogin('cambio-responsable'),
  conLogin('cliente'),
  conLogin('usuario'),
  conLogin('supervisor'),
  conLogin('demora'),
  conLogin('estadisticas'),
  conLogin('datos-facturacion'),
  conLogin('asignar-roles'),
  conLogin('historial-imprimir/:id'),
  conLogin('grafico-encuestas'),
  conLogin('edicion-titulo'),
  conLogin('demora-por-orden'),
  conLogin('demora-por-orden/:tipo'),
  conLogin('perfil'),
  conLogin('mercadopago-tarjeta'),
  conLogin('tipos-orden'),
  conLogin('tipo-orden'),
  conLogin('dashboard'),
  conLogin('areas'),
  conLogin('area'),
  // Routes with an additional restriction: admin or owner.
  soloAdmin('horas-reportadas'),
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
  publica('notificaciones'),
  publica('responsables-multiples'),
  publica('demoras-usuario'),
  publica('image-modal'),
  publica('usuarios-permisos'),
];

/** The empty route and ordeneslist both redirect to home (SPEC §2). */
export const REDIRECCIONES: readonly { path: string; destino: string }[] = [
  { path: '', destino: 'home' },
  { path: 'ordeneslist', destino: 'home' },
];
