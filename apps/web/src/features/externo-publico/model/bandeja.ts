import { ApiError } from '../../../lib/errors';
import { esTransitorio, nuevaClave } from '../../../lib/outbox';
import { borrarCambioExterno, guardarCambioExterno, leerCambiosExterno, type CambioExterno } from './almacen';

/**
 * The contractor's outbox (issue 33 part 2): every change made on the page goes through it, so a
 * contractor without a connection keeps working and nothing is lost. It is the field app's outbox
 * (lib/outbox) in small, per link instead of per user:
 *
 * - A change is stored first (IndexedDB, with its Idempotency-Key made once and when it was made),
 *   then sent at once when online and nothing is waiting before it.
 * - No connection, 5xx, 408, 429 or the same key still running: it stays pending and the replay
 *   stops there (the order is kept). It is replayed in creation order on the `online` event, every
 *   30 s while something waits, and with «Enviar ahora»; always with its first key.
 * - Another refusal (4xx): it is marked refused with the server's message, for the person to
 *   discard; the later changes still go (they are separate acts on the same order).
 * - 410 (revoked, expired) or 401 (unknown link): the link is closed. Nothing more goes out; what
 *   is waiting stays stored, so the page can say what was not sent.
 */

/** How often the outbox tries again while something waits. */
export const INTERVALO_REINTENTO_MS = 30_000;

export type NuevoCambioExterno = Pick<CambioExterno, 'tipo' | 'ordenId' | 'descripcion' | 'cuerpo' | 'archivos'>;

export interface EstadoBandejaExterno {
  cambios: CambioExterno[];
  enviando: boolean;
  /** The link stopped working (410, 401): the server's answer. */
  cerrado: ApiError | null;
}

export interface ConfigBandejaExterno {
  /** The link's key (SHA-256 of the token). */
  enlace: string;
  /** Sends one change with its key (model/enviar.ts); throws `ApiError` on failure. */
  enviar: (cambio: CambioExterno) => Promise<unknown>;
  /** What a change sent updates on the page (its queries). */
  alAplicar?: (cambio: CambioExterno, respuesta: unknown) => void;
}

const enLinea = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The link no longer opens: nothing sent with it can go through. */
export function cierraElEnlace(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 410 || error.status === 401);
}

export class BandejaExterno {
  private estado: EstadoBandejaExterno = { cambios: [], enviando: false, cerrado: null };
  private readonly oyentes = new Set<() => void>();
  private enCurso: Promise<void> | null = null;
  private siguiente: Promise<void> | null = null;
  private secuencia = 0;

  constructor(private readonly config: ConfigBandejaExterno) {}

  leer = (): EstadoBandejaExterno => this.estado;

  suscribir = (oyente: () => void): (() => void) => {
    this.oyentes.add(oyente);
    return () => {
      this.oyentes.delete(oyente);
    };
  };

  private cambiar(parcial: Partial<EstadoBandejaExterno>): void {
    this.estado = { ...this.estado, ...parcial };
    for (const o of this.oyentes) o();
  }

  /** Reads the link's outbox again from the device. */
  async recargar(): Promise<EstadoBandejaExterno> {
    const cambios = await leerCambiosExterno(this.config.enlace);
    this.secuencia = Math.max(this.secuencia, ...cambios.map((c) => c.secuencia + 1));
    this.cambiar({ cambios });
    return this.estado;
  }

  /** The link was found closed elsewhere (the page's own read): nothing more goes out. */
  cerrar(error: ApiError): void {
    if (!this.estado.cerrado) this.cambiar({ cerrado: error });
  }

  /**
   * A change made on the page: stored with its key, then sent at once when online (after whatever
   * waits before it). Resolves once stored and, online, once that attempt is over.
   */
  async agregar(nuevo: NuevoCambioExterno): Promise<CambioExterno> {
    const cambio: CambioExterno = {
      ...nuevo,
      id: nuevaClave(),
      enlace: this.config.enlace,
      creado: Date.now(),
      secuencia: this.secuencia++,
      estado: 'pendiente',
      intentos: 0,
    };
    await guardarCambioExterno(cambio);
    this.cambiar({ cambios: [...this.estado.cambios, cambio] });
    if (enLinea()) await this.procesar();
    return cambio;
  }

  /**
   * Sends what waits, in order; one replay at a time. A call during a replay runs one more after
   * it (a change added meanwhile was not in the list that replay read).
   */
  procesar = (): Promise<void> => {
    if (this.enCurso) {
      this.siguiente ??= this.enCurso.then(() => {
        this.siguiente = null;
        return this.procesar();
      });
      return this.siguiente;
    }
    this.enCurso = this.replay().finally(() => {
      this.enCurso = null;
    });
    return this.enCurso;
  };

  private async replay(): Promise<void> {
    if (this.estado.cerrado) return;
    const { cambios } = await this.recargar();
    if (!cambios.some((c) => c.estado === 'pendiente')) return;
    this.cambiar({ enviando: true });
    try {
      for (const c of cambios) {
        if (c.estado !== 'pendiente') continue;
        let respuesta: unknown;
        try {
          respuesta = await this.config.enviar(c);
        } catch (error) {
          if (cierraElEnlace(error)) {
            this.cambiar({ cerrado: error });
            return;
          }
          if (esTransitorio(error)) {
            await guardarCambioExterno({ ...c, intentos: c.intentos + 1 });
            return;
          }
          const e =
            error instanceof ApiError
              ? { status: error.status, codigo: error.code, mensaje: error.message }
              : { status: 0, codigo: 'ERROR', mensaje: 'Ocurrió un error inesperado al enviar el cambio.' };
          await guardarCambioExterno({ ...c, estado: 'rechazado', intentos: c.intentos + 1, error: e });
          continue;
        }
        await borrarCambioExterno(c.id);
        this.config.alAplicar?.(c, respuesta);
      }
    } finally {
      await this.recargar();
      this.cambiar({ enviando: false });
    }
  }

  /** Removes a change the person decided not to send (a refused one). */
  async descartar(id: string): Promise<void> {
    await borrarCambioExterno(id);
    await this.recargar();
  }

  /**
   * While the page is open: replays on the `online` event and every 30 s while something waits
   * (and the link is open). Returns the cleanup.
   */
  iniciar(): () => void {
    const alVolver = () => void this.procesar();
    window.addEventListener('online', alVolver);
    const intervalo = setInterval(() => {
      const hayPendientes = this.estado.cambios.some((c) => c.estado === 'pendiente');
      if (hayPendientes && !this.estado.cerrado && enLinea()) void this.procesar();
    }, INTERVALO_REINTENTO_MS);
    void this.recargar().then(() => (enLinea() ? this.procesar() : undefined));
    return () => {
      window.removeEventListener('online', alVolver);
      clearInterval(intervalo);
    };
  }
}
