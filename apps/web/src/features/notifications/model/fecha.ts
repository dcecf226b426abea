import { textoFechaHora } from '@delego/contract';
import { formatDistanceStrict } from 'date-fns';
import { es } from 'date-fns/locale';

const MINUTO_MS = 60_000;
const DIA_MS = 24 * 60 * MINUTO_MS;

/**
 * When a notification arrived, in Spanish: relative within the last day ('hace un momento',
 * 'hace 5 minutos', 'hace 3 horas'), the date and time (dd/MM/yyyy HH:mm, the company's clock)
 * before that.
 */
export function fechaNotificacion(fecha: number, ahora: number, zona: string): string {
  const diferencia = ahora - fecha;
  if (diferencia < MINUTO_MS) return 'hace un momento';
  if (diferencia < DIA_MS) return formatDistanceStrict(fecha, ahora, { locale: es, addSuffix: true });
  return textoFechaHora(fecha, zona);
}

/** The full date and time on the company's clock, for the element's title. */
export function fechaCompleta(fecha: number, zona: string): string {
  return textoFechaHora(fecha, zona);
}
