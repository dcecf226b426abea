import { IonContent } from '@ionic/react';
import type { ReactNode } from 'react';
import './pantalla-publica.css';

interface Props {
  /** 'angosta' for a short form (login, recovery), 'media' for sign-up, 'ancha' for reading (terms). */
  ancho?: 'angosta' | 'media' | 'ancha';
  testId?: string;
  children: ReactNode;
}

/**
 * The look of the screens without login (login, sign-up, confirmation, recovery, terms): one white
 * card on the brand's gradient, centred on a desktop, the full width of a phone.
 */
export function PantallaPublica({ ancho = 'angosta', testId, children }: Props) {
  return (
    <IonContent className="pantalla-publica" fullscreen>
      <main className="pantalla-publica__layout">
        <div className={`pantalla-publica__tarjeta pantalla-publica__tarjeta--${ancho}`} data-testid={testId}>
          {children}
        </div>
      </main>
    </IonContent>
  );
}
