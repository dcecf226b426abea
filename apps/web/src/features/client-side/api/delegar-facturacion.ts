import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { detalleCambiado } from '../model/cache';

/** POST /api/v2/delegar/facturacion/{id}: mails the client the billing form; answers with the detail. */
export const { useMutacion: useDelegarFacturacion } = mutacionDe(
  RUTAS.delegarFacturacion,
  ({ id, email }: { id: number; email?: string }) => ({ params: { id }, cuerpo: email ? { email } : {} }),
  { errorSilencioso: true, alResponder: detalleCambiado },
);
