/**
 * A finger signature (issue 31): the strokes drawn on a canvas, turned into a PNG data URL that
 * the server checks again (a real PNG, at most 200 KB). The decisions are pure and tested in Node;
 * the drawing itself is `components/firma-canvas.tsx`.
 */

export interface Punto {
  x: number;
  y: number;
}

/** One stroke: the points from touching the canvas to lifting the finger (or the mouse button). */
export type Trazo = readonly Punto[];

/** The largest signature image the server takes (issue 31: at most 200 KB). */
export const FIRMA_MAX_BYTES = 200 * 1024;

/** Below this ink length (in canvas pixels) a drawing is a tap or a slip, not a signature. */
export const LARGO_MINIMO = 20;

/** How much ink the strokes put down: the sum of the distances between consecutive points. */
export function largoDeTrazos(trazos: readonly Trazo[]): number {
  let total = 0;
  for (const trazo of trazos) {
    for (let i = 1; i < trazo.length; i++) {
      const a = trazo[i - 1];
      const b = trazo[i];
      if (a && b) total += Math.hypot(b.x - a.x, b.y - a.y);
    }
  }
  return total;
}

/** Whether the strokes are enough to call them a signature. */
export function hayFirma(trazos: readonly Trazo[]): boolean {
  return largoDeTrazos(trazos) >= LARGO_MINIMO;
}

/**
 * A point of a pointer event in the canvas's own pixels: the canvas may be drawn smaller or larger
 * than its pixel size (CSS width, device pixel ratio).
 */
export function puntoEnCanvas(
  cliente: { clientX: number; clientY: number },
  rect: { left: number; top: number; width: number; height: number },
  canvas: { width: number; height: number },
): Punto {
  const escalaX = rect.width > 0 ? canvas.width / rect.width : 1;
  const escalaY = rect.height > 0 ? canvas.height / rect.height : 1;
  return { x: (cliente.clientX - rect.left) * escalaX, y: (cliente.clientY - rect.top) * escalaY };
}

const PREFIJO_PNG = 'data:image/png;base64,';

/** The bytes a base64 data URL carries (without decoding it). */
export function bytesDeDataUrl(dataUrl: string): number {
  const coma = dataUrl.indexOf(',');
  const b64 = coma >= 0 ? dataUrl.slice(coma + 1) : dataUrl;
  const relleno = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - relleno;
}

/** What is wrong with a signature before it is sent, in Spanish; null when it can go. */
export function problemaDeFirma(trazos: readonly Trazo[], dataUrl: string | null): string | null {
  if (!hayFirma(trazos) || dataUrl === null) return 'Firme dentro del recuadro antes de aceptar.';
  if (!dataUrl.startsWith(PREFIJO_PNG)) return 'La firma no es una imagen PNG.';
  if (bytesDeDataUrl(dataUrl) > FIRMA_MAX_BYTES) return 'La firma supera los 200 KB: bórrela y firme de nuevo.';
  return null;
}
