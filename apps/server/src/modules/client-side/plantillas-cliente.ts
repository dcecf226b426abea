import { armar as armarCorreo, type Contenido } from '../mail/index.js';

/**
 * The two mails of the client's side (docs/CLIENTE.md): the order's public link, and the request
 * for billing data with the link to the form. Every value a person wrote (company, order title,
 * client) is escaped in the HTML version; the subject is one line.
 */

export interface DatosCorreoCliente {
  entidadNombre: string;
  conLogo: boolean;
  /** The client's contact name or the client's name; empty for a plain greeting. */
  destinatario: string;
  numero: number;
  titulo: string;
  enlace: string;
  /** Who sent it ("Ana Pérez"). */
  enviadoPor: string;
}

/** The frame of mail/plantillas.ts, with this module's greeting and the company as the sender. */
function armar(d: DatosCorreoCliente, asunto: string, parrafos: string[], boton: string, notas: string[]): Contenido {
  return armarCorreo({
    remitente: { entidadNombre: d.entidadNombre, conLogo: d.conLogo },
    asunto,
    saludo: d.destinatario ? `Hola, ${d.destinatario}:` : 'Hola:',
    parrafos,
    boton,
    enlace: d.enlace,
    notas,
  });
}

/** "Compartir con el cliente" → Enviar por correo: the public summary of the order. */
export function plantillaEnlaceOrden(d: DatosCorreoCliente): Contenido {
  return armar(
    d,
    `Siga su orden #${d.numero} de ${d.entidadNombre}`,
    [
      `${d.enviadoPor} de ${d.entidadNombre} le comparte el avance de la orden #${d.numero}: «${d.titulo}».`,
      'En esta página ve el estado de la orden, cuándo cambió, las fechas previstas y los archivos que la empresa compartió. Se actualiza sola.',
    ],
    'Ver la orden',
    ['No hace falta usuario ni contraseña. No reenvíe este correo: quien tenga el enlace puede ver la orden.'],
  );
}

/** POST /api/v2/delegar/facturacion/{id}: the public summary with the billing form (usable once). */
export function plantillaPedidoFacturacion(d: DatosCorreoCliente & { vigenciaDias: number }): Contenido {
  return armar(
    d,
    `${d.entidadNombre} le pide sus datos de facturación (orden #${d.numero})`,
    [
      `${d.enviadoPor} de ${d.entidadNombre} necesita sus datos de facturación para la orden #${d.numero}: «${d.titulo}».`,
      'Con el enlace de abajo abre la orden y un formulario para la razón social, el CUIT, la condición frente al IVA, el domicilio fiscal y el email donde recibir las facturas.',
    ],
    'Cargar mis datos de facturación',
    [
      `El formulario se puede enviar una sola vez y vence en ${d.vigenciaDias} días.`,
      'Si usted no esperaba este correo, ignórelo.',
    ],
  );
}
