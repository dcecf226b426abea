/**
 * Query keys of the company's catalogues (order types, areas, E5S areas, priorities): one key per
 * endpoint, shared by every feature that reads it, so a change made in administration (create,
 * rename, archive) refreshes what "Nueva orden" and the filters show in the same tab.
 */
export type NombreCatalogo = 'tipos' | 'areas' | 'e5s' | 'prioridades';

export const catalogoKeys = {
  all: ['catalogo'] as const,
  /** Every query of one catalogue's endpoint: what a change to it invalidates. */
  de: (nombre: NombreCatalogo) => [...catalogoKeys.all, nombre] as const,
  /** One query of it: in use only, or with the archived ones too (administration). */
  lista: (nombre: NombreCatalogo, { incluirArchivados = false }: { incluirArchivados?: boolean } = {}) =>
    [...catalogoKeys.de(nombre), { incluirArchivados }] as const,
};
