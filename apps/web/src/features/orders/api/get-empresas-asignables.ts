import { RUTAS } from '@delego/contract';
import { consultaDe } from '../../../lib/consultas';
import { ordenesKeys } from '../../../domain/orden';

/** GET /api/v2/empresasAsignables: the clients the logged-in user may delegate orders to. */
export const { useConsulta: useEmpresasAsignables } = consultaDe(
  RUTAS.empresasAsignables,
  ordenesKeys.catalogo('empresas-asignables'),
  { staleTime: 60_000 },
);
