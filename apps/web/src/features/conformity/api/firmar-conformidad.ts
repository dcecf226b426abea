import type { FirmaConformidad } from '@delego/contract';
import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { nuevaClave } from '../../../lib/outbox';
import { ordenesKeys } from '../../../domain/orden';
import { conformidadKeys } from '../keys';

export interface Firmar {
  ordenId: number;
  firma: FirmaConformidad;
  /** The Idempotency-Key: the same for every retry of one signature. */
  clave: string;
}

/** A key for one signature: made when the signature is accepted, kept for its retries. */
export const claveDeFirma = nuevaClave;

/**
 * POST /api/v2/orden/{id}/conformidad/firma: the client signs on the phone. Sent with an
 * Idempotency-Key, so «Reintentar» after a dropped answer never records it twice.
 */
export const { useMutacion: useFirmarConformidad } = mutacionDe(
  RUTAS.firmarConformidad,
  ({ ordenId, firma, clave }: Firmar) => ({ params: { id: ordenId }, cuerpo: firma, idempotencia: clave }),
  {
    errorSilencioso: true,
    alResponder: (qc, r, { ordenId }) => {
      qc.setQueryData(conformidadKeys.orden(ordenId), r);
      void qc.invalidateQueries({ queryKey: ordenesKeys.historial(ordenId) });
      void qc.invalidateQueries({ queryKey: ordenesKeys.detalle(ordenId) });
    },
  },
);
