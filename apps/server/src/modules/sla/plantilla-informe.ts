import { textoMes } from '@delego/contract';
import { armar, type Contenido } from '../mail/index.js';

/** What the monthly report's mail says. */
export interface DatosCorreoInforme {
  entidadNombre: string;
  conLogo: boolean;
  /** The client's contact name or the client's name. */
  destinatario: string;
  mes: string;
  enlace: string;
}

/** The monthly service-level report (issue 34): the link to last month's report, with its PDF. */
export function plantillaInformeSla(d: DatosCorreoInforme): Contenido {
  const mes = textoMes(d.mes);
  return armar({
    remitente: { entidadNombre: d.entidadNombre, conLogo: d.conLogo },
    asunto: `Informe de niveles de servicio de ${mes} (${d.entidadNombre})`,
    saludo: d.destinatario ? `Hola, ${d.destinatario}:` : 'Hola:',
    parrafos: [
      `${d.entidadNombre} le envía el informe de cumplimiento de sus niveles de servicio de ${mes}.`,
      'En esta página ve cuántos pedidos se respondieron y resolvieron a tiempo, el porcentaje cumplido y cada orden con sus vencimientos. Desde ella puede descargar el PDF.',
    ],
    boton: 'Ver el informe',
    enlace: d.enlace,
    notas: [
      'No hace falta usuario ni contraseña. No reenvíe este correo: quien tenga el enlace puede ver el informe.',
      'Para dejar de recibirlo, pídaselo a la empresa.',
    ],
  });
}
