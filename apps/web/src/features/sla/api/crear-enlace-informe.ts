import { RUTAS, type InformeSlaQuery } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';

/** POST /api/v4/sla/informe/enlace {cliente, mes}: the month's public link (created once, then the same). */
export const { useMutacion: useEnlaceInformeSla } = mutacionDe(RUTAS.enlaceInformeSla, (cuerpo: InformeSlaQuery) => ({
  cuerpo,
}));
