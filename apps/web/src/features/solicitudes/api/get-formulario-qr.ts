import { RUTAS } from '@delego/contract';
import { consultaPor } from '../../../lib/consultas';
import { solicitudPublicaKeys } from '../keys';

/** GET /api/v4/publico/q/{codigo} (no session): the request form of a site's or an equipo's label, with its place. */
export const { useConsulta: useFormularioQr } = consultaPor(
  RUTAS.formularioQr,
  solicitudPublicaKeys.formularioQr,
  (codigo: string) => ({ params: { codigo } }),
  { errorSilencioso: true, staleTime: Infinity },
);
