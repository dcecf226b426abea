import { RUTAS, type PoliticaGuardar } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { releerPoliticas } from './releer-politicas';

/** POST /api/v4/sla/politicas: a new policy (the form shows the field's error and the 409 of a repeated combination). */
export const { useMutacion: useCrearPoliticaSla } = mutacionDe(
  RUTAS.crearPoliticaSla,
  (cuerpo: PoliticaGuardar) => ({ cuerpo }),
  { errorSilencioso: true, alResponder: releerPoliticas },
);
