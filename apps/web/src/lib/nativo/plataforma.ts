/**
 * Whether the app runs inside the native shell (Capacitor, issue 17; docs/APP-DE-CAMPO.md «App
 * nativa»). The shell's bridge puts `window.Capacitor` on the page before the app starts, so this
 * needs no import: the browser build never loads Capacitor's code, and the native plugins are
 * imported only once this says the app is native.
 */

export type PlataformaNativa = 'android' | 'ios';

interface PuenteCapacitor {
  isNativePlatform?: () => boolean;
  getPlatform?: () => string;
}

function puente(): PuenteCapacitor | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as { Capacitor?: PuenteCapacitor }).Capacitor;
}

/** 'android' or 'ios' inside the native app; null in a browser (an installed PWA included). */
export function plataformaNativa(): PlataformaNativa | null {
  const c = puente();
  if (!c?.isNativePlatform?.()) return null;
  const p = c.getPlatform?.();
  return p === 'android' || p === 'ios' ? p : null;
}

export function esNativa(): boolean {
  return plataformaNativa() !== null;
}

/**
 * True in the native app, and on devices whose main pointer is a finger: they get the «Tomar
 * foto» button (a desktop attaches photos by choosing files).
 */
export function tieneCamara(): boolean {
  return esNativa() || (typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches);
}
