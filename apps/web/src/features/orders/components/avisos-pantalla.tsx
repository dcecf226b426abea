import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonSkeletonText } from '@ionic/react';
import { cloudOfflineOutline, lockClosedOutline, logInOutline, searchOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError, mensajeDeError } from '../../../lib/errors';
import { rutaLogin } from '../../auth';

interface AvisoProps {
  icono: string;
  titulo: string;
  children?: ReactNode;
  /** Buttons or links below the text. */
  accion?: ReactNode;
  testId?: string;
  color?: string;
}

/** An empty, failed or forbidden screen: icon, title, explanation and what to do next. */
export function Aviso({ icono, titulo, children, accion, testId, color = 'medium' }: AvisoProps) {
  return (
    <section className="ordenes-aviso-pantalla" data-testid={testId}>
      <IonIcon icon={icono} color={color} aria-hidden="true" />
      <h2>{titulo}</h2>
      {children && <p>{children}</p>}
      {accion && <div className="ordenes-aviso-pantalla__acciones">{accion}</div>}
    </section>
  );
}

/** Something that could not be loaded: not found (no retry helps) or a failure with a retry. */
export function AvisoError({ error, onReintentar }: { error: unknown; onReintentar: () => void }) {
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
    return (
      <Aviso
        icono={searchOutline}
        titulo={error.status === 404 ? 'Orden no encontrada' : 'Sin acceso'}
        testId="ordenes-no-encontrada"
        accion={
          <IonButton fill="outline" routerLink="/home" routerDirection="root">
            Ir a Inicio
          </IonButton>
        }
      >
        {mensajeDeError(error)}
      </Aviso>
    );
  }
  return (
    <Aviso
      icono={cloudOfflineOutline}
      titulo="No se pudieron cargar los datos"
      color="danger"
      testId="ordenes-error"
      accion={
        <IonButton fill="outline" onClick={onReintentar}>
          Reintentar
        </IonButton>
      }
    >
      {mensajeDeError(error)}
    </Aviso>
  );
}

/** A screen that needs an order id in its address and did not get one. */
export function AvisoSinOrden() {
  return (
    <Aviso
      icono={searchOutline}
      titulo="Falta indicar la orden"
      testId="ordenes-sin-id"
      accion={
        <IonButton fill="outline" routerLink="/home" routerDirection="root">
          Ir a Inicio
        </IonButton>
      }
    >
      Abra esta pantalla desde el detalle de una orden.
    </Aviso>
  );
}

/** The person may not do what this screen is for. */
export function AvisoSinPermiso({ children, volverA = '/home' }: { children: ReactNode; volverA?: string }) {
  return (
    <Aviso
      icono={lockClosedOutline}
      titulo="Sin permiso"
      testId="ordenes-sin-permiso"
      accion={
        <IonButton fill="outline" routerLink={volverA} routerDirection="back">
          Volver
        </IonButton>
      }
    >
      {children}
    </Aviso>
  );
}

/** For screens open without login (SPEC §2 responsables-multiples) whose calls need a session. */
export function AvisoRequiereSesion() {
  const { pathname, search } = useLocation();
  return (
    <Aviso
      icono={logInOutline}
      titulo="Inicie sesión"
      testId="ordenes-requiere-sesion"
      accion={
        <IonButton routerLink={rutaLogin(pathname + search)} routerDirection="root">
          Ingresar
        </IonButton>
      }
    >
      Para ver y cambiar los responsables de una orden ingrese con su usuario.
    </Aviso>
  );
}

/** Placeholder rows while a list or a record loads. */
export function FilasCargando({ filas = 6, testId = 'ordenes-cargando' }: { filas?: number; testId?: string }) {
  return (
    <IonList className="ordenes-cargando" aria-busy="true" data-testid={testId} lines="full">
      <span className="delego-visually-hidden" role="status">
        Cargando…
      </span>
      {Array.from({ length: filas }, (_, i) => (
        <IonItem key={i}>
          <IonLabel>
            <h2>
              <IonSkeletonText animated style={{ width: `${45 + ((i * 17) % 35)}%` }} />
            </h2>
            <p>
              <IonSkeletonText animated style={{ width: `${30 + ((i * 23) % 40)}%` }} />
            </p>
            <p>
              <IonSkeletonText animated style={{ width: `${20 + ((i * 13) % 25)}%` }} />
            </p>
          </IonLabel>
        </IonItem>
      ))}
    </IonList>
  );
}
