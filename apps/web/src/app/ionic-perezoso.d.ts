/** The loader of the Ionic components that load when first drawn (apps/web/ionic-perezoso.ts). */
declare module 'virtual:ionic-perezoso' {
  /** Loads them all now (once); does nothing in the unit tests and `npm run dev`. */
  export function precargarIonic(): void;
}
