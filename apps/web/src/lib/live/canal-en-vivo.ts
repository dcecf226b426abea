import { CONSTANTES } from '@delego/contract';
import { Client, type IMessage, type StompSubscription } from '@stomp/stompjs';

/** What a message on one destination does; it receives the parsed JSON body. */
export type Manejador = (cuerpo: unknown) => void;

export interface OpcionesCanal {
  url: string;
  /** The stored credentials: CONNECT sends them as login/passcode. */
  usuario: string;
  md5: string;
  alCambiarConexion(conectado: boolean): void;
  /** After each CONNECTED; `reconexion` is false the first time. */
  alConectar?(reconexion: boolean): void;
  /** The server answered with an ERROR frame (credentials or permissions changed, a refusal). */
  alRechazo?(mensaje: string): void;
}

/** Heart-beats both ways, as the server offers them. */
export const LATIDO_MS = 10_000;
/** A connection attempt that has not reached CONNECTED by then is dropped and retried. */
export const ESPERA_CONEXION_MS = 8_000;

/**
 * The one STOMP client of the app (SPEC §7 Live socket) for one set of credentials. It retries
 * every 5 s until it connects (SPEC §4, §9), keeps the wanted subscriptions, and subscribes them
 * again after every reconnect (a new socket starts with none).
 */
export class CanalEnVivo {
  private readonly cliente: Client;
  private deseadas = new Map<string, Manejador>();
  private readonly activas = new Map<string, StompSubscription>();
  private conectado = false;
  private conexiones = 0;
  private detenido = false;

  constructor(private readonly o: OpcionesCanal) {
    this.cliente = new Client({
      brokerURL: o.url,
      connectHeaders: { login: o.usuario, passcode: o.md5 },
      reconnectDelay: CONSTANTES.reconexionSocketMs,
      heartbeatIncoming: LATIDO_MS,
      heartbeatOutgoing: LATIDO_MS,
      connectionTimeout: ESPERA_CONEXION_MS,
      onConnect: () => this.alConectar(),
      onWebSocketClose: () => this.alPerderConexion(),
      onStompError: (frame) => this.o.alRechazo?.(frame.headers.message ?? frame.body),
    });
  }

  iniciar(): void {
    if (!this.detenido) this.cliente.activate();
  }

  /**
   * The destinations wanted now and what each does. While connected, the difference is applied
   * at once (UNSUBSCRIBE what is no longer wanted, SUBSCRIBE what is new); a handler that
   * changed for the same destination is simply used from now on.
   */
  fijarSuscripciones(deseadas: ReadonlyMap<string, Manejador>): void {
    if (this.detenido) return;
    this.deseadas = new Map(deseadas);
    if (!this.conectado) return;
    for (const [destino, suscripcion] of [...this.activas]) {
      if (!this.deseadas.has(destino)) {
        this.activas.delete(destino);
        intentar(() => suscripcion.unsubscribe());
      }
    }
    for (const destino of this.deseadas.keys()) {
      if (!this.activas.has(destino)) this.suscribir(destino);
    }
  }

  /** Logout (SPEC §4): UNSUBSCRIBE everything, DISCONNECT, and no more reconnection. */
  async detener(): Promise<void> {
    if (this.detenido) return;
    this.detenido = true;
    if (this.conectado) {
      for (const suscripcion of this.activas.values()) intentar(() => suscripcion.unsubscribe());
    }
    this.activas.clear();
    this.deseadas.clear();
    this.conectado = false;
    await this.cliente.deactivate();
  }

  private suscribir(destino: string): void {
    const suscripcion = intentar(() => this.cliente.subscribe(destino, (mensaje) => this.entregar(destino, mensaje)));
    if (suscripcion) this.activas.set(destino, suscripcion);
  }

  private entregar(destino: string, mensaje: IMessage): void {
    const manejador = this.deseadas.get(destino);
    if (!manejador) return;
    let cuerpo: unknown;
    try {
      cuerpo = JSON.parse(mensaje.body) as unknown;
    } catch {
      console.warn('Mensaje en vivo que no es JSON', destino);
      return;
    }
    try {
      manejador(cuerpo);
    } catch (error) {
      console.error('Error al procesar un mensaje en vivo', destino, error);
    }
  }

  private alConectar(): void {
    if (this.detenido) return;
    // A new socket: the subscriptions of the previous one are gone on both ends.
    this.activas.clear();
    this.conectado = true;
    for (const destino of this.deseadas.keys()) this.suscribir(destino);
    this.o.alCambiarConexion(true);
    this.o.alConectar?.(this.conexiones > 0);
    this.conexiones += 1;
  }

  private alPerderConexion(): void {
    this.activas.clear();
    if (!this.conectado) return;
    this.conectado = false;
    if (!this.detenido) this.o.alCambiarConexion(false);
  }
}

function intentar<T>(accion: () => T): T | undefined {
  try {
    return accion();
  } catch (error) {
    // The socket went away between the check and the call: the next CONNECTED starts over.
    console.warn('Operación STOMP sin conexión', error);
    return undefined;
  }
}
