export { Grafico } from './grafico';
export type { GraficoProps, SerieGrafico, TipoGrafico } from './tipos';
