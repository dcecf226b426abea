import { RUTAS } from '@delego/contract';
import { consultaDe } from '../../../../lib/consultas';
import { adminKeys } from '../../keys';

/** GET /api/v4/permisos: every permission, global and per client, with its description. */
export const { useConsulta: useCatalogoPermisos } = consultaDe(RUTAS.permisos, adminKeys.catalogoPermisos(), {
  staleTime: 10 * 60_000,
});
