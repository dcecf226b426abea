import { useIonAlert, useIonToast } from '@ionic/react';
import { alertCircleOutline, checkmarkCircleOutline, informationCircleOutline } from 'ionicons/icons';
import { useCallback } from 'react';
import './avisos.css';

export interface OpcionesConfirmacion {
  titulo: string;
  mensaje: string;
  /** Text of the button that goes ahead, e.g. 'Eliminar'. */
  aceptar: string;
  /** Paints the button that goes ahead in the danger colour. Default true. */
  peligroso?: boolean;
  /** Text of the button that stays, 'Cancelar' unless said. */
  cancelar?: string;
}

/**
 * The app's confirmations and short toasts, the same on every screen.
 */

/**
 * Asks before a destructive action (an IonAlert with 'Cancelar' and the action). Resolves true
 * only when the person chose the action; Escape, the backdrop and 'Cancelar' resolve false.
 */
export function useConfirmar(): (opciones: OpcionesConfirmacion) => Promise<boolean> {
  const [presentar] = useIonAlert();
  return useCallback(
    ({ titulo, mensaje, aceptar, peligroso = true, cancelar = 'Cancelar' }: OpcionesConfirmacion) =>
      new Promise<boolean>((resolve) => {
        void presentar({
          header: titulo,
          message: mensaje,
          cssClass: 'delego-confirmacion',
          buttons: [
            { text: cancelar, role: 'cancel' },
            {
              text: aceptar,
              role: 'confirm',
              cssClass: peligroso ? 'delego-confirmacion__peligro' : 'delego-confirmacion__aceptar',
            },
          ],
          onDidDismiss: (e) => resolve(e.detail.role === 'confirm'),
        });
      }),
    [presentar],
  );
}

export type TipoAviso = 'exito' | 'info' | 'advertencia';

const ESTILO: Record<TipoAviso, { color: string; icono: string; duracion: number }> = {
  exito: { color: 'success', icono: checkmarkCircleOutline, duracion: 2500 },
  info: { color: 'dark', icono: informationCircleOutline, duracion: 3000 },
  advertencia: { color: 'warning', icono: alertCircleOutline, duracion: 5000 },
};

/**
 * A short toast after something worked. It lives beside the app, not the screen, so it stays
 * visible after going back to the previous screen.
 */
export function useAviso(): (mensaje: string, tipo?: TipoAviso) => void {
  const [presentar] = useIonToast();
  return useCallback(
    (mensaje: string, tipo: TipoAviso = 'exito') => {
      const estilo = ESTILO[tipo];
      void cerrarAvisosAbiertos().finally(() =>
        presentar({
          message: mensaje,
          duration: estilo.duracion,
          color: estilo.color,
          icon: estilo.icono,
          position: 'bottom',
          cssClass: 'delego-aviso',
          buttons: [{ text: 'Cerrar', role: 'cancel' }],
        }),
      );
    },
    [presentar],
  );
}

/**
 * Notices replace each other: the one on screen, whichever screen showed it, closes before the next
 * opens (two at once would cover each other at the bottom of the screen).
 */
async function cerrarAvisosAbiertos(): Promise<void> {
  const abiertos = Array.from(document.querySelectorAll<HTMLIonToastElement>('ion-toast.delego-aviso'));
  await Promise.all(abiertos.map((t) => t.dismiss().catch(() => false)));
}
