import { CONSTANTES, MENSAJES } from '@delego/contract';
import { IonAlert, IonToast } from '@ionic/react';
import { useEffect, useState } from 'react';
import { BOTON_ALERTA, escucharErrores, presentarError, TITULO_ALERTA } from '../lib/errors';

interface Alerta {
  id: number;
  mensaje: string;
}

let siguienteId = 0;

function estaEnLinea(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Shows the errors of the catalogue (SPEC §8), mounted once at the root: the 'Atención' alert
 * for errors reported with `notificarError`, one at a time, and the 3-second offline toast when
 * the device loses its connection.
 */
export function ErrorFeedback() {
  const [alertas, setAlertas] = useState<Alerta[]>([]);
  const [toastOffline, setToastOffline] = useState(() => !estaEnLinea());

  useEffect(
    () =>
      escucharErrores((error) => {
        const presentacion = presentarError(error, estaEnLinea());
        if (presentacion.tipo === 'toast') {
          setToastOffline(true);
          return;
        }
        // The same message twice in a row (several calls failing together) is shown once.
        setAlertas((actuales) =>
          actuales.some((a) => a.mensaje === presentacion.mensaje)
            ? actuales
            : [...actuales, { id: ++siguienteId, mensaje: presentacion.mensaje }],
        );
      }),
    [],
  );

  useEffect(() => {
    const alDesconectarse = () => setToastOffline(true);
    window.addEventListener('offline', alDesconectarse);
    return () => window.removeEventListener('offline', alDesconectarse);
  }, []);

  const actual = alertas[0];
  return (
    <>
      {actual && (
        <IonAlert
          key={actual.id}
          isOpen
          header={TITULO_ALERTA}
          message={actual.mensaje}
          buttons={[BOTON_ALERTA]}
          onDidDismiss={() => setAlertas((actuales) => actuales.filter((a) => a.id !== actual.id))}
        />
      )}
      <IonToast
        isOpen={toastOffline}
        message={MENSAJES.offline}
        duration={CONSTANTES.toastOfflineMs}
        position="bottom"
        color="dark"
        onDidDismiss={() => setToastOffline(false)}
      />
    </>
  );
}
