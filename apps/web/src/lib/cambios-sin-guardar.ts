import { useIonViewWillEnter, useIonViewWillLeave } from '@ionic/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useConfirmar, type OpcionesConfirmacion } from '../components/avisos';

/**
 * Forms that must not lose what was typed by leaving them (docs/CONVENTIONS.md, «Cambios sin
 * guardar»). A form declares whether its values differ from the ones it opened with
 * (`useCambiosSinGuardar(f.sucio)`); the ways out of a screen (Cancelar, the header's back arrow,
 * Android's back button, the side menu) go through `useConfirmarSalida`, which asks first while
 * the screen on view has such a form, and closing or reloading the tab gets the browser's own
 * question.
 */

/** One mounted form that declared its changes. */
interface Registro {
  sucio: boolean;
  /** False while its screen is hidden behind another one (Ionic keeps it mounted in the stack). */
  activo: boolean;
  /** The person chose «Descartar»: its changes no longer hold anything up. */
  descartado: boolean;
}

const registros = new Set<Registro>();

const pendiente = (r: Registro) => r.sucio && !r.descartado;

/** Whether the screen on view has a form with changes that were not saved. */
export function hayCambiosSinGuardar(): boolean {
  return [...registros].some((r) => r.activo && pendiente(r));
}

export const PREGUNTA_DESCARTAR: OpcionesConfirmacion = {
  titulo: '¿Descartar los cambios?',
  mensaje: 'Lo que escribió en este formulario todavía no se guardó.',
  aceptar: 'Descartar',
  cancelar: 'Seguir editando',
};

function alDescargar(e: BeforeUnloadEvent) {
  // The browser shows its own question; the text cannot be chosen.
  e.preventDefault();
}

let escuchandoDescarga = false;

/**
 * The tab's close or reload asks only while a mounted form (on view or not: the text of a screen
 * behind is lost too) has changes, so a page without them closes without a word.
 */
function actualizarDescarga() {
  const hace = [...registros].some(pendiente);
  if (hace === escuchandoDescarga) return;
  escuchandoDescarga = hace;
  if (hace) window.addEventListener('beforeunload', alDescargar);
  else window.removeEventListener('beforeunload', alDescargar);
}

/** Over Ionic's router (0), under the menu (99) and the overlays (100): an open alert closes first. */
const PRIORIDAD_VOLVER = 50;

/** The `ionBackButton` event of Ionic (Android's back button in the app). */
type EventoVolver = CustomEvent<{ register: (prioridad: number, accion: (siguiente: () => void) => void) => void }>;

/**
 * Whether the person may leave the screen on view: at once without unsaved changes; else after
 * asking «¿Descartar los cambios?» («Seguir editando», Escape and the backdrop: false;
 * «Descartar»: true, and those forms do not ask again). For what takes a promise (an IonModal's
 * `canDismiss`).
 */
export function usePermisoParaSalir(): () => Promise<boolean> {
  const confirmar = useConfirmar();
  const abierta = useRef<Promise<boolean> | null>(null);
  return useCallback(() => {
    if (!hayCambiosSinGuardar()) return Promise.resolve(true);
    // A second tap while the question is open waits for the same answer, without another alert.
    abierta.current ??= confirmar(PREGUNTA_DESCARTAR).then((descartar) => {
      abierta.current = null;
      if (descartar) {
        // Only the forms with changes: one still as it opened keeps asking once it is typed in.
        for (const r of registros) if (r.activo && pendiente(r)) r.descartado = true;
        actualizarDescarga();
      }
      return descartar;
    });
    return abierta.current;
  }, [confirmar]);
}

/**
 * Runs `salir` (a way out of the screen: Cancelar, the back arrow, a menu entry), at once when
 * the screen on view has no unsaved changes, else once the person chose «Descartar».
 */
export function useConfirmarSalida(): (salir: () => void) => void {
  const permiso = usePermisoParaSalir();
  const preguntando = useRef(false);
  return useCallback(
    (salir: () => void) => {
      if (!hayCambiosSinGuardar()) {
        salir();
        return;
      }
      // A second tap while the question is open is not a second way out.
      if (preguntando.current) return;
      preguntando.current = true;
      void permiso().then((puede) => {
        preguntando.current = false;
        if (puede) salir();
      });
    },
    [permiso],
  );
}

/**
 * Declares a form's unsaved changes: `sucio` is whether its values differ from the ones it
 * opened with (`useFormulario`'s `sucio`). A save, sent or kept in the outbox, calls
 * `f.guardado()` (what was sent is the new starting point), so nothing asks after it.
 *
 * It gives the Cancelar of a form that closes inside its screen (a signature, an item being
 * added): `descartar(cerrar)` closes at once when this form has no changes, else after
 * «Descartar», which lets go of this form's changes only, not those of the rest of the screen.
 */
export function useCambiosSinGuardar(sucio: boolean): (cerrar: () => void) => void {
  const [registro] = useState<Registro>(() => ({ sucio: false, activo: true, descartado: false }));
  const confirmarSalida = useConfirmarSalida();
  const confirmar = useConfirmar();
  const preguntando = useRef(false);

  useEffect(() => {
    registros.add(registro);
    return () => {
      registros.delete(registro);
      actualizarDescarga();
    };
  }, [registro]);

  useEffect(() => {
    registro.sucio = sucio;
    // Back to the first values: a later change asks again.
    if (!sucio) registro.descartado = false;
    actualizarDescarga();
  }, [registro, sucio]);

  useIonViewWillEnter(() => {
    registro.activo = true;
  });
  useIonViewWillLeave(() => {
    registro.activo = false;
  });

  useEffect(() => {
    if (!sucio) return;
    const alVolver = (e: Event) => {
      if (!registro.activo || !pendiente(registro)) return;
      (e as EventoVolver).detail.register(PRIORIDAD_VOLVER, () => {
        // What Ionic's router does with this button, once the person chose «Descartar».
        confirmarSalida(() => window.history.back());
      });
    };
    document.addEventListener('ionBackButton', alVolver);
    return () => document.removeEventListener('ionBackButton', alVolver);
  }, [registro, sucio, confirmarSalida]);

  return useCallback(
    (cerrar: () => void) => {
      // `sucio` as rendered: the effect that copies it into the register may not have run yet.
      if (!sucio || registro.descartado) {
        cerrar();
        return;
      }
      if (preguntando.current) return;
      preguntando.current = true;
      void confirmar(PREGUNTA_DESCARTAR).then((descartar) => {
        preguntando.current = false;
        if (!descartar) return;
        registro.descartado = true;
        actualizarDescarga();
        cerrar();
      });
    },
    [registro, sucio, confirmar],
  );
}
