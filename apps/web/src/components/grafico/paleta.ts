/**
 * Colours of the series and segments: the Okabe–Ito palette, told apart with the common kinds of
 * colour blindness, starting with the brand's blue.
 */
export const PALETA = ['#0b63ce', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#f0e442', '#000000'];

export function colorDe(indice: number): string {
  return PALETA[indice % PALETA.length] ?? '#0b63ce';
}

/**
 * The value of an Ionic theme colour ('success' is `--ion-color-success`) where `elemento` is, so
 * a segment gets the very colour of the badges (light or dark theme); null when it is not defined.
 */
export function colorDelTema(elemento: Element, nombre: string): string | null {
  return getComputedStyle(elemento).getPropertyValue(`--ion-color-${nombre}`).trim() || null;
}

/**
 * The fill of each of `cantidad` labels: the theme colour named for it, when there is one and the
 * theme defines it, else the palette's by position.
 */
export function coloresDeEtiquetas(
  cantidad: number,
  colores: readonly (string | null)[] | undefined,
  resolver: (nombre: string) => string | null,
): string[] {
  return Array.from({ length: cantidad }, (_, i) => {
    const nombre = colores?.[i];
    return (nombre ? resolver(nombre) : null) ?? colorDe(i);
  });
}
