import { armar, type Contenido } from '../mail/index.js';

/** The company as the sender of a mail (its name; its logo goes along when it has one). */
type Remitente = Parameters<typeof armar>[0]['remitente'];

/**
 * The three mails to whoever sent a request (docs/SOLICITUDES.md «Correos»): received, accepted,
 * rejected. Anyone can type any address in a public form, so they carry nothing the sender wrote
 * (no name, no text of the request): only the company, what happened, and the link. The company's
 * reason for a rejection is the company's own text.
 */

export interface DatosCorreoSolicitud {
  remitente: Remitente;
  /** The tracking page (PUBLIC_URL/solicitud/seguimiento/<t>). */
  seguimiento: string;
}

const NOTA_AJENA = 'Si usted no hizo este pedido, ignore este correo: alguien escribió su dirección por error.';
const NOTA_ENLACE =
  'No hace falta usuario ni contraseña. Quien tenga el enlace puede ver en qué estado está el pedido.';

/** On arrival: the request is in the company's inbox; the link follows it. */
export function plantillaSolicitudRecibida(d: DatosCorreoSolicitud): Contenido {
  const empresa = d.remitente.entidadNombre;
  return armar({
    remitente: d.remitente,
    asunto: `Recibimos su pedido a ${empresa}`,
    saludo: 'Hola:',
    parrafos: [
      `${empresa} recibió su pedido. Cuando lo revise, le avisaremos por correo si lo acepta o no.`,
      'Con el enlace de abajo ve en qué estado está, cuando quiera.',
    ],
    boton: 'Seguir mi pedido',
    enlace: d.seguimiento,
    notas: [NOTA_ENLACE, NOTA_AJENA],
  });
}

/** Accepted: the order it became, by its public summary. */
export function plantillaSolicitudAceptada(d: DatosCorreoSolicitud & { numero: number; resumen: string }): Contenido {
  const empresa = d.remitente.entidadNombre;
  return armar({
    remitente: d.remitente,
    asunto: `${empresa} aceptó su pedido (orden #${d.numero})`,
    saludo: 'Hola:',
    parrafos: [
      `${empresa} aceptó su pedido y abrió la orden #${d.numero} para hacerlo.`,
      'Con el enlace de abajo ve el avance de la orden: su estado, cuándo cambió y las fechas previstas. Se actualiza sola.',
    ],
    boton: 'Ver la orden',
    enlace: d.resumen,
    notas: [NOTA_ENLACE, NOTA_AJENA],
  });
}

/** Rejected, with the company's reason. */
export function plantillaSolicitudRechazada(d: DatosCorreoSolicitud & { motivo: string }): Contenido {
  const empresa = d.remitente.entidadNombre;
  return armar({
    remitente: d.remitente,
    asunto: `${empresa} no aceptó su pedido`,
    saludo: 'Hola:',
    parrafos: [`${empresa} revisó su pedido y no lo aceptó.`, `Motivo: ${d.motivo}`],
    boton: 'Ver mi pedido',
    enlace: d.seguimiento,
    notas: ['Si necesita algo más, puede hacer un pedido nuevo o comunicarse con la empresa.', NOTA_AJENA],
  });
}
