/**
 * Calendar days and times of a company, whatever the time zone of the device or the server.
 * The rule (docs/FECHAS.md): a day is a 'YYYY-MM-DD' of the company's zone; on the wire and in the
 * database it is an instant (ms). The day of an instant is the zone's day that contains it. An
 * order's fechaInicio is stored as the first millisecond of its day, fechaFin as the last one (so an
 * order is overdue once its whole end day has passed); a report or filter range goes from the first
 * millisecond of «desde» to the last one of «hasta»; an hours or expense entry is noon of its day.
 *
 * Pure functions of Intl (no dependency); every function takes the zone, an IANA name.
 */

/** The zone of every company until companies get their own setting. */
export const ZONA_HORARIA_EMPRESA_POR_DEFECTO = 'America/Argentina/Buenos_Aires';

/** A calendar day, 'YYYY-MM-DD'. */
export type Dia = string;

const DIA_MS = 86_400_000;
const DIA_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DIA_TEXTO = /^(\d{2})\/(\d{2})\/(\d{4})$/;
/** Earlier years are typing mistakes ('0026' for '2026'), not dates of work orders. */
const ANIO_MINIMO = 1900;

const formatos = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building them is the slow part. */
function formato(zona: string): Intl.DateTimeFormat {
  let f = formatos.get(zona);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zona,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatos.set(zona, f);
  }
  return f;
}

interface Partes {
  anio: number;
  mes: number;
  dia: number;
  hora: number;
  minuto: number;
  segundo: number;
}

/** The wall clock of `zona` at the instant `ms`. */
function partes(ms: number, zona: string): Partes {
  const p: Record<string, number> = {};
  for (const { type, value } of formato(zona).formatToParts(ms)) {
    if (type !== 'literal') p[type] = Number(value);
  }
  return {
    anio: p.year as number,
    mes: p.month as number,
    dia: p.day as number,
    hora: p.hour as number,
    minuto: p.minute as number,
    segundo: p.second as number,
  };
}

const dos = (n: number) => String(n).padStart(2, '0');
const cuatro = (n: number) => String(n).padStart(4, '0');

/** True for a zone the runtime knows ('America/Argentina/Buenos_Aires', 'UTC', ...). */
export function esZonaValida(zona: string): boolean {
  try {
    formato(zona);
    return true;
  } catch {
    return false;
  }
}

/** True for a real 'YYYY-MM-DD' day from 1900 on (no 31 February, no month 13). */
export function esDia(valor: string): valor is Dia {
  const m = DIA_ISO.exec(valor);
  if (!m) return false;
  const [a, mes, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (a < ANIO_MINIMO || mes < 1 || mes > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(a, mes, 0)).getUTCDate();
}

/** The day of `zona` that contains the instant `ms`. */
export function diaDeMs(ms: number, zona: string): Dia {
  const p = partes(ms, zona);
  return `${cuatro(p.anio)}-${dos(p.mes)}-${dos(p.dia)}`;
}

/** Today in `zona`. */
export function hoyEn(zona: string, ahora = Date.now()): Dia {
  return diaDeMs(ahora, zona);
}

/** The day `n` days after `dia` (before, when negative). */
export function sumarDias(dia: Dia, n: number): Dia {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(a, m - 1, d + n)).toISOString().slice(0, 10);
}

/** ms that the wall clock of `zona` is ahead of UTC at the instant `ms` (second precision). */
function desfase(ms: number, zona: string): number {
  const p = partes(ms, zona);
  const pared = Date.UTC(p.anio, p.mes - 1, p.dia, p.hora, p.minuto, p.segundo);
  return pared - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The wall clock of `zona` at `ms`, as the ms whose UTC fields read the same (for formats without
 * zones, such as spreadsheet cells).
 */
export function relojComoUtc(ms: number, zona: string): number {
  return ms + desfase(ms, zona);
}

/** The instant when the wall clock of `zona` first reads `dia` 00:00 (or later, past a DST gap). */
export function inicioDelDia(dia: Dia, zona: string): number {
  if (!esDia(dia)) throw new RangeError(`Día inválido: ${dia}`);
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(a, m - 1, d);
  // Usual case: the offset at the guess is the offset at midnight.
  const guess = utc - desfase(utc - desfase(utc, zona), zona);
  if (diaDeMs(guess, zona) === dia && diaDeMs(guess - 1, zona) < dia) return guess;
  // A transition near midnight: search the first instant of the day (offsets span -12 h..+14 h).
  let bajo = utc - 15 * 3_600_000;
  let alto = utc + 13 * 3_600_000;
  while (alto - bajo > 1) {
    const medio = Math.floor((bajo + alto) / 2);
    if (diaDeMs(medio, zona) >= dia) alto = medio;
    else bajo = medio;
  }
  return alto;
}

/** The last millisecond of `dia` in `zona`. */
export function finDelDia(dia: Dia, zona: string): number {
  return inicioDelDia(sumarDias(dia, 1), zona) - 1;
}

/** Noon of `dia` in `zona`, well inside the day: how hours and expense entries carry their day. */
export function mediodiaDelDia(dia: Dia, zona: string): number {
  return inicioDelDia(dia, zona) + DIA_MS / 2;
}

/** 'dd/MM/yyyy' of a day. */
export function textoDeDia(dia: Dia): string {
  const [a, m, d] = dia.split('-');
  return `${d}/${m}/${a}`;
}

/** 'dd/MM/yyyy' of the day of `zona` that contains `ms`. */
export function textoFecha(ms: number, zona: string): string {
  return textoDeDia(diaDeMs(ms, zona));
}

/** 'dd/MM/yyyy HH:mm' (24 hours) of the instant `ms` on the wall clock of `zona`. */
export function textoFechaHora(ms: number, zona: string): string {
  const p = partes(ms, zona);
  return `${dos(p.dia)}/${dos(p.mes)}/${cuatro(p.anio)} ${dos(p.hora)}:${dos(p.minuto)}`;
}

/** 'HH:mm' (24 hours) of the instant `ms` on the wall clock of `zona`. */
export function textoHora(ms: number, zona: string): string {
  const p = partes(ms, zona);
  return `${dos(p.hora)}:${dos(p.minuto)}`;
}

/** The day written as 'dd/MM/yyyy'; null when the text is not a real day. */
export function diaDeTexto(texto: string): Dia | null {
  const m = DIA_TEXTO.exec(texto.trim());
  if (!m) return null;
  const dia = `${m[3]}-${m[2]}-${m[1]}`;
  return esDia(dia) ? dia : null;
}

/**
 * 'dd/MM/yyyy' read as a day of `zona`: the first millisecond of that day (the last one with
 * `borde: 'fin'`); null when the text is not a real day.
 */
export function msDeTexto(texto: string, zona: string, borde: 'inicio' | 'fin' = 'inicio'): number | null {
  const dia = diaDeTexto(texto);
  if (dia === null) return null;
  return borde === 'inicio' ? inicioDelDia(dia, zona) : finDelDia(dia, zona);
}

/** ISO weekday of a day: 1 = lunes … 7 = domingo (counted on whole UTC days: no zone enters). */
export const diaDeSemana = (d: Dia): number => ((((Date.parse(`${d}T00:00:00Z`) / 86_400_000 + 3) % 7) + 7) % 7) + 1;

const MESES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** «noviembre de 2026» for a month «AAAA-MM» (or the month of a day «AAAA-MM-DD»). */
export function textoMes(mes: string): string {
  const [a, m] = mes.split('-').map(Number) as [number, number];
  return `${MESES[m - 1] ?? ''} de ${a}`;
}
