import { useIonAlert, useIonToast } from '@ionic/react';
import { checkmarkCircleOutline } from 'ionicons/icons';
import { useCallback } from 'react';

/** A short success toast at the bottom. */
export function useAvisoExito(): (mensaje: string) => void {
  const [presentar, cerrar] = useIonToast();
  return useCallback(
    (mensaje: string) => {
      void cerrar().finally(() =>
        presentar({
          message: mensaje,
          duration: 2500,
          color: 'success',
          icon: checkmarkCircleOutline,
          position: 'bottom',
          cssClass: 'papeleo-aviso',
          buttons: [{ text: 'Cerrar', role: 'cancel' }],
        }),
      );
    },
    [presentar, cerrar],
  );
}

export interface Confirmacion {
  titulo: string;
  mensaje: string;
  /** The button that goes ahead, e.g. 'Eliminar'. */
  aceptar: string;
}

/** Asks before a destructive action; resolves true only when the person chose to go ahead. */
export function useConfirmar(): (c: Confirmacion) => Promise<boolean> {
  const [presentar] = useIonAlert();
  return useCallback(
    ({ titulo, mensaje, aceptar }: Confirmacion) =>
      new Promise<boolean>((resolve) => {
        void presentar({
          header: titulo,
          message: mensaje,
          cssClass: 'papeleo-confirmacion',
          buttons: [
            { text: 'Cancelar', role: 'cancel' },
            { text: aceptar, role: 'confirm', cssClass: 'papeleo-confirmacion__peligro' },
          ],
          onDidDismiss: (e) => resolve(e.detail.role === 'confirm'),
        });
      }),
    [presentar],
  );
}
