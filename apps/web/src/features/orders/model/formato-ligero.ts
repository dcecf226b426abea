import type { Persona } from '@delego/contract';
import { estadoInfo, textoFecha } from '@delego/contract/ligero';

/**
 * The part of formato.ts that the first-stage Inicio (inicio-ligero/, issue 17) uses too: no Zod,
 * nothing but the contract's Zod-free part. formato.ts re-exports it for the rest of the app.
 */

/** dd/MM/yyyy of the company's day; '' without a date. */
export function formatoFecha(ms: number | null | undefined, zona: string): string {
  return ms == null ? '' : textoFecha(ms, zona);
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
 * marks it overdue (open and past its end date); for a finished or cancelled order, whose date no
 * longer runs, 'Plazo: dd/MM/yyyy'. Null when it has no end date.
 */
export function vencimiento(
  o: { fechaFin: number | null; vencida: boolean; estado?: { id: number } },
  zona: string,
): Vencimiento | null {
  if (o.fechaFin == null) return null;
  const fecha = formatoFecha(o.fechaFin, zona);
  if (o.estado && estadoInfo(o.estado.id)?.cerrado) return { texto: `Plazo: ${fecha}`, vencida: false };
  return o.vencida ? { texto: `Venció el ${fecha}`, vencida: true } : { texto: `Vence el ${fecha}`, vencida: false };
}

/** The Ionic colour of a state (from the contract's table; the server's colour as fallback). */
export function colorEstado(estado: { id: number; color?: string }): string {
  return estadoInfo(estado.id)?.color ?? estado.color ?? 'medium';
}

/** How many orders a list holds: '1 orden', '1.234 órdenes'. */
export function textoTotalOrdenes(total: number): string {
  return total === 1 ? '1 orden' : `${total.toLocaleString('es-AR')} órdenes`;
}
