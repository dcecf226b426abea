import { IonBadge, IonButton, IonIcon } from '@ionic/react';
import { notifications, notificationsOutline } from 'ionicons/icons';
import { useLocation } from 'react-router-dom';
import { useSession } from '../../auth';
import { useNotificaciones } from '../api/get-notificaciones';
import { contarNoLeidas, textoInsignia } from '../model/lista';
import './campana-notificaciones.css';

/** The bell in every screen's header: opens notificaciones and shows how many are unread. */
export function CampanaNotificaciones() {
  const { usuario } = useSession();
  const { pathname } = useLocation();
  const { data } = useNotificaciones(usuario);
  if (!usuario || pathname === '/notificaciones') return null;
  const noLeidas = contarNoLeidas(data);
  const etiqueta = noLeidas === 0 ? 'Notificaciones' : `Notificaciones: ${noLeidas} sin leer`;

  return (
    <IonButton
      className="campana-notificaciones"
      routerLink="/notificaciones"
      aria-label={etiqueta}
      title={etiqueta}
      data-testid="campana-notificaciones"
    >
      <IonIcon slot="icon-only" icon={noLeidas ? notifications : notificationsOutline} aria-hidden="true" />
      {noLeidas > 0 && (
        <IonBadge color="danger" className="campana-notificaciones__insignia" data-testid="notificaciones-no-leidas">
          {textoInsignia(noLeidas)}
        </IonBadge>
      )}
    </IonButton>
  );
}
