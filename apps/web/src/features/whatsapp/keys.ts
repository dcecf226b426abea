import { ordenesKeys } from '../../domain/orden';

/** Query keys of WhatsApp and the channels of each kind of event (issue 35). */
export const whatsappKeys = {
  all: ['whatsapp'] as const,
  /** The signed-in user's own channels, number and consent. */
  canales: () => [...whatsappKeys.all, 'canales'] as const,
  /** A client's WhatsApp number, consent and opt-out. */
  cliente: (id: number) => [...whatsappKeys.all, 'cliente', id] as const,
  /** The templates of each kind of event and the installation's mode. */
  plantillas: () => [...whatsappKeys.all, 'plantillas'] as const,
  /**
   * The messages of an order, under the order's detail key: whatever refreshes the detail (a
   * change of the order, its live channel, a pull to refresh) refreshes them too.
   */
  mensajesOrden: (ordenId: number) => [...ordenesKeys.detalle(ordenId), 'whatsapp'] as const,
};
