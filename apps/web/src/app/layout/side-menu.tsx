import {
  CONSTANTES,
  puedeCrearOrden,
  type PlanEstado,
  type ProyeccionCupo,
  type UsuarioLogueado,
} from '@delego/contract';
import {
  IonBadge,
  IonContent,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonMenu,
  IonMenuToggle,
  useIonRouter,
} from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { logOutOutline } from 'ionicons/icons';
import type { CSSProperties } from 'react';
import { useLocation } from 'react-router-dom';
import { useLogout, useSession } from '../../features/auth';
import { ProgramadasDelPlan, useProyeccionCupo } from '../../features/maintenance';
import { PlanPanel, useEsIos, usePlanEstado } from '../../features/plans';
import { solicitudesKeys, usePendientesSolicitudes } from '../../features/solicitudes';
import { entradasVisibles, TITULO_CERRAR_SESION } from './menu-entries';
import { MenuHeader } from './menu-header';
import { Texto } from '../../components/texto';
import { hayCambiosSinGuardar, useConfirmarSalida } from '../../lib/cambios-sin-guardar';
import './side-menu.css';

/** Width of the menu when it slides over the content (phones); SPEC §9. */
const ANCHO_MENU = {
  '--width': `${CONSTANTES.anchoMenuPx}px`,
  '--min-width': `${CONSTANTES.anchoMenuMinPx}px`,
} as CSSProperties;

/** What waits at an entry (by its route), shown as a badge after its title: the pending requests. */
export type Pendientes = Partial<Record<string, number>>;

/** A badge's text: the count, '99+' past that. */
export function textoPendientes(n: number): string {
  return n > 99 ? '99+' : String(n);
}

/**
 * Pages for people outside the company (issue 33: the request form and its tracking page): no
 * app around them, not even for a user with a session who opens one (to try the client's link).
 */
export function esPaginaExterna(pathname: string): boolean {
  return pathname.startsWith('/solicitud/');
}

/** The side menu (SPEC §1, §2); disabled while nobody is logged in, and on the pages for outsiders. */
export function SideMenu() {
  const { usuario } = useSession();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const plan = usePlanEstado(usuario);
  // What the maintenance schedules will create this period, under the quota (issue 32).
  const proyeccion = useProyeccionCupo({ habilitada: !!usuario && puedeCrearOrden(usuario) });
  // The requests waiting for who may create orders (issue 33): «Solicitudes» shows how many.
  const solicitudes = usePendientesSolicitudes({ habilitada: !!usuario && puedeCrearOrden(usuario) });

  return (
    <IonMenu
      contentId="main"
      type="overlay"
      className="side-menu"
      style={ANCHO_MENU}
      disabled={!usuario || esPaginaExterna(pathname)}
      onIonWillOpen={() => {
        // Opening the menu refreshes the plan shown in it, and the pending requests' count (a
        // colleague's decision does not arrive live).
        if (usuario && puedeCrearOrden(usuario)) {
          void plan.refetch();
          void proyeccion.refetch();
          void queryClient.invalidateQueries({ queryKey: solicitudesKeys.pendientes() });
        }
      }}
    >
      {usuario && (
        <SideMenuContent
          usuario={usuario}
          plan={plan.data}
          proyeccion={proyeccion.data}
          pendientes={{ solicitudes: solicitudes.data?.pendientes }}
        />
      )}
    </IonMenu>
  );
}

interface ContentProps {
  usuario: UsuarioLogueado;
  plan: PlanEstado | null | undefined;
  /** The maintenance schedules of the period (absent: not shown). */
  proyeccion?: ProyeccionCupo | undefined;
  /** What waits at each entry; none, or 0, shows no badge. */
  pendientes?: Pendientes;
}

export function SideMenuContent({ usuario, plan, proyeccion, pendientes = {} }: ContentProps) {
  const { pathname } = useLocation();
  const logout = useLogout();
  const esIos = useEsIos();
  const router = useIonRouter();
  const confirmarSalida = useConfirmarSalida();

  return (
    <IonContent className="side-menu__content">
      <MenuHeader usuario={usuario} />
      <nav aria-label="Menú principal">
        <IonList lines="none" className="side-menu__list">
          {entradasVisibles(usuario).map((entrada) => {
            const activa = pathname === `/${entrada.ruta}`;
            const cuantos = pendientes[entrada.ruta] ?? 0;
            return (
              <IonMenuToggle key={entrada.ruta} autoHide={false}>
                <IonItem
                  className={activa ? 'side-menu__item side-menu__item--activa' : 'side-menu__item'}
                  routerLink={`/${entrada.ruta}`}
                  routerDirection="root"
                  detail={false}
                  aria-current={activa ? 'page' : undefined}
                  onClick={(e) => {
                    // A form with unsaved changes asks first; the entry's link then goes on its
                    // own way (a Ctrl+click opens a new tab and loses nothing).
                    if (!hayCambiosSinGuardar() || e.ctrlKey || e.metaKey || e.shiftKey) return;
                    e.preventDefault();
                    confirmarSalida(() => router.push(`/${entrada.ruta}`, 'root'));
                  }}
                  data-testid={`menu-${entrada.ruta}`}
                >
                  <IonIcon slot="start" icon={entrada.icono} aria-hidden="true" />
                  <IonLabel>
                    <Texto>{entrada.titulo}</Texto>
                  </IonLabel>
                  {cuantos > 0 && (
                    <IonBadge
                      slot="end"
                      color="danger"
                      className="side-menu__insignia"
                      data-testid={`menu-${entrada.ruta}-pendientes`}
                    >
                      {textoPendientes(cuantos)}
                      <span className="delego-visually-hidden">{cuantos === 1 ? ' pendiente' : ' pendientes'}</span>
                    </IonBadge>
                  )}
                </IonItem>
              </IonMenuToggle>
            );
          })}
          <IonMenuToggle autoHide={false}>
            <IonItem
              className="side-menu__item"
              button
              detail={false}
              onClick={() => confirmarSalida(logout)}
              data-testid="menu-cerrar-sesion"
            >
              <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />
              <IonLabel>
                <Texto>{TITULO_CERRAR_SESION}</Texto>
              </IonLabel>
            </IonItem>
          </IonMenuToggle>
        </IonList>
      </nav>
      <PlanPanel usuario={usuario} plan={plan} esIos={esIos} extra={<ProgramadasDelPlan proyeccion={proyeccion} />} />
    </IonContent>
  );
}
