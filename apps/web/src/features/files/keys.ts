/** Query keys of the files feature (issue 5). */
export const archivosKeys = {
  all: ['archivos'] as const,
  lista: (ordenId: number) => [...archivosKeys.all, 'lista', ordenId] as const,
  /** The bytes of a file (Blob); a file never changes under its id. */
  contenido: (ordenId: number, archivoId: number) => [...archivosKeys.all, 'contenido', ordenId, archivoId] as const,
  miniatura: (ordenId: number, archivoId: number) => [...archivosKeys.all, 'miniatura', ordenId, archivoId] as const,
};
