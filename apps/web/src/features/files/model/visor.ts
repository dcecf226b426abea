/**
 * The image viewer's rules, pure so they are tested beside: which image is next or previous, how
 * far it may zoom, where a zoom centred on a point leaves the image, and when a drag is a swipe.
 */

export interface Vista {
  /** 1 = the image fits the screen. */
  escala: number;
  /** Offset of the image's centre from the screen's centre, in CSS pixels. */
  x: number;
  y: number;
}

export interface Caja {
  ancho: number;
  alto: number;
}

export const VISTA_INICIAL: Vista = { escala: 1, x: 0, y: 0 };
export const ESCALA_MINIMA = 1;
export const ESCALA_MAXIMA = 5;
/** Where a double tap (or double click) zooms to. */
export const ESCALA_DOBLE_TOQUE = 2.5;
/** Each press of the + and − buttons. */
export const PASO_ZOOM = 1.5;
/** Pixels a finger must travel sideways before a drag counts as a swipe. */
export const UMBRAL_DESLIZAMIENTO = 60;

export function limitarEscala(escala: number): number {
  if (!Number.isFinite(escala)) return ESCALA_MINIMA;
  return Math.min(ESCALA_MAXIMA, Math.max(ESCALA_MINIMA, escala));
}

/** The image `delta` places away from `actualId` (+1 next, −1 previous); null past either end. */
export function vecino<T extends { id: number }>(lista: readonly T[], actualId: number, delta: number): T | null {
  const i = lista.findIndex((x) => x.id === actualId);
  if (i < 0) return null;
  return lista[i + delta] ?? null;
}

/** '2 de 5'; '' when the image is not in the list. */
export function textoPosicion(lista: readonly { id: number }[], actualId: number): string {
  const i = lista.findIndex((x) => x.id === actualId);
  return i < 0 ? '' : `${i + 1} de ${lista.length}`;
}

/** Keeps the zoomed image covering the screen: it cannot be dragged past its own edges. */
export function limitarDesplazamiento(v: Vista, caja: Caja): Vista {
  const escala = limitarEscala(v.escala);
  const maxX = ((escala - 1) * caja.ancho) / 2;
  const maxY = ((escala - 1) * caja.alto) / 2;
  const limitar = (n: number, max: number) => (max <= 0 ? 0 : Math.min(max, Math.max(-max, n)));
  return { escala, x: limitar(v.x, maxX), y: limitar(v.y, maxY) };
}

/**
 * Zooms to `escala` keeping the point under the finger or cursor still. `punto` is relative to the
 * screen's centre (the centre when absent: the buttons).
 */
export function zoomEnPunto(v: Vista, escala: number, caja: Caja, punto = { x: 0, y: 0 }): Vista {
  const nueva = limitarEscala(escala);
  const factor = nueva / v.escala;
  return limitarDesplazamiento(
    { escala: nueva, x: punto.x - (punto.x - v.x) * factor, y: punto.y - (punto.y - v.y) * factor },
    caja,
  );
}

/** The zoom after one wheel step (deltaY > 0 zooms out, as in maps). */
export function escalaConRueda(escala: number, deltaY: number): number {
  return limitarEscala(escala * Math.exp(-deltaY * 0.0015));
}

/** A double tap zooms in from the fitted image, and back to fitted from any zoom. */
export function escalaDobleToque(escala: number): number {
  return escala > 1.01 ? 1 : ESCALA_DOBLE_TOQUE;
}

/**
 * A finished drag of the fitted image: +1 (show the next image) when it went left far enough and
 * mostly sideways, −1 (previous) when it went right, 0 otherwise.
 */
export function direccionDeslizamiento(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < UMBRAL_DESLIZAMIENTO || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  return dx < 0 ? 1 : -1;
}
