import { CONSTANTES } from '@delego/contract';
import { IonSplitPane } from '@ionic/react';
import type { CSSProperties } from 'react';
import { AccionesGlobalesContext } from '../../components/page-header';
import { IndicadorTemporizador } from '../../features/expenses';
import { CambiosPendientes } from '../../features/outbox';
import { CampanaNotificaciones, NotificacionesGlobales } from '../../features/notifications';
import { AppRoutes } from '../app-routes';
import { SideMenu } from './side-menu';

/** Menu width (SPEC §9): 300 px, at least 250 px; split beside the content on wide screens. */
const ANCHO_MENU = {
  '--side-width': `${CONSTANTES.anchoMenuPx}px`,
  '--side-min-width': `${CONSTANTES.anchoMenuMinPx}px`,
  '--side-max-width': `${CONSTANTES.anchoMenuPx}px`,
} as CSSProperties;

/**
 * The header's global buttons: the running hours timer and the outbox's pending changes (each only
 * while there is one) and the notifications bell.
 */
function AccionesGlobales() {
  return (
    <>
      <IndicadorTemporizador />
      <CambiosPendientes />
      <CampanaNotificaciones />
    </>
  );
}

export function AppLayout() {
  return (
    <AccionesGlobalesContext value={AccionesGlobales}>
      <IonSplitPane contentId="main" when="lg" style={ANCHO_MENU}>
        <SideMenu />
        <AppRoutes />
      </IonSplitPane>
      <NotificacionesGlobales />
    </AccionesGlobalesContext>
  );
}
