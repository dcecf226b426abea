import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { enlaceCambiado } from '../model/cache';

/** PUT /api/v2/orden/{id}/compartir/archivos: the files the public page shows. */
export const { useMutacion: useGuardarArchivosCompartidos } = mutacionDe(
  RUTAS.archivosCompartidos,
  ({ id, archivos }: { id: number; archivos: number[] }) => ({ params: { id }, cuerpo: { archivos } }),
  { alResponder: enlaceCambiado },
);
