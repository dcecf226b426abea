import { RUTAS } from '@delego/contract';
import { llamar, type Credenciales } from '../http';
import { plataformaNativa } from '../nativo/plataforma';
import { desactivarPushNativo, tokenPushNativo } from '../nativo/push';
import { valorGuardado } from '../valor-guardado';
import { desuscribirNavegador, suscribirNavegador } from './navegador';

/**
 * The device registered for push notifications (SPEC §7 Notifications, §4 Logout): its token is
 * remembered here so that logout can unregister it.
 */
export interface DispositivoRegistrado {
  usuarioId: number;
  token: string;
}

export const CLAVE_DISPOSITIVO = 'delego.push';

type Oyente = () => void;
const oyentes = new Set<Oyente>();

const guardado = valorGuardado<DispositivoRegistrado>(CLAVE_DISPOSITIVO, (dato) => {
  const d = dato as Partial<DispositivoRegistrado>;
  if (typeof d.usuarioId !== 'number' || typeof d.token !== 'string' || !d.token) return null;
  return { usuarioId: d.usuarioId, token: d.token };
});

/** The registered device, or null; the same object until the stored value changes. */
export function leerDispositivo(): DispositivoRegistrado | null {
  return guardado.leer();
}

function guardarDispositivo(dispositivo: DispositivoRegistrado): void {
  guardado.guardar(dispositivo);
  for (const oyente of oyentes) oyente();
}

function olvidarDispositivo(): void {
  guardado.borrar();
  for (const oyente of oyentes) oyente();
}

export function suscribirDispositivo(oyente: Oyente): () => void {
  oyentes.add(oyente);
  return () => {
    oyentes.delete(oyente);
  };
}

/** GET /api/v2/notificaciones/registrar/{flag}/{deviceToken}: answers `{ ok, registrado }`. */
export function registrarDispositivo(
  registrar: boolean,
  token: string,
  credenciales?: Credenciales,
): Promise<{ ok: boolean; registrado: boolean }> {
  const flag = registrar ? 'true' : 'false';
  return llamar(RUTAS.registrarDispositivo, { params: { flag, deviceToken: token }, credenciales });
}

/**
 * Subscribes this browser (permission already granted) and registers it for the user; the token
 * is remembered for logout.
 */
export async function activarPush(usuarioId: number, clavePublica: string): Promise<void> {
  const token = await suscribirNavegador(clavePublica);
  await registrarDispositivo(true, token);
  guardarDispositivo({ usuarioId, token });
}

/**
 * The native app (issue 17): the phone's FCM or APNs token, registered and remembered like a
 * browser's subscription. 'activo' when registered; otherwise what the permission is.
 */
export async function activarPushNativo(
  usuarioId: number,
  { pedirPermiso }: { pedirPermiso: boolean },
): Promise<'activo' | 'denegado' | 'sin-preguntar'> {
  const resultado = await tokenPushNativo({ pedirPermiso });
  if ('permiso' in resultado) return resultado.permiso;
  await registrarDispositivo(true, resultado.token);
  guardarDispositivo({ usuarioId, token: resultado.token });
  return 'activo';
}

/**
 * Logout (SPEC §4): unregisters the remembered device with the credentials of the session that is
 * ending (call it before the session is removed) and drops the browser's subscription. Failures
 * are silent: the person is leaving, and the server forgets dead subscriptions on its own.
 */
export function desregistrarDispositivo(credenciales: Credenciales | undefined): Promise<void> {
  const dispositivo = leerDispositivo();
  if (dispositivo) olvidarDispositivo();
  const llamada =
    dispositivo && credenciales
      ? registrarDispositivo(false, dispositivo.token, credenciales).catch(() => undefined)
      : Promise.resolve();
  const navegador = (plataformaNativa() ? desactivarPushNativo() : desuscribirNavegador()).catch(() => undefined);
  return Promise.all([llamada, navegador]).then(() => undefined);
}
