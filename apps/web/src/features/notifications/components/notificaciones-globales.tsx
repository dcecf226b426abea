import type { Notificacion } from '@delego/contract';
import { IonToast, useIonRouter } from '@ionic/react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { destinoSeguro, useSession } from '../../auth';
import { useNotificaciones } from '../api/get-notificaciones';
import { useMarcarLeida } from '../api/marcar-leida';
import { usePushAutomatico } from '../hooks/use-push';
import { escucharAvisos } from '../model/avisos';
import { rutaDeNotificacion } from '../model/lista';
import './notificaciones-globales.css';

/** How long the toast of a new notification stays. */
export const DURACION_AVISO_MS = 6000;

/** What the service worker posts when a push notification is tapped (public/sw.js). */
interface MensajeServiceWorker {
  tipo: 'delego.abrir';
  ruta: string;
  notificacionId?: number | null;
}

function esMensajeAbrir(dato: unknown): dato is MensajeServiceWorker {
  const m = dato as Partial<MensajeServiceWorker> | null;
  return !!m && m.tipo === 'delego.abrir' && typeof m.ruta === 'string';
}

/**
 * Mounted once inside the router: the toast of a notification that arrives on the live socket
 * (tapping it opens the order), the routing of a tapped push notification, and Web Push set-up
 * after login.
 */
export function NotificacionesGlobales() {
  const { usuario } = useSession();
  const router = useIonRouter();
  const { pathname } = useLocation();
  const { data: lista } = useNotificaciones(usuario);
  const { mutate: marcarLeida } = useMarcarLeida();
  const [aviso, setAviso] = useState<Notificacion | null>(null);
  usePushAutomatico(usuario);

  useEffect(() => escucharAvisos(setAviso), []);

  const abrir = useCallback(
    (ruta: string, notificacionId: number | null | undefined, marcar: boolean) => {
      if (marcar && typeof notificacionId === 'number') marcarLeida(notificacionId);
      router.push(ruta, 'forward');
    },
    [marcarLeida, router],
  );

  const hayUsuario = !!usuario;
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const contenedor = navigator.serviceWorker;
    const alMensaje = (evento: MessageEvent) => {
      if (!esMensajeAbrir(evento.data)) return;
      const ruta = destinoSeguro(evento.data.ruta);
      if (ruta) abrir(ruta, evento.data.notificacionId, hayUsuario);
    };
    contenedor.addEventListener('message', alMensaje);
    return () => contenedor.removeEventListener('message', alMensaje);
  }, [abrir, hayUsuario]);

  // Nothing of a session that ended stays on screen, nor a notification already seen: read, or
  // on the notifications screen, which lists it. (Adjusting state while rendering: React's way to
  // drop it at once, so it cannot come back when the person leaves that screen.)
  const yaVista =
    !!aviso && (!usuario || pathname === '/notificaciones' || !!lista?.some((n) => n.id === aviso.id && n.leida));
  if (yaVista) setAviso(null);
  const visible = yaVista ? null : aviso;
  if (!visible) return null;
  const ver = () => {
    setAviso(null);
    abrir(rutaDeNotificacion(visible), visible.id, true);
  };
  return (
    <IonToast
      key={visible.id}
      isOpen
      className="aviso-notificacion"
      header={visible.titulo}
      message={visible.mensaje}
      duration={DURACION_AVISO_MS}
      position="top"
      color="dark"
      swipeGesture="vertical"
      buttons={[{ text: 'Ver', handler: ver }]}
      onClick={(e) => {
        // Tapping the toast anywhere opens it too (the 'Ver' button has its own handler).
        const enBoton = e.nativeEvent.composedPath().some((el) => el instanceof HTMLElement && el.tagName === 'BUTTON');
        if (!enBoton) ver();
      }}
      onDidDismiss={() => setAviso((actual) => (actual?.id === visible.id ? null : actual))}
      data-testid="aviso-notificacion"
    />
  );
}
