import type { UsuarioLogueado } from '@delego/contract';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { leerSesion, suscribirSesion } from '../session';
import { CanalEnVivo, type Manejador } from './canal-en-vivo';
import { urlSocket } from './destinos';

/** State of the live-update socket (SPEC §4 Connection), read by the menu's indicator. */
export interface EstadoConexionEnVivo {
  connected: boolean;
}

const ConexionEnVivoContext = createContext<EstadoConexionEnVivo>({ connected: false });

/** What the app does with the live channel; the app layer builds it (it knows every feature). */
export interface ConfigEnVivo {
  /** The destinations this user subscribes to, and what a message on each does. */
  suscripciones(usuario: UsuarioLogueado): ReadonlyMap<string, Manejador>;
  /** After a reconnect: messages may have been missed while the socket was down. */
  alReconectar?(usuario: UsuarioLogueado): void;
  /** The server sent an ERROR frame (it closes the socket right after). */
  alRechazo?(mensaje: string): void;
}

/** The channel of the current session, so that logout can close it before the session goes. */
let canalActual: CanalEnVivo | null = null;

/**
 * Logout (SPEC §4): unsubscribes every channel and disconnects, with the session still present.
 * The provider would also disconnect once the session is removed; this makes it explicit and first.
 */
export function cerrarCanalesEnVivo(): Promise<void> {
  const canal = canalActual;
  canalActual = null;
  return canal ? canal.detener() : Promise.resolve();
}

/**
 * Keeps the live socket open while somebody is logged in: connects with the stored credentials,
 * subscribes according to the user's permissions (again whenever the user changes), and closes
 * on logout. A change of credentials (another user, a new password) means a new connection.
 */
export function LiveProvider({ config, children }: { config: ConfigEnVivo; children: ReactNode }) {
  const sesion = useSyncExternalStore(suscribirSesion, leerSesion, () => null);
  const usuario = sesion?.usuario ?? null;
  const credenciales = sesion ? `${sesion.usuario.id}\n${sesion.usuario.usuario}\n${sesion.md5}` : null;
  const [connected, setConnected] = useState(false);
  const canalRef = useRef<CanalEnVivo | null>(null);
  const configRef = useRef(config);

  useEffect(() => {
    configRef.current = config;
  });

  useEffect(() => {
    const actual = leerSesion();
    if (!credenciales || !actual) return;
    const canal: CanalEnVivo = new CanalEnVivo({
      url: urlSocket(),
      usuario: actual.usuario.usuario,
      md5: actual.md5,
      alCambiarConexion: (conectado) => {
        if (canalRef.current === canal) setConnected(conectado);
      },
      alConectar: (reconexion) => {
        const usuarioActual = leerSesion()?.usuario;
        if (reconexion && usuarioActual) configRef.current.alReconectar?.(usuarioActual);
      },
      alRechazo: (mensaje) => configRef.current.alRechazo?.(mensaje),
    });
    canalRef.current = canal;
    canalActual = canal;
    canal.fijarSuscripciones(configRef.current.suscripciones(actual.usuario));
    canal.iniciar();
    return () => {
      if (canalRef.current === canal) canalRef.current = null;
      if (canalActual === canal) canalActual = null;
      setConnected(false);
      void canal.detener();
    };
  }, [credenciales]);

  // Permissions can change while connected (the stored user is refreshed): follow them.
  useEffect(() => {
    if (usuario) canalRef.current?.fijarSuscripciones(config.suscripciones(usuario));
  }, [usuario, config]);

  const valor = useMemo(() => ({ connected }), [connected]);
  return <ConexionEnVivoContext value={valor}>{children}</ConexionEnVivoContext>;
}

export function useLiveConnection(): EstadoConexionEnVivo {
  return useContext(ConexionEnVivoContext);
}
