import { IonButton, IonIcon } from '@ionic/react';
import { mailUnreadOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { BotonGuardar, type BotonGuardarProps } from '../../../components/botones-formulario';
import { PantallaPublica } from '../../../components/pantalla-publica';
import './cuentas.css';

interface Props {
  /** The screen's heading; a state (loading, expired link) may show its own instead. */
  titulo?: string;
  /** A line under the heading. */
  bajada?: ReactNode;
  ancho?: 'angosta' | 'media' | 'ancha';
  testId?: string;
  children: ReactNode;
}

/** An account screen without login: the brand, its heading, its content (on `PantallaPublica`). */
export function PantallaCuenta({ titulo, bajada, ancho, testId, children }: Props) {
  return (
    <PantallaPublica ancho={ancho} testId={testId}>
      <header className="cuenta__marca">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span>Delego</span>
      </header>
      {titulo && <h1 className="cuenta__titulo">{titulo}</h1>}
      {bajada && <p className="cuenta__bajada">{bajada}</p>}
      {children}
    </PantallaPublica>
  );
}

/** The way back to the login page (a plain button that looks like a link). */
export function VolverAlIngreso({ texto = 'Volver al ingreso' }: { texto?: string }) {
  return (
    <IonButton
      className="cuenta-enlace"
      fill="clear"
      size="small"
      routerLink="/login"
      routerDirection="back"
      data-testid="cuenta-volver-ingreso"
    >
      {texto}
    </IonButton>
  );
}

/** 'Revise su correo': a mail with a link went out (sign-up, recovery); what it says, then `acciones`. */
export function RevisarCorreo({
  testId,
  acciones,
  children,
}: {
  testId: string;
  acciones: ReactNode;
  children: ReactNode;
}) {
  return (
    <PantallaCuenta testId={testId}>
      <div className="cuenta-estado">
        <IonIcon icon={mailUnreadOutline} color="primary" aria-hidden="true" />
        <h1 className="cuenta__titulo">Revise su correo</h1>
        <p role="status" data-testid={`${testId}-mensaje`}>
          {children}
        </p>
        <p className="cuenta-ayuda">Si no lo ve en unos minutos, revise también la carpeta de correo no deseado.</p>
        <div className="cuenta-estado__acciones">{acciones}</div>
      </div>
    </PantallaCuenta>
  );
}

/** The end of an account form: its submit button, the width of the card, then the way back. */
export function PieFormulario({ children, ...boton }: BotonGuardarProps & { children?: ReactNode }) {
  return (
    <>
      <div className="cuenta-enviar">
        <BotonGuardar {...boton} />
      </div>
      <p className="cuenta-pie">{children ?? <VolverAlIngreso />}</p>
    </>
  );
}

/** The props of a field whose text must go as typed (login names, emails): no corrections. */
export const SIN_CORRECCIONES = { autocapitalize: 'off', autocorrect: false, spellcheck: false } as const;
