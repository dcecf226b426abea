/** What a person does to Ionic's components, as events the tests fire. */
import { fireEvent, waitFor } from '@testing-library/react';

/** Types into an Ionic input (fires its ionInput event). */
export function escribir(elemento: HTMLElement, valor: string): void {
  fireEvent(elemento, new CustomEvent('ionInput', { detail: { value: valor } }));
}

/** Switches an Ionic toggle or checkbox the way a tap does. */
export function alternar(elemento: HTMLElement, checked: boolean): void {
  (elemento as HTMLElement & { checked: boolean }).checked = checked;
  fireEvent(elemento, new CustomEvent('ionChange', { detail: { checked, value: 'on' } }));
}

/** Enter in the native input of an Ionic input (submits the form). */
export async function pulsarEnter(ionInput: HTMLElement): Promise<void> {
  const nativo = await waitFor(() => {
    const el = ionInput.querySelector('input');
    if (!el) throw new Error('el campo todavía no está listo');
    return el;
  });
  fireEvent.keyDown(nativo, { key: 'Enter' });
}

/** The 'Atención' alert, once it shows. */
export function alertaAtencion(): Promise<HTMLIonAlertElement> {
  return waitFor(() => {
    const el = [...document.querySelectorAll('ion-alert')].find((a) => a.header === 'Atención');
    if (!el) throw new Error('sin alerta');
    return el;
  });
}

/** Chooses a button of the confirmation alert currently open (e.g. 'Eliminar'). */
export async function responderConfirmacion(boton: string): Promise<void> {
  const alerta = await waitFor(() => {
    // Ionic hides an overlay until it has finished presenting it; its buttons work after that.
    const el = [...document.querySelectorAll('ion-alert')].find(
      (a) => a.header !== 'Atención' && !a.classList.contains('overlay-hidden'),
    );
    if (!el) throw new Error('sin confirmación');
    return el;
  });
  const elegido = await waitFor(() => {
    const b = [...alerta.querySelectorAll('button')].find((x) => x.textContent?.trim() === boton);
    if (!b) throw new Error(`sin botón ${boton}`);
    return b;
  });
  fireEvent.click(elegido);
  await waitFor(
    () => {
      if (alerta.isConnected) throw new Error('la confirmación sigue abierta');
    },
    { timeout: 4000 },
  );
}

/**
 * Whether an Ionic button is disabled, read from the property React sets when it renders. The
 * `disabled` attribute is only Ionic's reflection of it, written on a later frame, so a test that
 * waits for the attribute depends on how busy the machine is.
 */
export function deshabilitado(elemento: HTMLElement): boolean {
  return (elemento as HTMLElement & { disabled?: boolean }).disabled === true;
}

/** The message of the app's toast (useAviso), not the offline toast ErrorFeedback keeps mounted. */
export function aviso(): Promise<string> {
  return waitFor(() => {
    const t = document.querySelector<HTMLIonToastElement>('ion-toast.delego-aviso');
    if (!t?.message) throw new Error('sin aviso');
    return t.message as string;
  });
}
