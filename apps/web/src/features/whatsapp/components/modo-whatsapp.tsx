import { PALABRA_BAJA_WHATSAPP } from '@delego/contract';
import { IonIcon } from '@ionic/react';
import { flaskOutline, logoWhatsapp } from 'ionicons/icons';

type Modo = 'real' | 'prueba';

export const TEXTO_MODO_PRUEBA = 'Modo de prueba: los mensajes se guardan en el servidor, no se envían.';

/** Said wherever WhatsApp is chosen when this installation only writes the messages to files (issue 35). */
export function AvisoModoPrueba({ modo }: { modo: Modo }) {
  if (modo !== 'prueba') return null;
  return (
    <p className="whatsapp-modo whatsapp-modo--prueba" role="note" data-testid="whatsapp-modo-prueba">
      <IonIcon icon={flaskOutline} aria-hidden="true" />
      {TEXTO_MODO_PRUEBA}
    </p>
  );
}

/** The installation's mode, and what it means, on the «WhatsApp» screen. */
export function ModoWhatsapp({ modo }: { modo: Modo }) {
  const prueba = modo === 'prueba';
  return (
    <section
      className="delego-card whatsapp-tarjeta"
      aria-labelledby="whatsapp-modo-titulo"
      data-testid="whatsapp-modo"
    >
      <h2 id="whatsapp-modo-titulo">
        <IonIcon icon={prueba ? flaskOutline : logoWhatsapp} aria-hidden="true" />{' '}
        {prueba ? 'Modo de prueba' : 'Envío real'}
      </h2>
      {prueba ? (
        <>
          <p>{TEXTO_MODO_PRUEBA}</p>
          <p>
            Cada mensaje queda escrito en la carpeta de datos del servidor, con su texto y a quién iba, y su estado se
            ve en el historial de la orden. Para enviarlos de verdad, quien administra el servidor de Delego conecta un
            número de WhatsApp Business de la empresa y registra estas plantillas en WhatsApp Manager.
          </p>
        </>
      ) : (
        <p>
          Los avisos salen por la API oficial de WhatsApp Business desde el número de la empresa, con las plantillas
          aprobadas de abajo. Solo se envían a quien aceptó recibirlos; quien responde «{PALABRA_BAJA_WHATSAPP}» deja de
          recibirlos.
        </p>
      )}
    </section>
  );
}
