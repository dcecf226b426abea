import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonSkeletonText } from '@ionic/react';
import { cloudOfflineOutline, logInOutline, searchOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError, mensajeDeError } from '../../../lib/errors';
import { rutaLogin } from '../../auth';
import { useOrden } from '../api/get-orden';
import './papeleo.css';

/** The states every screen of the order's paperwork shares: empty, failed, missing order, loading. */

interface AvisoProps {
  icono: string;
  titulo: string;
  children?: ReactNode;
  accion?: ReactNode;
  testId?: string;
  color?: string;
}

export function Aviso({ icono, titulo, children, accion, testId, color = 'medium' }: AvisoProps) {
  return (
    <section className="papeleo-aviso-pantalla" data-testid={testId}>
      <IonIcon icon={icono} color={color} aria-hidden="true" />
      <h2>{titulo}</h2>
      {children && <p>{children}</p>}
      {accion && <div className="papeleo-aviso-pantalla__acciones">{accion}</div>}
    </section>
  );
}

/** Something that could not be loaded: not found or forbidden (no retry helps), or a failure with a retry. */
export function AvisoError({ error, onReintentar }: { error: unknown; onReintentar: () => void }) {
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
    return (
      <Aviso
        icono={searchOutline}
        titulo={error.status === 404 ? 'Orden no encontrada' : 'Sin acceso'}
        testId="papeleo-no-encontrada"
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
      testId="papeleo-error"
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
      testId="papeleo-sin-id"
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

/** For screens open without login (image-modal, SPEC §2) whose calls need a session. */
export function AvisoRequiereSesion({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  return (
    <Aviso
      icono={logInOutline}
      titulo="Inicie sesión"
      testId="papeleo-requiere-sesion"
      accion={
        <IonButton routerLink={rutaLogin(pathname + search)} routerDirection="root">
          Ingresar
        </IonButton>
      }
    >
      {children}
    </Aviso>
  );
}

/** Placeholder rows while a list loads. */
export function FilasCargando({ filas = 4, testId = 'papeleo-cargando' }: { filas?: number; testId?: string }) {
  return (
    <IonList className="papeleo-cargando" aria-busy="true" data-testid={testId} lines="full">
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
          </IonLabel>
        </IonItem>
      ))}
    </IonList>
  );
}

/** '#12 · Cambio de bomba' above a screen of the order's paperwork, linking back to the order. */
export function CabeceraOrden({ ordenId }: { ordenId: number }) {
  const orden = useOrden(ordenId);
  return (
    <p className="papeleo-orden" data-testid="papeleo-orden">
      {orden.data ? (
        <>
          <span className="papeleo-orden__numero">#{orden.data.numero}</span>
          <span className="papeleo-orden__titulo">{orden.data.titulo}</span>
        </>
      ) : orden.isPending ? (
        <IonSkeletonText animated style={{ width: '40%', height: 18 }} />
      ) : (
        <span className="papeleo-orden__numero">Orden {ordenId}</span>
      )}
    </p>
  );
}
