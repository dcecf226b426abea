import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonSkeletonText } from '@ionic/react';
import { cloudOfflineOutline, lockClosedOutline, logInOutline, personOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { mensajeDeError } from '../../../lib/errors';
import { rutaLogin } from '../../auth';

/** Placeholder rows while a list loads. */
export function ListaCargando({ filas = 6 }: { filas?: number }) {
  return (
    <IonList className="admin-lista" aria-busy="true" data-testid="admin-cargando">
      <span className="delego-visually-hidden" role="status">
        Cargando…
      </span>
      {Array.from({ length: filas }, (_, i) => (
        <IonItem key={i} lines="full">
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

interface EstadoProps {
  icono: string;
  titulo: string;
  children?: ReactNode;
  /** A button or link below the text. */
  accion?: ReactNode;
  testId?: string;
  color?: string;
}

/** An empty, failed or forbidden screen: icon, title, explanation and what to do next. */
export function Estado({ icono, titulo, children, accion, testId, color = 'medium' }: EstadoProps) {
  return (
    <section className="admin-estado" data-testid={testId}>
      <IonIcon icon={icono} color={color} aria-hidden="true" />
      <h2>{titulo}</h2>
      {children && <p>{children}</p>}
      {accion}
    </section>
  );
}

/** A list or record that could not be loaded, with a way to try again. */
export function EstadoError({ error, onReintentar }: { error: unknown; onReintentar: () => void }) {
  return (
    <Estado
      icono={cloudOfflineOutline}
      titulo="No se pudieron cargar los datos"
      testId="admin-error"
      color="danger"
      accion={
        <IonButton fill="outline" onClick={onReintentar}>
          Reintentar
        </IonButton>
      }
    >
      {mensajeDeError(error)}
    </Estado>
  );
}

/** Shown instead of a screen whose global permission the user lacks (SPEC §6). */
export function SinPermiso({ que }: { que: string }) {
  return (
    <Estado
      icono={lockClosedOutline}
      titulo="Sin permiso"
      testId="admin-sin-permiso"
      accion={
        <IonButton fill="outline" routerLink="/home" routerDirection="root">
          Ir a Inicio
        </IonButton>
      }
    >
      No tiene permiso para {que}. Pídaselo a un administrador de su empresa.
    </Estado>
  );
}

/** For screens open without login (SPEC §2 usuarios-permisos) whose calls need a session. */
export function RequiereSesion() {
  const { pathname, search } = useLocation();
  return (
    <Estado
      icono={logInOutline}
      titulo="Inicie sesión"
      testId="admin-requiere-sesion"
      accion={
        <IonButton routerLink={rutaLogin(pathname + search)} routerDirection="root">
          Ingresar
        </IonButton>
      }
    >
      Para ver y cambiar permisos de usuarios ingrese con su usuario.
    </Estado>
  );
}

/** Shown when the address names no user. */
export function ElegirUsuario() {
  return (
    <Estado
      icono={personOutline}
      titulo="Elija un usuario"
      accion={
        <IonButton routerLink="/usuarios" routerDirection="root">
          Ir a Usuarios
        </IonButton>
      }
    >
      Abra esta pantalla desde la ficha de un usuario.
    </Estado>
  );
}
