import { diaDeMs, estadoInfo, textoDeDia, textoFecha, textoFechaHora, type Persona } from '@delego/contract';

/**
 * How orders' dates, people and states read in the interface. Dates are read in the company's
 * time zone (`zona`, from useZonaEmpresa), never the device's: docs/FECHAS.md.
 */

/** dd/MM/yyyy of the company's day; '' without a date. */
export function formatoFecha(ms: number | null | undefined, zona: string): string {
  return ms == null ? '' : textoFecha(ms, zona);
}

/** dd/MM/yyyy HH:mm (24 hours) on the company's clock. */
export function formatoFechaHora(ms: number, zona: string): string {
  return textoFechaHora(ms, zona);
}

/** A date as the value of a date field (the company's day, yyyy-MM-dd); '' without a date. */
export function diaDeFecha(ms: number | null | undefined, zona: string): string {
  return ms == null ? '' : diaDeMs(ms, zona);
}

/** A yyyy-MM-dd day as dd/MM/yyyy. */
export function formatoDia(dia: string): string {
  return textoDeDia(dia);
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
export function vencimiento(o: { fechaFin: number | null; vencida: boolean }, zona: string): Vencimiento | null {
  if (o.fechaFin == null) return null;
  const fecha = formatoFecha(o.fechaFin, zona);
  return o.vencida ? { texto: `Venció el ${fecha}`, vencida: true } : { texto: `Vence el ${fecha}`, vencida: false };
}

/** The Ionic colour of a state (from the contract's table; the server's colour as fallback). */
export function colorEstado(estado: { id: number; color?: string }): string {
  return estadoInfo(estado.id)?.color ?? estado.color ?? 'medium';
}
