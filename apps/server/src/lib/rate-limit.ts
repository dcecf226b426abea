/** At most `max` calls in each window of `ventanaMs`. */
export interface Limite {
  max: number;
  ventanaMs: number;
}

/** The public limits count in windows of a quarter of an hour, or of an hour for the rarest acts. */
export const cadaCuartoDeHora = (max: number): Limite => ({ max, ventanaMs: 15 * 60_000 });
export const cadaHora = (max: number): Limite => ({ max, ventanaMs: 60 * 60_000 });

interface Ventana {
  usadas: number;
  desde: number;
  ventanaMs: number;
}

/**
 * Counts calls of the public routes (accounts) under keys such as `registro:d:<address>` or
 * `recuperar:c:<login>`, in fixed windows; the address is its group (`grupoDeDireccion`: an IPv6
 * address by its /64). In memory, per instance: with N instances behind a
 * balancer a key gets at most N times its limit, which still stops a burst. Memory is bounded:
 * past `maxEntries` the ended windows go, then the oldest.
 */
export class RateLimiter {
  private readonly ventanas = new Map<string, Ventana>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 100_000,
  ) {}

  /**
   * One call that counts against every key given: refused (seconds to wait, nothing counted) when
   * any of them is used up, otherwise counted against all of them and 0.
   */
  take(claves: readonly (readonly [string, Limite])[]): number {
    const t = this.now();
    let espera = 0;
    for (const [clave, limite] of claves) {
      const v = this.vigente(clave, t);
      if (v && v.usadas >= limite.max) espera = Math.max(espera, Math.ceil((v.desde + v.ventanaMs - t) / 1000));
    }
    if (espera > 0) return espera;
    for (const [clave, limite] of claves) {
      const v = this.vigente(clave, t);
      if (v) v.usadas += 1;
      else this.ventanas.set(clave, { usadas: 1, desde: t, ventanaMs: limite.ventanaMs });
    }
    if (this.ventanas.size > this.maxEntries) this.recortar(t);
    return 0;
  }

  private vigente(clave: string, t: number): Ventana | undefined {
    const v = this.ventanas.get(clave);
    if (v && v.desde + v.ventanaMs <= t) {
      this.ventanas.delete(clave);
      return undefined;
    }
    return v;
  }

  private recortar(t: number): void {
    for (const [clave, v] of this.ventanas) if (v.desde + v.ventanaMs <= t) this.ventanas.delete(clave);
    let sobran = this.ventanas.size - Math.floor(this.maxEntries * 0.9);
    for (const clave of this.ventanas.keys()) {
      if (sobran-- <= 0) break;
      this.ventanas.delete(clave);
    }
  }
}
