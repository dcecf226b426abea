import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { clientePublicoKeys } from '../keys';

/**
 * POST /api/v2/ordersummary/conformidad (no login): the client's «Conforme» / «No conforme» with
 * its reason, from the public summary (issue 31). The summary is read again: the order may reopen.
 */
export const { useMutacion: useResponderConformidad } = mutacionDe(
  RUTAS.conformidadRemota,
  (cuerpo: { k: string; conforme: boolean; motivo?: string }) => ({ cuerpo, autenticada: false }),
  {
    errorSilencioso: true,
    alResponder: (qc, _r, { k }) => qc.invalidateQueries({ queryKey: clientePublicoKeys.resumen(k) }),
  },
);
