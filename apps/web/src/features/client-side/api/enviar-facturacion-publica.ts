import { RUTAS, type FacturacionPublica } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { clientePublicoKeys } from '../keys';

/** POST /api/v2/ordersummary/facturacion (no login): the client's billing data, once. */
export const { useMutacion: useEnviarFacturacionPublica } = mutacionDe(
  RUTAS.facturacionPublica,
  (cuerpo: FacturacionPublica) => ({ cuerpo, autenticada: false }),
  {
    errorSilencioso: true,
    alResponder: (qc, _r, { k }) => qc.invalidateQueries({ queryKey: clientePublicoKeys.resumen(k) }),
  },
);
