import { RUTAS } from '@delego/contract';
import { consultaDe } from '../../../lib/consultas';
import { slaKeys } from '../keys';

/** GET /api/v4/sla/politicas: the company's service-level policies in force (the screen shows its own error). */
export const { useConsulta: usePoliticasSla } = consultaDe(RUTAS.politicasSla, slaKeys.politicas(), {
  errorSilencioso: true,
});
