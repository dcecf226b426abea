import { RUTAS, type Archivo } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consultaPorId, mutacionDe } from '../../../lib/consultas';
import { llamarFormulario } from '../../../lib/http';
import { equiposKeys } from '../../../domain/equipo';

/** GET /api/v4/equipos/:id/archivos: its photos and files. */
export const { useConsulta: useArchivosEquipo } = consultaPorId(RUTAS.archivosEquipo, equiposKeys.archivos, {
  errorSilencioso: true,
});

/** POST /api/v4/equipos/:id/archivos (multipart, one part "archivos" per file). */
function subirArchivosEquipo({ id, archivos }: { id: number; archivos: readonly File[] }): Promise<Archivo[]> {
  const formulario = new FormData();
  for (const a of archivos) formulario.append('archivos', a, a.name);
  return llamarFormulario(RUTAS.agregarArchivosEquipo, formulario, { params: { id } });
}

/** The upload; its answer (the list as it is now) replaces the cached one. The screen shows errors. */
export function useSubirArchivosEquipo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subirArchivosEquipo,
    meta: { errorSilencioso: true },
    onSuccess: (lista, { id }) => queryClient.setQueryData(equiposKeys.archivos(id), lista),
  });
}

/** DELETE /api/v4/equipos/:id/archivos/:archivoId; answers the list as it is now. */
export const { useMutacion: useBorrarArchivoEquipo } = mutacionDe(
  RUTAS.borrarArchivoEquipo,
  (p: { id: number; archivoId: number }) => ({ params: p }),
  { alResponder: (queryClient, lista, { id }) => queryClient.setQueryData(equiposKeys.archivos(id), lista) },
);
