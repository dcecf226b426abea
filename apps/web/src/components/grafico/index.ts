export { Grafico } from './grafico';
export type { EjeValores, GraficoProps, SerieGrafico, TipoGrafico } from './tipos';
