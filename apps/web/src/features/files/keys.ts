/** Query keys of the files feature (issue 5). */
export const archivosKeys = {
  all: ['archivos'] as const,
  lista: (ordenId: number) => [...archivosKeys.all, 'lista', ordenId] as const,
  /** The bytes of a file (Blob); a file never changes under its id. */
  contenido: (ordenId: number, archivoId: number) => [...archivosKeys.all, 'contenido', ordenId, archivoId] as const,
  /** A thumbnail of a file of an order (its id) or of another owner ('equipo-3'). */
  miniatura: (dueno: number | string, archivoId: number) =>
    [...archivosKeys.all, 'miniatura', dueno, archivoId] as const,
};
