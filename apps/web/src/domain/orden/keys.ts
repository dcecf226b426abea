import type { Filtros } from '@delego/contract';

/** Query keys of the order (issue 3): its lists, detail, form, history and catalogues, for every feature. */
export const ordenesKeys = {
  all: ['ordenes'] as const,
  listas: () => [...ordenesKeys.all, 'lista'] as const,
  /** One filtered list; the body without paging identifies it (pages live inside the infinite query). */
  lista: (filtros: Omit<Filtros, 'pagina'>) => [...ordenesKeys.listas(), filtros] as const,
  detalle: (id: number) => [...ordenesKeys.all, 'detalle', id] as const,
  guardada: (id: number) => [...ordenesKeys.all, 'guardada', id] as const,
  historial: (id: number) => [...ordenesKeys.all, 'historial', id] as const,
  responsablesDisponibles: (cliente: number | 'todos') =>
    [...ordenesKeys.all, 'responsables-disponibles', cliente] as const,
  /** What a new company has done (issue 36): Inicio's «Primeros pasos»; any change of orders refreshes it. */
  primerosPasos: () => [...ordenesKeys.all, 'primeros-pasos'] as const,
  /** Catalogues only orders read; types, areas, E5S and priorities are `lib/catalogo-keys`. */
  catalogo: (nombre: 'clientes-usados' | 'empresas-asignables') => [...ordenesKeys.all, 'catalogo', nombre] as const,
};
