import { armar, type Contenido } from '../mail/index.js';

/** The company as the sender of a mail (its name; its logo goes along when it has one). */
type Remitente = Parameters<typeof armar>[0]['remitente'];

/**
 * The mail that hands an order to an outsider (docs/EXTERNOS.md): the company, the order, the
 * company's note and the link. The outsider's name is the company's own text about them.
 */
export function plantillaEntregaExterno(d: {
  remitente: Remitente;
  nombre: string;
  numero: number;
  titulo: string;
  mensaje: string | null;
  enlace: string;
}): Contenido {
  const empresa = d.remitente.entidadNombre;
  return armar({
    remitente: d.remitente,
    asunto: `${empresa} le entregó la orden #${d.numero}`,
    saludo: `Hola, ${d.nombre}:`,
    parrafos: [
      `${empresa} le entregó la orden #${d.numero}: ${d.titulo}.`,
      ...(d.mensaje ? [`Mensaje de ${empresa}: ${d.mensaje}`] : []),
      'Con el enlace de abajo la ve, la acepta o la rechaza y, si la acepta, cambia su estado, agrega fotos y archivos y registra horas y gastos. Funciona también sin conexión en el teléfono.',
    ],
    boton: 'Abrir la orden',
    enlace: d.enlace,
    notas: [
      'No hace falta usuario ni contraseña. El enlace es personal: quien lo tenga puede trabajar en esta orden, así que no lo reenvíe.',
      'Si no esperaba este correo, ignórelo.',
    ],
  });
}
