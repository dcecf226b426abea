import { horasTexto, LIMITES_REGISTRO } from '@delego/contract';
import { diaTexto } from './dias.js';

/** What a person reads when a save or a report of hours and expenses is refused. */
export const MENSAJES_REGISTRO = {
  soloLectura:
    'No puede registrar horas ni gastos en esta orden: necesita el permiso «Modificar órdenes» o ser su responsable.',
  sinCambios: 'No se envió ninguna hora, gasto ni registro para borrar.',
  noExiste: 'El registro no existe en esta orden.',
  soloAutor: 'Solo quien cargó el registro o un administrador puede corregirlo o eliminarlo.',
  soloPropias:
    'Solo puede registrar sus propias horas: cargar horas de otra persona necesita el permiso «Modificar órdenes».',
  usuario: 'La persona indicada no existe o está inactiva.',
  comprobante: 'El comprobante indicado no es un archivo de esta orden.',
  repetido: 'Un mismo registro aparece más de una vez en el envío.',
  excedido: (nombre: string, dia: string, minutos: number) =>
    `Las horas de ${nombre} el ${diaTexto(dia)} sumarían ${horasTexto(minutos)}: no pueden superar las 24 horas en un día. No se guardó ningún cambio.`,
  soloAdmin: 'Solo un administrador o el propietario puede ver las horas reportadas.',
  rango: 'La fecha "desde" no puede ser posterior a "hasta".',
  rangoLargo: `El rango no puede superar los ${LIMITES_REGISTRO.diasReporte} días.`,
} as const;
