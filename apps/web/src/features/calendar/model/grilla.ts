import { diaDeMs, inicioDelDia, sumarDias, type Calendario, type Dia, type Persona } from '@delego/contract';
import { nombreMes } from '../../expenses';
import type { CalendarioEnVista, OrdenEnVista, ProgramadaEnVista } from './respuesta';

/**
 * The calendar's date grid (docs/CALENDARIO.md), pure: weeks start on Monday, every day is a day
 * of the company's zone (docs/FECHAS.md), never the browser's.
 */

export type Vista = 'mes' | 'semana';

/** What a day shows: the orders due that day and the occurrences scheduled for it. */
export interface DelDia {
  ordenes: OrdenEnVista[];
  programadas: ProgramadaEnVista[];
}

export const DIAS_SEMANA = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'] as const;

const partesDe = (dia: Dia) => dia.split('-').map(Number) as [number, number, number];

/** 0 for Monday … 6 for Sunday. */
export function diaDeSemana(dia: Dia): number {
  const [a, m, d] = partesDe(dia);
  return (new Date(Date.UTC(a, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The Monday of the week that holds `dia`. */
export function lunesDe(dia: Dia): Dia {
  return sumarDias(dia, -diaDeSemana(dia));
}

/** The seven days of the week that holds `dia`, Monday first. */
export function semanaDe(dia: Dia): Dia[] {
  const lunes = lunesDe(dia);
  return Array.from({ length: 7 }, (_, i) => sumarDias(lunes, i));
}

/** The first day of the month of `dia`. */
export function primeroDelMes(dia: Dia): Dia {
  return `${dia.slice(0, 8)}01`;
}

/** The same day of the next (or previous, with -1) month, clamped to its length (31 Jan + 1 → 28 Feb). */
export function sumarMeses(dia: Dia, n: number): Dia {
  const [a, m, d] = partesDe(dia);
  const ultimo = new Date(Date.UTC(a, m - 1 + n + 1, 0)).getUTCDate();
  return new Date(Date.UTC(a, m - 1 + n, Math.min(d, ultimo))).toISOString().slice(0, 10);
}

/**
 * The weeks a month view shows: from the Monday on or before the 1st to the Sunday on or after
 * the last day (4 to 6 weeks; never more than the server's 42 days).
 */
export function semanasDelMes(dia: Dia): Dia[][] {
  const primero = primeroDelMes(dia);
  const ultimo = sumarDias(sumarMeses(primero, 1), -1);
  const semanas: Dia[][] = [];
  for (let lunes = lunesDe(primero); lunes <= ultimo; lunes = sumarDias(lunes, 7)) semanas.push(semanaDe(lunes));
  return semanas;
}

/** The first and the last day of the month of `dia`. */
export function diasDelMes(dia: Dia): { desde: Dia; hasta: Dia } {
  const desde = primeroDelMes(dia);
  return { desde, hasta: sumarDias(sumarMeses(desde, 1), -1) };
}

/** The days the view of `ancla` asks the server for (both included). */
export function rangoDeVista(vista: Vista, ancla: Dia): { desde: Dia; hasta: Dia } {
  const dias = vista === 'mes' ? semanasDelMes(ancla).flat() : semanaDe(ancla);
  return { desde: dias[0] as Dia, hasta: dias[dias.length - 1] as Dia };
}

/** The view's anchor moved one step (a month, or a week) back (-1) or forward (1). */
export function moverAncla(vista: Vista, ancla: Dia, paso: -1 | 1): Dia {
  return vista === 'mes' ? sumarMeses(primeroDelMes(ancla), paso) : sumarDias(ancla, 7 * paso);
}

/** «marzo de 2026»; for a week, «Semana del 2 al 8 de marzo de 2026» (or across months). */
export function tituloDeVista(vista: Vista, ancla: Dia): string {
  if (vista === 'mes') return nombreMes(ancla);
  const [lunes, domingo] = [semanaDe(ancla)[0] as Dia, semanaDe(ancla)[6] as Dia];
  const [, m1, d1] = partesDe(lunes);
  const [, m2] = partesDe(domingo);
  // «marzo de 2026» without its year, when both ends are of the same one.
  const inicio =
    m1 === m2
      ? `${d1}`
      : lunes.slice(0, 4) === domingo.slice(0, 4)
        ? `${d1} de ${nombreMes(lunes).replace(/ de \d+$/, '')}`
        : `${d1} de ${nombreMes(lunes)}`;
  return `Semana del ${inicio} al ${Number(domingo.slice(8))} de ${nombreMes(domingo)}`;
}

/** Each day's orders and occurrences, by the company's day of their due time. */
export function porDia(c: CalendarioEnVista, zona: string): Map<Dia, DelDia> {
  const dias = new Map<Dia, DelDia>();
  const de = (dia: Dia) => {
    let d = dias.get(dia);
    if (!d) dias.set(dia, (d = { ordenes: [], programadas: [] }));
    return d;
  };
  for (const o of c.ordenes) de(diaDeMs(o.fechaFin, zona)).ordenes.push(o);
  for (const p of c.programadas) de(diaDeMs(p.fecha, zona)).programadas.push(p);
  return dias;
}

/** One row of the workload view: a person (null: nobody assigned) and their items per day. */
export interface FilaDeCarga {
  persona: Persona | null;
  dias: Map<Dia, DelDia>;
  total: number;
}

/**
 * The workload of a week: one row per responsable (by name; «Sin responsable» last), each order or
 * occurrence under every person it names, so a shared order counts for each of them.
 */
export function cargaPorResponsable(c: CalendarioEnVista, zona: string): FilaDeCarga[] {
  const filas = new Map<number, FilaDeCarga>();
  const fila = (p: Persona | null) => {
    const clave = p?.id ?? 0;
    let f = filas.get(clave);
    if (!f) filas.set(clave, (f = { persona: p, dias: new Map(), total: 0 }));
    return f;
  };
  const sumar = (personas: Persona[], ms: number, poner: (d: DelDia) => void) => {
    const dia = diaDeMs(ms, zona);
    for (const p of personas.length ? personas : [null]) {
      const f = fila(p);
      let d = f.dias.get(dia);
      if (!d) f.dias.set(dia, (d = { ordenes: [], programadas: [] }));
      poner(d);
      f.total += 1;
    }
  };
  for (const o of c.ordenes) sumar(o.responsables, o.fechaFin, (d) => d.ordenes.push(o));
  for (const p of c.programadas) sumar(p.responsables, p.fecha, (d) => d.programadas.push(p));
  return [...filas.values()].sort((a, b) =>
    a.persona === null ? 1 : b.persona === null ? -1 : a.persona.nombre.localeCompare(b.persona.nombre, 'es'),
  );
}

/**
 * The due time of an order moved to `destino`: the same time of day there (an order due at the
 * end of its day stays due at the end of the new one).
 */
export function fechaFinMovida(fechaFin: number, destino: Dia, zona: string): number {
  const desdeElInicio = fechaFin - inicioDelDia(diaDeMs(fechaFin, zona), zona);
  return inicioDelDia(destino, zona) + desdeElInicio;
}

/** The answer with one order moved to another due time (what the screen shows while the move travels). */
export function conOrdenMovida<C extends Pick<Calendario, 'ordenes'>>(c: C, id: number, fechaFin: number): C {
  return { ...c, ordenes: c.ordenes.map((o) => (o.id === id ? { ...o, fechaFin } : o)) };
}
