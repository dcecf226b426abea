import { RUTAS } from '@delego/contract';
import { consultaPorId } from '../../../lib/consultas';
import { externosKeys } from '../keys';

/**
 * GET /api/v4/externos/orden/{id}: the order's contractor links, newest first, and whether the
 * reader may hand it over. No alert on failure: a 403/404 hides the section, anything else shows
 * its retry.
 */
export const { useConsulta: useEnlacesExternos } = consultaPorId(RUTAS.enlacesExternos, externosKeys.orden, {
  errorSilencioso: true,
});
