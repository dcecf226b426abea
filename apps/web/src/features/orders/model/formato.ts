import { estadoInfo, type Persona } from '@delego/contract';
import { format } from 'date-fns';
import { es } from 'date-fns/locale';

/** How orders' dates, people and states read in the interface. */

/** dd/MM/yyyy in the device's time zone; '' without a date. */
export function formatoFecha(ms: number | null | undefined): string {
  return ms == null ? '' : format(ms, 'dd/MM/yyyy', { locale: es });
}

/** dd/MM/yyyy HH:mm in the device's time zone. */
export function formatoFechaHora(ms: number): string {
  return format(ms, 'dd/MM/yyyy HH:mm', { locale: es });
}

/** A date as the value of a date input (yyyy-MM-dd, local); '' without a date. */
export function diaDeFecha(ms: number | null | undefined): string {
  return ms == null ? '' : format(ms, 'yyyy-MM-dd');
}

/** A yyyy-MM-dd day as dd/MM/yyyy. */
export function formatoDia(dia: string): string {
  const [a, m, d] = dia.split('-');
  return `${d}/${m}/${a}`;
}

export function nombrePersona(p: Pick<Persona, 'nombre' | 'apellido' | 'usuario'>): string {
  return `${p.nombre} ${p.apellido}`.trim() || p.usuario;
}

/** The responsables of an order in one line: up to two names, then how many more. */
export function textoResponsables(personas: readonly Pick<Persona, 'nombre' | 'apellido' | 'usuario'>[]): string {
  if (personas.length === 0) return 'Sin responsable';
  const nombres = personas.map(nombrePersona);
  if (nombres.length <= 2) return nombres.join(' y ');
  return `${nombres.slice(0, 2).join(', ')} y ${nombres.length - 2} más`;
}

export interface Vencimiento {
  texto: string;
  vencida: boolean;
}

/**
 * The due date of an order: 'Vence el dd/MM/yyyy', or 'Venció el dd/MM/yyyy' when the server
 * marks it overdue (open and past its end date); null when it has no end date.
 */
export function vencimiento(o: { fechaFin: number | null; vencida: boolean }): Vencimiento | null {
  if (o.fechaFin == null) return null;
  const fecha = formatoFecha(o.fechaFin);
  return o.vencida ? { texto: `Venció el ${fecha}`, vencida: true } : { texto: `Vence el ${fecha}`, vencida: false };
}

/** The Ionic colour of a state (from the contract's table; the server's colour as fallback). */
export function colorEstado(estado: { id: number; color?: string }): string {
  return estadoInfo(estado.id)?.color ?? estado.color ?? 'medium';
}
