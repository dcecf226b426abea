import { NOMBRES_EVENTO_AVISO, PLANTILLAS_WHATSAPP, textoDePlantilla, type EventoAviso } from '@delego/contract';
import { armar, type Contenido } from '../mail/index.js';

/** The parameter every template carries last: the order's (or request's) public link. */
const ENLACE = 'Enlace público';

const BOTONES: Record<EventoAviso, string> = {
  ORDEN_CREADA: 'Ver la orden',
  ORDEN_ESTADO: 'Ver la orden',
  ORDEN_ASIGNADA: 'Ver la orden',
  ENCUESTA: 'Responder la encuesta',
  SLA_POR_VENCER: 'Ver la orden',
  SOLICITUD_RECIBIDA: 'Ver la solicitud',
};

/**
 * The mail that goes instead of a WhatsApp message that failed for good (docs/WHATSAPP.md
 * «Respaldo por correo»): the same text, the link as the mail's button (`armar` makes every text
 * plain and escapes it; a title someone wrote stays text), and why it came by mail.
 */
export function correoDeRespaldo(
  remitente: { entidadNombre: string; conLogo: boolean },
  evento: EventoAviso,
  parametros: readonly string[],
  publicUrl: string,
): Contenido {
  const i = PLANTILLAS_WHATSAPP[evento].parametros.indexOf(ENLACE);
  const enlace = (i >= 0 ? parametros[i] : undefined) || publicUrl;
  const sinEnlace = parametros.map((p, j) => (j === i ? '' : p));
  // «… Véala aquí: <link>» reads «… Véala aquí.» with the link on the button below.
  const texto = `${textoDePlantilla(evento, sinEnlace).replace(/[\s:]+$/, '')}.`;
  return armar({
    remitente,
    asunto: remitente.entidadNombre
      ? `${NOMBRES_EVENTO_AVISO[evento]} · ${remitente.entidadNombre}`
      : NOMBRES_EVENTO_AVISO[evento],
    saludo: 'Hola:',
    parrafos: [texto],
    boton: BOTONES[evento],
    enlace,
    notas: ['Le enviamos este aviso por correo porque no pudimos entregarlo por WhatsApp.'],
  });
}
