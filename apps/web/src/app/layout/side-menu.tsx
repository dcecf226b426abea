import {
  CONSTANTES,
  puedeCrearOrden,
  type PlanEstado,
  type ProyeccionCupo,
  type UsuarioLogueado,
} from '@delego/contract';
import { IonContent, IonIcon, IonItem, IonLabel, IonList, IonMenu, IonMenuToggle } from '@ionic/react';
import { logOutOutline } from 'ionicons/icons';
import type { CSSProperties } from 'react';
import { useLocation } from 'react-router-dom';
import { useLogout, useSession } from '../../features/auth';
import { ProgramadasDelPlan, useProyeccionCupo } from '../../features/maintenance';
import { PlanPanel, useEsIos, usePlanEstado } from '../../features/plans';
import { entradasVisibles, TITULO_CERRAR_SESION } from './menu-entries';
import { MenuHeader } from './menu-header';
import { Texto } from '../../components/texto';
import './side-menu.css';

/** Width of the menu when it slides over the content (phones); SPEC §9. */
const ANCHO_MENU = {
  '--width': `${CONSTANTES.anchoMenuPx}px`,
  '--min-width': `${CONSTANTES.anchoMenuMinPx}px`,
} as CSSProperties;

/** The side menu (SPEC §1, §2); disabled while nobody is logged in. */
export function SideMenu() {
  const { usuario } = useSession();
  const plan = usePlanEstado(usuario);
  // What the maintenance schedules will create this period, under the quota (issue 32).
  const proyeccion = useProyeccionCupo({ habilitada: !!usuario && puedeCrearOrden(usuario) });

  return (
    <IonMenu
      contentId="main"
      type="overlay"
      className="side-menu"
      style={ANCHO_MENU}
      disabled={!usuario}
      onIonWillOpen={() => {
        // Opening the menu refreshes the plan shown in it.
        if (usuario && puedeCrearOrden(usuario)) {
          void plan.refetch();
          void proyeccion.refetch();
        }
      }}
    >
      {usuario && <SideMenuContent usuario={usuario} plan={plan.data} proyeccion={proyeccion.data} />}
    </IonMenu>
  );
}

interface ContentProps {
  usuario: UsuarioLogueado;
  plan: PlanEstado | null | undefined;
  /** The maintenance schedules of the period (absent: not shown). */
  proyeccion?: ProyeccionCupo | undefined;
}

export function SideMenuContent({ usuario, plan, proyeccion }: ContentProps) {
  const { pathname } = useLocation();
  const logout = useLogout();
  const esIos = useEsIos();

  return (
    <IonContent className="side-menu__content">
      <MenuHeader usuario={usuario} />
      <nav aria-label="Menú principal">
        <IonList lines="none" className="side-menu__list">
          {entradasVisibles(usuario).map((entrada) => {
            const activa = pathname === `/${entrada.ruta}`;
            return (
              <IonMenuToggle key={entrada.ruta} autoHide={false}>
                <IonItem
                  className={activa ? 'side-menu__item side-menu__item--activa' : 'side-menu__item'}
                  routerLink={`/${entrada.ruta}`}
                  routerDirection="root"
                  detail={false}
                  aria-current={activa ? 'page' : undefined}
                  data-testid={`menu-${entrada.ruta}`}
                >
                  <IonIcon slot="start" icon={entrada.icono} aria-hidden="true" />
                  <IonLabel>
                    <Texto>{entrada.titulo}</Texto>
                  </IonLabel>
                </IonItem>
              </IonMenuToggle>
            );
          })}
          <IonMenuToggle autoHide={false}>
            <IonItem
              className="side-menu__item"
              button
              detail={false}
              onClick={logout}
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
