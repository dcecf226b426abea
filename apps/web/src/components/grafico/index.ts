export { Grafico, graficoVacio } from './grafico';
export type { EjeValores, GraficoProps, SerieGrafico, TipoGrafico } from './tipos';
