import type { UsuarioLogueado } from '@delego/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ApiError, ErrorDeUsuario } from '../../../lib/errors';
import { esNativa } from '../../../lib/nativo/plataforma';
import {
  activarPush,
  activarPushNativo,
  leerDispositivo,
  permisoNotificaciones,
  registrarServiceWorker,
  soportaPush,
  suscribirDispositivo,
} from '../../../lib/push';
import { useClaveVapid } from '../api/get-clave-vapid';

/**
 * Web Push on this device, as the notifications screen offers it:
 * - 'no-soportado': the browser cannot (or the page is not a secure context);
 * - 'cargando': asking the server for its key;
 * - 'no-disponible': the server has push turned off;
 * - 'bloqueado': the person refused notifications in the browser;
 * - 'inactivo': it can be turned on (from a tap: browsers only ask after a gesture);
 * - 'activo': this device is registered for the user.
 */
export type EstadoPush = 'no-soportado' | 'cargando' | 'no-disponible' | 'bloqueado' | 'inactivo' | 'activo';

export const MENSAJE_PUSH_FALLIDO = 'No se pudieron activar las notificaciones en este navegador.';
export const MENSAJE_PUSH_NATIVO_FALLIDO = 'No se pudieron activar las notificaciones en este teléfono.';

export function usePush(usuario: Pick<UsuarioLogueado, 'id'> | null) {
  // The native app (issue 17) has its own push (FCM, APNs): no service worker nor VAPID key.
  const [nativa] = useState(esNativa);
  const soporta = nativa || soportaPush();
  const vapid = useClaveVapid(!!usuario && !nativa);
  const dispositivo = useSyncExternalStore(suscribirDispositivo, leerDispositivo, () => null);
  const [permiso, setPermiso] = useState(permisoNotificaciones);

  const activacion = useMutation({
    mutationFn: async () => {
      if (nativa) {
        if (!usuario) return;
        try {
          if ((await activarPushNativo(usuario.id, { pedirPermiso: true })) === 'denegado') setPermiso('denied');
        } catch (error) {
          if (error instanceof ApiError) throw error;
          console.warn('Registro push nativo fallido', error);
          throw new ErrorDeUsuario(MENSAJE_PUSH_NATIVO_FALLIDO);
        }
        return;
      }
      const clave = vapid.data;
      if (!usuario || !clave) return;
      // Only from a tap: this is where the browser asks the person.
      const respuesta = await Notification.requestPermission();
      setPermiso(respuesta);
      if (respuesta !== 'granted') return;
      try {
        await activarPush(usuario.id, clave);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        console.warn('Suscripción Web Push fallida', error);
        throw new ErrorDeUsuario(MENSAJE_PUSH_FALLIDO);
      }
    },
  });

  let estado: EstadoPush;
  if (!soporta) estado = 'no-soportado';
  else if (!nativa && vapid.isPending) estado = 'cargando';
  else if (!nativa && !vapid.data) estado = 'no-disponible';
  else if (usuario && dispositivo?.usuarioId === usuario.id) estado = 'activo';
  else if (permiso === 'denied') estado = 'bloqueado';
  else estado = 'inactivo';

  return { estado, activar: () => activacion.mutate(), activando: activacion.isPending };
}

/**
 * After login, when the browser supports it and the server has a VAPID key: registers the service
 * worker, and, if the person already allowed notifications here, registers this device for the
 * user without asking anything.
 */
export function usePushAutomatico(usuario: Pick<UsuarioLogueado, 'id'> | null): void {
  const vapid = useClaveVapid(!!usuario && !esNativa());
  const clave = vapid.data ?? null;
  const usuarioId = usuario?.id ?? null;

  useEffect(() => {
    // The native app asks once after login (the system shows its own question only once).
    if (usuarioId === null || !esNativa()) return;
    activarPushNativo(usuarioId, { pedirPermiso: true }).catch((error: unknown) =>
      console.warn('No se pudo preparar el push nativo', error),
    );
  }, [usuarioId]);

  useEffect(() => {
    if (usuarioId === null || !clave || !soportaPush() || esNativa()) return;
    let vigente = true;
    registrarServiceWorker()
      .then(() => {
        if (vigente && permisoNotificaciones() === 'granted') return activarPush(usuarioId, clave);
      })
      .catch((error: unknown) => console.warn('No se pudo preparar Web Push', error));
    return () => {
      vigente = false;
    };
  }, [usuarioId, clave]);
}
