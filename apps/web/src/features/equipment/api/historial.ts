import { ESTADOS_ABIERTOS, RUTAS, type HistorialEquipo } from '@delego/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { consultaPaginada, consultaPor } from '../../../lib/consultas';
import { llamar } from '../../../lib/http';
import { equiposKeys } from '../../../domain/equipo';

/** GET /api/v4/equipos/:id/ordenes: one page of the equipo's orders, with the totals of all. */
function getHistorial({ id, pagina }: { id: number; pagina: number }, signal: AbortSignal): Promise<HistorialEquipo> {
  return llamar(RUTAS.historialEquipo, { params: { id }, query: { pagina }, signal });
}

/** Every order done on the equipo, newest first, 25 at a time like the order list. */
export function useHistorialEquipo(id: number) {
  return useInfiniteQuery(consultaPaginada(equiposKeys.historial(id), getHistorial, { id }));
}

/** POST /api/v4/ordenes/all/filtered {equipo, estados abiertos}: the equipo's open orders (up to 100). */
export const { useConsulta: useOrdenesAbiertas } = consultaPor(
  RUTAS.ordenesFiltradas,
  equiposKeys.abiertas,
  (equipo: number) => ({ cuerpo: { equipo, estados: [...ESTADOS_ABIERTOS], porPagina: 100 } }),
  { errorSilencioso: true },
);
