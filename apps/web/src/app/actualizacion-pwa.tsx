import { IonToast } from '@ionic/react';
import { useEffect, useState } from 'react';
import { registrarPwa, type RegistrarPwa } from './registro-pwa';

export const TEXTO_VERSION_NUEVA = 'Hay una versión nueva de Delego';

/**
 * Registers the service worker and, when a new version of the app has been deployed and is
 * waiting, offers it: 'Actualizar' switches to it and reloads; 'Ahora no' keeps the current one
 * (the offer comes back on the next start).
 */
export function ActualizacionPwa({ registrar = registrarPwa }: { registrar?: RegistrarPwa }) {
  const [aplicar, setAplicar] = useState<(() => void) | null>(null);

  useEffect(() => registrar((nueva) => setAplicar(() => nueva)), [registrar]);

  return (
    <IonToast
      isOpen={aplicar !== null}
      message={TEXTO_VERSION_NUEVA}
      position="bottom"
      color="dark"
      buttons={[
        { text: 'Actualizar', handler: () => aplicar?.() },
        { text: 'Ahora no', role: 'cancel' },
      ]}
      onDidDismiss={() => setAplicar(null)}
      data-testid="actualizacion-pwa"
    />
  );
}
