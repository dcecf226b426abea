import type { ConformidadOrden, FirmaConformidad } from '@delego/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { enviarOEncolar, type Resultado } from '../../../lib/outbox';
import { ordenesKeys } from '../../../domain/orden';
import { conformidadKeys } from '../keys';

export interface Firmar {
  ordenId: number;
  /** The order's number, for how the signature reads in the outbox. */
  numero: number;
  firma: FirmaConformidad;
}

/** «Orden #12 · Firma de conformidad de Laura Gómez»: how a signature reads in the outbox. */
export function descripcionFirma(numero: number, nombre: string): string {
  const corto = nombre.length > 60 ? `${nombre.slice(0, 57)}…` : nombre;
  return `Orden #${numero} · Firma de conformidad de ${corto}`;
}

/** What the server's answer to a signature updates: the conformity, the history and the detail. */
export function conformidadFirmada(qc: QueryClient, ordenId: number, r: ConformidadOrden): void {
  qc.setQueryData(conformidadKeys.orden(ordenId), r);
  void qc.invalidateQueries({ queryKey: ordenesKeys.historial(ordenId) });
  void qc.invalidateQueries({ queryKey: ordenesKeys.detalle(ordenId) });
}

/**
 * POST /api/v2/orden/{id}/conformidad/firma: the client signs on the phone. Through the outbox
 * (lib/outbox), like a checklist answer: sent with an Idempotency-Key, so a retry after a dropped
 * answer never records it twice; without a connection it waits there, with when it was signed
 * (`fecha`), and goes when the phone is back online.
 */
export function useFirmarConformidad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ordenId, numero, firma }: Firmar): Promise<Resultado<ConformidadOrden>> =>
      enviarOEncolar<ConformidadOrden>({
        tipo: 'conformidadFirma',
        ordenId,
        descripcion: descripcionFirma(numero, firma.nombre),
        cuerpo: firma,
      }),
    meta: { errorSilencioso: true },
    networkMode: 'always',
    onSuccess: (r, { ordenId }) => {
      if (r.tipo === 'enviado') conformidadFirmada(queryClient, ordenId, r.respuesta);
    },
  });
}
