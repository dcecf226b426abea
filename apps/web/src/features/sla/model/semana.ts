import {
  DIAS_HABILES,
  MINUTOS_POR_DIA,
  NOMBRES_DIAS_SEMANA,
  diaDeSemana,
  problemasDeSemana,
  textoDeDia,
  type SemanaHabilContrato,
} from '@delego/contract';

/**
 * The working week as the form holds it, and back (issue 34; docs/SLA.md). On the wire a shift is
 * minutes after midnight (09:00 = 540); in the form it is two 'HH:MM' texts, as the native time
 * inputs give them. A time input cannot say 24:00: an end at 00:00 means midnight, the end of the
 * day (1440), since an end at the start of the day could never follow its start.
 */

/** A weekday of the contract: '1' = lunes … '7' = domingo. */
export type DiaHabil = (typeof DIAS_HABILES)[number];

/** One shift as typed: 'HH:MM' or '' while empty. */
export interface TramoEnFormulario {
  desde: string;
  hasta: string;
}

export type SemanaEnFormulario = Record<DiaHabil, TramoEnFormulario[]>;

/** The shift a day gets when it had none: a whole working day. */
export const TRAMO_NUEVO: TramoEnFormulario = { desde: '09:00', hasta: '18:00' };

export const MENSAJE_HORA_FALTANTE = 'Indique la hora de inicio y la de fin.';

const HORA = /^(\d{2}):(\d{2})$/;
const dos = (n: number) => String(n).padStart(2, '0');

/** 'Lunes' … 'Domingo'. */
export function nombreDeDia(dia: DiaHabil): string {
  const nombre = NOMBRES_DIAS_SEMANA[Number(dia) - 1]!;
  return nombre.charAt(0).toLocaleUpperCase('es') + nombre.slice(1);
}

/** 'HH:MM' of minutes after midnight; 1440 is '24:00'. */
export function textoDeMinutos(minutos: number): string {
  return `${dos(Math.floor(minutos / 60))}:${dos(minutos % 60)}`;
}

/** What a time input shows: the same, with midnight as the end written 00:00. */
function horaDeInput(minutos: number): string {
  return minutos === MINUTOS_POR_DIA ? '00:00' : textoDeMinutos(minutos);
}

/** Minutes after midnight of 'HH:MM' (an end at 00:00 is midnight: 1440); null when not a time. */
export function minutosDeHora(texto: string, esFin: boolean): number | null {
  const m = HORA.exec(texto.trim());
  if (!m) return null;
  const [horas, minutos] = [Number(m[1]), Number(m[2])];
  if (horas > 24 || minutos > 59) return null;
  const total = horas * 60 + minutos;
  return esFin && total === 0 ? MINUTOS_POR_DIA : total;
}

/** The form's values of a week. */
export function semanaEnFormulario(semana: SemanaHabilContrato): SemanaEnFormulario {
  const dias = DIAS_HABILES.map((d) => [
    d,
    semana[d].map((t) => ({ desde: horaDeInput(t.desde), hasta: horaDeInput(t.hasta) })),
  ]);
  return Object.fromEntries(dias) as SemanaEnFormulario;
}

/** The place of a message: `'1.0'` a shift (lunes, the first), `'semana'` the whole week. */
export type LugarDeError = string;
export const LUGAR_SEMANA = 'semana';
export const lugarDeTramo = (dia: DiaHabil, tramo: number): LugarDeError => `${dia}.${tramo}`;

export type ResultadoSemana =
  { ok: true; semana: SemanaHabilContrato } | { ok: false; errores: Record<LugarDeError, string> };

/**
 * The week to send, or the messages of what is wrong, each at its shift (or the week): a time not
 * given, then the contract's own check (`problemasDeSemana`, the same Spanish the server sends).
 */
export function validarSemana(valores: SemanaEnFormulario): ResultadoSemana {
  const errores: Record<LugarDeError, string> = {};
  const dias = DIAS_HABILES.map((d) => [
    d,
    valores[d].map((t, i) => {
      const desde = minutosDeHora(t.desde, false);
      const hasta = minutosDeHora(t.hasta, true);
      if (desde === null || hasta === null) errores[lugarDeTramo(d, i)] = MENSAJE_HORA_FALTANTE;
      return { desde: desde ?? 0, hasta: hasta ?? 0 };
    }),
  ]);
  const semana = Object.fromEntries(dias) as SemanaHabilContrato;
  if (Object.keys(errores).length) return { ok: false, errores };
  for (const p of problemasDeSemana(semana)) {
    const lugar = p.dia === null ? LUGAR_SEMANA : p.tramo === null ? String(p.dia) : lugarDeTramo(`${p.dia}`, p.tramo);
    errores[lugar] ??= p.mensaje;
  }
  return Object.keys(errores).length ? { ok: false, errores } : { ok: true, semana };
}

/**
 * Where a field the server blamed goes in the form: 'semana.1.0' (or 'semana.1.0.hasta') at that
 * shift, 'semana.1' at the day, 'semana' at the week; null when it is not the week's.
 */
export function lugarDeCampo(campo: string | undefined): LugarDeError | null {
  const [raiz, dia, tramo] = (campo ?? '').split('.');
  if (raiz !== LUGAR_SEMANA) return null;
  if (!(DIAS_HABILES as readonly string[]).includes(dia ?? '')) return LUGAR_SEMANA;
  return tramo !== undefined && /^\d+$/.test(tramo) ? `${dia}.${tramo}` : dia!;
}

/** A day's shifts as text: '09:00 a 13:00 y 14:00 a 18:00', or 'No se trabaja'. */
export function textoDeTramos(tramos: readonly { desde: number; hasta: number }[]): string {
  if (!tramos.length) return 'No se trabaja';
  const textos = [...tramos]
    .sort((a, b) => a.desde - b.desde)
    .map((t) => `${textoDeMinutos(t.desde)} a ${textoDeMinutos(t.hasta)}`);
  return textos.length === 1 ? textos[0]! : `${textos.slice(0, -1).join(', ')} y ${textos.at(-1)!}`;
}

/** A holiday's day as 'mié 27/05/2026'. */
export function textoDeFeriado(dia: string): string {
  return `${NOMBRES_DIAS_SEMANA[diaDeSemana(dia) - 1]!.slice(0, 3)} ${textoDeDia(dia)}`;
}
