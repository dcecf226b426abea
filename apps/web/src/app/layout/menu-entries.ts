import { esAdmin, tienePermiso, type PermisoGlobal, type SujetoPermisos } from '@delego/contract';
import {
  barChartOutline,
  businessOutline,
  calendarOutline,
  fileTrayFullOutline,
  hardwareChipOutline,
  repeatOutline,
  speedometerOutline,
  homeOutline,
  layersOutline,
  logoWhatsapp,
  peopleOutline,
  personCircleOutline,
  pricetagsOutline,
  timeOutline,
} from 'ionicons/icons';

/** An entry of the side menu (SPEC §2 Side menu); 'Cerrar sesión' is not a route and is apart. */
export interface EntradaMenu {
  titulo: string;
  ruta: string;
  icono: string;
  permiso?: PermisoGlobal;
  /** Only for ADMIN and PROPIETARIO (a role, not a permission). */
  soloAdmin?: boolean;
}

export const ENTRADAS_MENU: readonly EntradaMenu[] = [
  { titulo: 'Inicio', ruta: 'home', icono: homeOutline },
  // Every user who sees the order list (issue 32): the calendar shows the same orders.
  { titulo: 'Calendario', ruta: 'calendario', icono: calendarOutline },
  // Issue 33: the clients' requests, for who may create orders (each sees those of the clients they
  // may delegate for), with the count of pending ones.
  { titulo: 'Solicitudes', ruta: 'solicitudes', icono: fileTrayFullOutline, permiso: 'crearOrden' },
  { titulo: 'Usuarios', ruta: 'usuarios', icono: peopleOutline, permiso: 'altaUsuarios' },
  { titulo: 'Clientes', ruta: 'clientes', icono: businessOutline, permiso: 'altaClientes' },
  // Issue 32: each person sees the equipos of the clients whose orders they see.
  { titulo: 'Equipos', ruta: 'equipos', icono: hardwareChipOutline },
  { titulo: 'Areas', ruta: 'areas', icono: layersOutline, permiso: 'altaEtiquetas' },
  { titulo: 'Tipos de Orden', ruta: 'tipos-orden', icono: pricetagsOutline, permiso: 'altaEtiquetas' },
  { titulo: 'Mantenimiento', ruta: 'mantenimiento', icono: repeatOutline, permiso: 'crearOrden' },
  { titulo: 'Estadísticas', ruta: 'estadisticas', icono: barChartOutline, permiso: 'verEstadisticas' },
  // Issue 34: everyone may read the calendar at /horario, only admins change it.
  { titulo: 'Horario y feriados', ruta: 'horario', icono: timeOutline, soloAdmin: true },
  // Issue 34: the service-level policies, beside the calendar they count in; the same audience.
  { titulo: 'Niveles de servicio', ruta: 'sla', icono: speedometerOutline, soloAdmin: true },
  // Issue 35: the mode and the templates of WhatsApp, the company's setup beside the service levels.
  { titulo: 'WhatsApp', ruta: 'whatsapp', icono: logoWhatsapp, soloAdmin: true },
  { titulo: 'Mi cuenta', ruta: 'perfil', icono: personCircleOutline },
];

export const TITULO_CERRAR_SESION = 'Cerrar sesión';

/**
 * The entries a user sees: those without a permission, and those whose permission they hold;
 * the admins' entries to admins only.
 */
export function entradasVisibles(usuario: Pick<SujetoPermisos, 'permisosResumen' | 'roles'>): EntradaMenu[] {
  return ENTRADAS_MENU.filter(
    (e) => (!e.permiso || tienePermiso(usuario, e.permiso)) && (!e.soloAdmin || esAdmin(usuario)),
  );
}

/** Up to two initials of the company name, for the avatar shown when there is no logo. */
export function iniciales(nombre: string): string {
  const palabras = nombre
    .split(/\s+/)
    .map((p) => p.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((p) => p.length > 1 || /\p{L}/u.test(p));
  const letras = palabras.slice(0, 2).map((p) => p.charAt(0).toLocaleUpperCase('es'));
  return letras.join('') || '?';
}
