import { useMemo } from 'react';
import { lineasDeMensajes, type LineaMensaje } from '../model/historial';
import { useMensajesWhatsappOrden } from '../api/get-mensajes-orden';

const NINGUNA: readonly LineaMensaje[] = [];

/**
 * The order's WhatsApp messages as lines of its history (app/composicion passes this hook to the
 * orders feature's history): none while they load or when the call fails, so the rest of the
 * history shows all the same.
 */
export function useHistorialWhatsapp(ordenId: number | null): readonly LineaMensaje[] {
  const { data } = useMensajesWhatsappOrden(ordenId);
  return useMemo(() => (data ? lineasDeMensajes(data) : NINGUNA), [data]);
}
