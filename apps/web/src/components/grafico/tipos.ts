/** The kinds of chart the product draws. One library (Chart.js) draws them all; see docs/GRAFICOS.md. */
export type TipoGrafico = 'barras' | 'barrasHorizontales' | 'lineas' | 'dona';

/** One named row of figures, one per label. */
export interface SerieGrafico {
  nombre: string;
  valores: number[];
}

export interface GraficoProps {
  /** The visible heading, also the canvas's accessible name and the table's caption. */
  titulo: string;
  tipo: TipoGrafico;
  /** The categories: the x axis, the bars or the segments. Plain text, never HTML. */
  etiquetas: string[];
  /** The figures; 'dona' draws the first series. */
  series: SerieGrafico[];
  /** How a figure reads in the tooltip, the axis and the table. Default: an es-AR number. */
  formato?: (valor: number) => string;
  /** A tap on a bar, segment or point, or on a label's button in the table. */
  onSeleccion?: (indice: number) => void;
  /** Height of the drawing in px. Default 240. */
  alto?: number;
  /**
   * The Ionic theme colour of each label ('success'), for labels that have their own colour in the
   * app (an order state): a segment, or a bar of a one-series chart. Null or missing: the palette.
   */
  colores?: readonly (string | null)[];
  /** The value axis: fixed ends (a 1–5 rating, a percentage) and whole steps only (counts). */
  ejeValores?: EjeValores;
}

export interface EjeValores {
  minimo?: number;
  maximo?: number;
  /** Ticks only at whole numbers (no '2,5 órdenes'). */
  soloEnteros?: boolean;
}
