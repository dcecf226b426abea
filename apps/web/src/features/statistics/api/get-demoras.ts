import { RUTAS, type DemorasOrdenesQuery } from '@delego/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { consultaPaginada } from '../../../lib/consultas';
import { llamar } from '../../../lib/http';
import { estadisticasKeys } from '../keys';

/** POST /api/v2/estadisticas/demora/ordenes: orders due in the range with their delay, one page (verEstadisticas). */
export function getDemoras(consulta: DemorasOrdenesQuery, signal?: AbortSignal) {
  return llamar(RUTAS.demorasOrdenes, { cuerpo: consulta, signal });
}

export function useDemoras(consulta: Omit<DemorasOrdenesQuery, 'pagina'>, { habilitada = true } = {}) {
  return useInfiniteQuery({
    ...consultaPaginada(estadisticasKeys.demoras(consulta), getDemoras, consulta),
    placeholderData: keepPreviousData,
    enabled: habilitada,
  });
}
