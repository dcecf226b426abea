import type { UsuarioLogueado } from '@delego/contract';
import {
  createContext,
  useCallback,
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

/** Adds a screen's subscription to the session's; the returned function takes it away. */
type AgregarSuscripcion = (destino: string, manejador: Manejador) => () => void;
const SuscripcionesDePantallaContext = createContext<AgregarSuscripcion | null>(null);

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
  /** The session's subscriptions, by the user's permissions. */
  const deSesionRef = useRef<ReadonlyMap<string, Manejador>>(new Map());
  /** Those of the screens on display (the order being viewed), each destination with its handlers. */
  const dePantallasRef = useRef(new Map<string, Set<Manejador>>());

  useEffect(() => {
    configRef.current = config;
  });

  /** The session's subscriptions and the screens', together, to the channel. */
  const aplicar = useCallback(() => {
    const deseadas = new Map(deSesionRef.current);
    for (const [destino, manejadores] of dePantallasRef.current) {
      const deSesion = deseadas.get(destino);
      deseadas.set(destino, (cuerpo) => {
        deSesion?.(cuerpo);
        for (const manejador of manejadores) manejador(cuerpo);
      });
    }
    canalRef.current?.fijarSuscripciones(deseadas);
  }, []);

  const agregar = useCallback<AgregarSuscripcion>(
    (destino, manejador) => {
      const dePantallas = dePantallasRef.current;
      let manejadores = dePantallas.get(destino);
      if (!manejadores) dePantallas.set(destino, (manejadores = new Set()));
      // Its own entry, so that the same handler added twice is taken away once per removal.
      const propio: Manejador = (cuerpo) => manejador(cuerpo);
      manejadores.add(propio);
      aplicar();
      return () => {
        manejadores.delete(propio);
        if (!manejadores.size && dePantallas.get(destino) === manejadores) dePantallas.delete(destino);
        aplicar();
      };
    },
    [aplicar],
  );

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
    deSesionRef.current = configRef.current.suscripciones(actual.usuario);
    aplicar();
    canal.iniciar();
    return () => {
      if (canalRef.current === canal) canalRef.current = null;
      if (canalActual === canal) canalActual = null;
      setConnected(false);
      void canal.detener();
    };
  }, [credenciales, aplicar]);

  // Permissions can change while connected (the stored user is refreshed): follow them.
  useEffect(() => {
    if (!usuario) return;
    deSesionRef.current = config.suscripciones(usuario);
    aplicar();
  }, [usuario, config, aplicar]);

  const valor = useMemo(() => ({ connected }), [connected]);
  return (
    <ConexionEnVivoContext value={valor}>
      <SuscripcionesDePantallaContext value={agregar}>{children}</SuscripcionesDePantallaContext>
    </ConexionEnVivoContext>
  );
}

/**
 * A screen's own subscription, beside the session's, while it is mounted and `destino` is not
 * null (the order being viewed: `/orden/{id}`). It follows the connection: subscribed again after
 * every reconnect, unsubscribed when the screen leaves or the destination changes. The latest
 * `manejador` handles each message.
 */
export function useSuscripcionEnVivo(destino: string | null, manejador: Manejador): void {
  const agregar = useContext(SuscripcionesDePantallaContext);
  const manejadorRef = useRef(manejador);
  useEffect(() => {
    manejadorRef.current = manejador;
  });
  useEffect(() => {
    if (!agregar || destino === null) return undefined;
    return agregar(destino, (cuerpo) => manejadorRef.current(cuerpo));
  }, [agregar, destino]);
}

export function useLiveConnection(): EstadoConexionEnVivo {
  return useContext(ConexionEnVivoContext);
}
