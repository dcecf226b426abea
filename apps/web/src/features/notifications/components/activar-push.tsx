import type { UsuarioLogueado } from '@delego/contract';
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { checkmarkCircleOutline, notificationsOffOutline, phonePortraitOutline } from 'ionicons/icons';
import { esNativa } from '../../../lib/nativo/plataforma';
import { usePush } from '../hooks/use-push';

/**
 * Offers Web Push on this device. The browser asks for permission only when the person taps
 * 'Activar notificaciones', never on its own.
 */
export function ActivarPush({ usuario }: { usuario: Pick<UsuarioLogueado, 'id'> }) {
  const { estado, activar, activando } = usePush(usuario);

  if (estado === 'inactivo') {
    return (
      <section className="activar-push" aria-labelledby="activar-push-titulo" data-testid="activar-push">
        <IonIcon icon={phonePortraitOutline} className="activar-push__icono" aria-hidden="true" />
        <div className="activar-push__texto">
          <h2 id="activar-push-titulo">Avisos en este dispositivo</h2>
          <p>Reciba las notificaciones aunque Delego esté cerrado.</p>
        </div>
        <IonButton size="small" onClick={activar} disabled={activando} data-testid="activar-push-boton">
          {activando && <IonSpinner slot="start" name="crescent" />}
          Activar notificaciones
        </IonButton>
      </section>
    );
  }
  if (estado === 'bloqueado') {
    return (
      <p className="activar-push-nota" role="note" data-testid="push-bloqueado">
        <IonIcon icon={notificationsOffOutline} aria-hidden="true" />
        {esNativa()
          ? 'Las notificaciones están bloqueadas para Delego en este teléfono. Puede permitirlas en los ajustes del teléfono (Aplicaciones › Delego › Notificaciones).'
          : 'Las notificaciones están bloqueadas en este navegador. Puede permitirlas desde la configuración del sitio.'}
      </p>
    );
  }
  if (estado === 'activo') {
    return (
      <p className="activar-push-nota" data-testid="push-activo">
        <IonIcon icon={checkmarkCircleOutline} color="success" aria-hidden="true" />
        Notificaciones activadas en este dispositivo.
      </p>
    );
  }
  return null;
}
