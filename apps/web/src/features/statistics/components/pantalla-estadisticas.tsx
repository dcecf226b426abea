import { tienePermiso } from '@delego/contract';
import { IonContent } from '@ionic/react';
import type { ReactNode } from 'react';
import { EstadoRequiereSesion, EstadoSinPermiso } from '../../../components/estados-pantalla';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../auth';
import './estadisticas.css';

/** Why a person without verEstadisticas sees no statistics (also said when the server answers 403). */
export const TEXTO_SIN_PERMISO =
  'Para ver estadísticas hace falta el permiso «Ver estadísticas y tableros». Pídalo a un administrador.';

interface Props {
  titulo: string;
  volverA?: string;
  /** Buttons of the header. */
  acciones?: ReactNode;
  /** False for the dashboard, which every user sees (over the orders they see). */
  requiereVerEstadisticas?: boolean;
  testId: string;
  children: ReactNode;
}

/**
 * The frame of every statistics screen: header, and the states of a person who may not see it
 * (some routes are open without login in SPEC §2; their calls need a session and verEstadisticas,
 * which the server enforces too).
 */
/**
 * Whether the logged-in user may see statistics: the pages ask the server only then (the gate below
 * shows «Inicie sesión» or «Sin permiso» otherwise, and the call would only come back 401 or 403).
 */
export function usePuedeVerEstadisticas(): boolean {
  const { usuario } = useSession();
  return !!usuario && tienePermiso(usuario, 'verEstadisticas');
}

export function PantallaEstadisticas({
  titulo,
  volverA,
  acciones,
  requiereVerEstadisticas = true,
  testId,
  children,
}: Props) {
  const { usuario } = useSession();
  let contenido: ReactNode = children;
  if (!usuario) {
    contenido = (
      <EstadoRequiereSesion ambito="estadisticas">
        Ingrese con su usuario para ver las estadísticas de su empresa.
      </EstadoRequiereSesion>
    );
  } else if (requiereVerEstadisticas && !tienePermiso(usuario, 'verEstadisticas')) {
    contenido = <EstadoSinPermiso ambito="estadisticas">{TEXTO_SIN_PERMISO}</EstadoSinPermiso>;
  }
  return (
    <>
      <PageHeader titulo={titulo} volverA={volverA}>
        {usuario && acciones}
      </PageHeader>
      <IonContent className="ion-padding delego-page-content" data-testid={testId}>
        <div className="delego-container estadisticas">{contenido}</div>
      </IonContent>
    </>
  );
}
