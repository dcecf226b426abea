/**
 * Colours of the series and segments: the Okabe–Ito palette, told apart with the common kinds of
 * colour blindness, starting with the brand's blue.
 */
export const PALETA = ['#0b63ce', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#f0e442', '#000000'];

export function colorDe(indice: number): string {
  return PALETA[indice % PALETA.length] ?? '#0b63ce';
}
