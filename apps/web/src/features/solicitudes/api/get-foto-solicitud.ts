import { RUTAS } from '@delego/contract';
import { useQuery } from '@tanstack/react-query';
import { llamarArchivo } from '../../../lib/http';
import { solicitudesKeys } from '../keys';

/**
 * GET /api/v4/solicitudes/{id}/fotos/{fotoId}: a photo's bytes, fetched with the session by the one
 * HTTP client (the session never goes in an image's URL). A photo that fails says so in its place.
 */
export function useFotoSolicitud(id: number, fotoId: number) {
  return useQuery({
    queryKey: solicitudesKeys.foto(id, fotoId),
    queryFn: async ({ signal }) => (await llamarArchivo(RUTAS.fotoSolicitud, { params: { id, fotoId }, signal })).blob,
    // A photo never changes; photos can be large: not kept long once off screen.
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    meta: { errorSilencioso: true },
  });
}
