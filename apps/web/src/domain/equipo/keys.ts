/** The search and filters of an equipment list (GET /api/v4/equipos without its page). */
export type FiltroEquipos = {
  q?: string;
  cliente?: number;
  ubicacion?: number;
  porPagina?: number;
};

/** Query keys of sites and equipment (issue 32): the equipment screens and the order form share them. */
export const equiposKeys = {
  all: ['equipos'] as const,
  /** A page-by-page list of equipos for a search and filters. */
  lista: (consulta: FiltroEquipos) => [...equiposKeys.all, 'lista', consulta] as const,
  equipo: (id: number) => [...equiposKeys.all, 'equipo', id] as const,
  /** The equipo's open orders (the order list filtered by it). */
  abiertas: (id: number) => [...equiposKeys.all, 'abiertas', id] as const,
  historial: (id: number) => [...equiposKeys.all, 'historial', id] as const,
  archivos: (id: number) => [...equiposKeys.all, 'archivos', id] as const,
  miniatura: (id: number, archivoId: number) => [...equiposKeys.all, 'miniatura', id, archivoId] as const,
  ubicaciones: (cliente: number | null) => [...equiposKeys.all, 'ubicaciones', cliente ?? 'todas'] as const,
  ubicacion: (id: number) => [...equiposKeys.all, 'ubicacion', id] as const,
};
