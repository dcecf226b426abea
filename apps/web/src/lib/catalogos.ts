import { RUTAS, RUTAS_ETIQUETAS, type RutasDeEtiquetas } from '@delego/contract';
import { catalogoKeys } from './catalogo-keys';
import { consultaDe } from './consultas';

/**
 * The company's catalogues (order types, areas, E5S areas, priorities), read once for every
 * feature: "Nueva orden" and the filters read them in use, administration with the archived ones
 * too. Each endpoint has one key (`catalogoKeys`), so a change made in administration refreshes
 * them all in the same tab.
 */

/** The two label catalogues, which share one set of calls and screens. */
export type ClaseEtiqueta = 'tipos' | 'areas';

/** The four calls (list, create, change, delete) of each label catalogue. */
export const RUTAS_DE_ETIQUETA: Record<ClaseEtiqueta, RutasDeEtiquetas> = {
  tipos: RUTAS_ETIQUETAS.tipo,
  areas: RUTAS_ETIQUETAS.area,
};

/** One thing per label catalogue (a query, a call), built the same way for both. */
export function porClase<T>(crear: (clase: ClaseEtiqueta) => T): Record<ClaseEtiqueta, T> {
  return { tipos: crear('tipos'), areas: crear('areas') };
}

const CINCO_MINUTOS = 5 * 60_000;

/** Each label catalogue: in use (archived ones left out) and, for administration, all of it. */
const ETIQUETAS = porClase((clase) => {
  const { lista } = RUTAS_DE_ETIQUETA[clase];
  return {
    enUso: consultaDe(lista, catalogoKeys.lista(clase), { staleTime: CINCO_MINUTOS }),
    todas: consultaDe(lista, catalogoKeys.lista(clase, { incluirArchivados: true }), {
      llamada: { query: { incluirArchivados: true } },
    }),
  };
});

/** GET /api/v2/tipoOrden/all: the order types in use. */
export const useTiposOrden = ETIQUETAS.tipos.enUso.useConsulta;

/** GET /api/v3/areas/all: the areas in use. */
export const useAreas = ETIQUETAS.areas.enUso.useConsulta;

/** GET /api/v2/tipoOrden/all or /api/v3/areas/all?incluirArchivados=true: administration's list. */
export function useEtiquetas(clase: ClaseEtiqueta) {
  return ETIQUETAS[clase].todas.useConsulta();
}

/** GET /api/v2/e5s/areas: the E5S area catalogue (key and name); an order may name one. */
export const useE5sAreas = consultaDe(RUTAS.e5sAreas, catalogoKeys.lista('e5s'), {
  staleTime: CINCO_MINUTOS,
}).useConsulta;

/** GET /api/v2/prioridades: the company's priorities, lowest first. */
export const usePrioridades = consultaDe(RUTAS.prioridades, catalogoKeys.lista('prioridades'), {
  staleTime: 10 * 60_000,
}).useConsulta;
