import { descripcionMensajeWhatsapp, type EstadoMensajeWhatsapp, type MensajeWhatsapp } from '@delego/contract';

/**
 * A WhatsApp message as a line of the order's history (issue 35): «WhatsApp a Cliente: entregado,
 * leído», to whom (the number, hidden by the server), the time of its last status and its text.
 * The shape is the orders feature's `LineaHistorial` (app/composicion joins the two).
 */
export interface LineaMensaje {
  clave: string;
  fecha: number;
  descripcion: string;
  quien: string;
  hora: number;
  detalle: string;
  color: string;
  tipo: 'whatsapp';
}

/** The dot of a message: green once delivered or read, red when it failed, neutral on its way. */
const COLOR_ESTADO: Record<EstadoMensajeWhatsapp, string> = {
  pendiente: 'neutro',
  enviado: 'neutro',
  entregado: 'success',
  leido: 'success',
  fallido: 'danger',
  correo: 'warning',
};

/** The order's messages as history lines, placed by when each was created. */
export function lineasDeMensajes(mensajes: readonly MensajeWhatsapp[]): LineaMensaje[] {
  return mensajes.map((m) => ({
    clave: `whatsapp-${m.id}`,
    fecha: m.creado,
    descripcion: descripcionMensajeWhatsapp(m),
    quien: m.numero,
    hora: m.estados.at(-1)?.fecha ?? m.creado,
    detalle: m.texto,
    color: COLOR_ESTADO[m.estado],
    tipo: 'whatsapp',
  }));
}
