import { IonIcon } from '@ionic/react';
import { alertCircleOutline, informationCircleOutline, lockClosedOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { mensajeDeError } from '../../../lib/errors';

type TipoAviso = 'info' | 'advertencia' | 'peligro';

const ICONOS: Record<TipoAviso, string> = {
  info: informationCircleOutline,
  advertencia: lockClosedOutline,
  peligro: alertCircleOutline,
};

interface Props {
  tipo: TipoAviso;
  /** Replaces the type's icon (a lock for 'advertencia', …). */
  icono?: string;
  /** Inside a card: with the card's side margins. */
  interno?: boolean;
  /** 'alert' is read out at once ('peligro' by default); 'status' for a result; 'note' otherwise. */
  role?: 'note' | 'status' | 'alert';
  testId?: string;
  /** A lead in bold before the text: what did not happen ('No se guardaron los roles.'). */
  titulo?: string;
  children: ReactNode;
}

/** A notice that stays on an administration screen: why something is locked, a result, a refusal. */
export function Aviso({ tipo, icono = ICONOS[tipo], interno = false, role, testId, titulo, children }: Props) {
  const clase = `admin-aviso-fijo admin-aviso-fijo--${tipo}${interno ? ' admin-aviso-fijo--interno' : ''}`;
  return (
    <div className={clase} role={role ?? (tipo === 'peligro' ? 'alert' : 'note')} data-testid={testId}>
      <IonIcon icon={icono} aria-hidden="true" />
      <div>
        {titulo !== undefined && (
          <>
            <strong>{titulo}</strong>{' '}
          </>
        )}
        {children}
      </div>
    </div>
  );
}

interface FalloDeAccionProps {
  /** The action (a mutation): the notice shows while its last try failed. */
  accion: { isError: boolean; error: unknown };
  /** What did not happen: 'No se borró el equipo.' */
  titulo: string;
  testId: string;
}

/** The failure of an action of the screen as a danger notice: what did not happen, and why. */
export function FalloDeAccion({ accion, titulo, testId }: FalloDeAccionProps) {
  if (!accion.isError) return null;
  return (
    <Aviso tipo="peligro" titulo={titulo} testId={testId}>
      {mensajeDeError(accion.error)}
    </Aviso>
  );
}
