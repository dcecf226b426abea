/**
 * Business time of a company (issue 34, service levels): its working hours per weekday, split
 * shifts allowed, and its holidays, in its own time zone. Pure functions of an injected instant, so
 * the server (deadlines, warnings at 80 %) and the web (the countdown «Vence en 3 h hábiles») count
 * the same way. docs/SLA.md says how a target is counted.
 *
 * Business time is measured in ms. An instant outside working hours waits for the next shift: a
 * request that arrives on Saturday night starts counting on Monday at the first shift.
 */
import { diaDeSemana, esDia, inicioDelDia, sumarDias, type Dia } from './fechas.js';

/** A shift: from `desde` to `hasta`, minutes after the day's midnight on the wall clock (0–1440). */
export interface Tramo {
  desde: number;
  hasta: number;
}

/** ISO weekday: 1 = lunes … 7 = domingo. */
export type DiaDeSemana = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The working week: the shifts of each weekday, in any order (an absent day is not worked). */
export type SemanaHabil = Partial<Record<DiaDeSemana, readonly Tramo[]>>;

export interface CalendarioHabil {
  /** IANA zone of the company. */
  zona: string;
  semana: SemanaHabil;
  /** Days not worked although their weekday is. */
  feriados: ReadonlySet<Dia>;
}

export const MINUTOS_POR_DIA = 1440;
const MINUTO_MS = 60_000;
/** How far the arithmetic looks for working time before saying there is none (ten years). */
const DIAS_DE_BUSQUEDA = 3660;

export const MENSAJES_HORARIO = {
  invertido: 'El horario termina antes de empezar o dura cero minutos.',
  fueraDelDia: 'El horario va de 00:00 a 24:00, en minutos enteros.',
  superpuesto: 'Dos horarios del mismo día se superponen.',
  sinHorario: 'Indique al menos un horario de trabajo: sin él, ningún plazo vencería nunca.',
} as const;

/** One problem of a working week, with the weekday and the shift's position where it applies. */
export interface ProblemaDeHorario {
  dia: DiaDeSemana | null;
  tramo: number | null;
  mensaje: string;
}

/**
 * What is wrong with a working week (empty when nothing): inverted or empty shifts, shifts outside
 * the day, shifts of one day that overlap, and a week without any shift.
 */
export function problemasDeSemana(semana: SemanaHabil): ProblemaDeHorario[] {
  const problemas: ProblemaDeHorario[] = [];
  let alguno = false;
  for (const dia of [1, 2, 3, 4, 5, 6, 7] as const) {
    const tramos = semana[dia] ?? [];
    tramos.forEach((t, i) => {
      if (!esMinutoDelDia(t.desde) || !esMinutoDelDia(t.hasta)) {
        problemas.push({ dia, tramo: i, mensaje: MENSAJES_HORARIO.fueraDelDia });
      } else if (t.hasta <= t.desde) {
        problemas.push({ dia, tramo: i, mensaje: MENSAJES_HORARIO.invertido });
      } else {
        alguno = true;
      }
    });
    const ordenados = tramos.map((t, i) => ({ ...t, i })).sort((a, b) => a.desde - b.desde);
    for (let k = 1; k < ordenados.length; k++) {
      const [antes, este] = [ordenados[k - 1]!, ordenados[k]!];
      if (este.desde < antes.hasta) problemas.push({ dia, tramo: este.i, mensaje: MENSAJES_HORARIO.superpuesto });
    }
  }
  if (!alguno) problemas.push({ dia: null, tramo: null, mensaje: MENSAJES_HORARIO.sinHorario });
  return problemas;
}

function esMinutoDelDia(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n <= MINUTOS_POR_DIA;
}

const inicios = new Map<string, number>();

/** `inicioDelDia`, remembered: the arithmetic walks the same days again and again, and Intl is the slow part. */
function inicioDe(dia: Dia, zona: string): number {
  const clave = `${zona} ${dia}`;
  let ms = inicios.get(clave);
  if (ms === undefined) {
    if (inicios.size >= 20_000) inicios.clear();
    ms = inicioDelDia(dia, zona);
    inicios.set(clave, ms);
  }
  return ms;
}

/** The instant when the wall clock of `zona` reads `minuto` minutes after the start of `dia`. */
function instanteDeReloj(dia: Dia, minuto: number, zona: string): number {
  if (minuto >= MINUTOS_POR_DIA) return inicioDe(sumarDias(dia, 1), zona);
  // Measured from the day's first instant: exact except on the few days a zone moves its clock.
  return inicioDe(dia, zona) + minuto * MINUTO_MS;
}

/** The working intervals of `dia` as instants [desde, hasta), in order; none on a holiday. */
export function intervalosDelDia(cal: CalendarioHabil, dia: Dia): Array<[number, number]> {
  if (!esDia(dia)) throw new RangeError(`Día inválido: ${dia}`);
  if (cal.feriados.has(dia)) return [];
  return [...(cal.semana[diaDeSemana(dia) as DiaDeSemana] ?? [])]
    .filter((t) => t.hasta > t.desde)
    .sort((a, b) => a.desde - b.desde)
    .map((t) => [instanteDeReloj(dia, t.desde, cal.zona), instanteDeReloj(dia, t.hasta, cal.zona)]);
}

/** The company's day that contains `ms`, from its first instant (cheaper than formatting). */
function diaQueContiene(ms: number, zona: string): Dia {
  // Every zone is within ±14 h of UTC: start from the UTC day and step by the real day bounds.
  let dia = new Date(ms).toISOString().slice(0, 10);
  while (inicioDe(dia, zona) > ms) dia = sumarDias(dia, -1);
  while (inicioDe(sumarDias(dia, 1), zona) <= ms) dia = sumarDias(dia, 1);
  return dia;
}

function sinHorarioHabil(): never {
  throw new RangeError(MENSAJES_HORARIO.sinHorario);
}

/**
 * The instant when `duracion` ms of business time have passed since `desde`. With a duration of 0,
 * `desde` itself. A duration that ends exactly where a shift ends gives that end (not the next
 * shift's start).
 */
export function sumarHabiles(cal: CalendarioHabil, desde: number, duracion: number): number {
  if (duracion < 0) return restarHabiles(cal, desde, -duracion);
  if (duracion === 0) return desde;
  let resta = duracion;
  let dia = diaQueContiene(desde, cal.zona);
  for (let n = 0; n < DIAS_DE_BUSQUEDA; n++, dia = sumarDias(dia, 1)) {
    for (const [a, b] of intervalosDelDia(cal, dia)) {
      const inicio = Math.max(a, desde);
      if (inicio >= b) continue;
      if (b - inicio >= resta) return inicio + resta;
      resta -= b - inicio;
    }
  }
  return sinHorarioHabil();
}

/**
 * The instant `duracion` ms of business time before `hasta`: the latest one, so a duration that
 * reaches back to a shift's start gives that start (not the previous shift's end).
 */
export function restarHabiles(cal: CalendarioHabil, hasta: number, duracion: number): number {
  if (duracion < 0) return sumarHabiles(cal, hasta, -duracion);
  if (duracion === 0) return hasta;
  let resta = duracion;
  let dia = diaQueContiene(hasta, cal.zona);
  for (let n = 0; n < DIAS_DE_BUSQUEDA; n++, dia = sumarDias(dia, -1)) {
    for (const [a, b] of intervalosDelDia(cal, dia).reverse()) {
      const fin = Math.min(b, hasta);
      if (fin <= a) continue;
      if (fin - a >= resta) return fin - resta;
      resta -= fin - a;
    }
  }
  return sinHorarioHabil();
}

/** Business time (ms) between two instants; negative when `hasta` is before `desde`. */
export function habilesEntre(cal: CalendarioHabil, desde: number, hasta: number): number {
  if (hasta < desde) return -habilesEntre(cal, hasta, desde);
  let total = 0;
  const ultimo = diaQueContiene(hasta, cal.zona);
  for (let dia = diaQueContiene(desde, cal.zona); dia <= ultimo; dia = sumarDias(dia, 1)) {
    for (const [a, b] of intervalosDelDia(cal, dia)) {
      total += Math.max(0, Math.min(b, hasta) - Math.max(a, desde));
    }
  }
  return total;
}

/** The first working instant at or after `ms` (`ms` itself inside a shift). */
export function siguienteInstanteHabil(cal: CalendarioHabil, ms: number): number {
  let dia = diaQueContiene(ms, cal.zona);
  for (let n = 0; n < DIAS_DE_BUSQUEDA; n++, dia = sumarDias(dia, 1)) {
    for (const [a, b] of intervalosDelDia(cal, dia)) {
      if (ms < b) return Math.max(a, ms);
    }
  }
  return sinHorarioHabil();
}

/**
 * `n` business days after `desde`: the same wall-clock time on the n-th working day after the day
 * work starts (a day with shifts that is not a holiday), brought inside that day's hours when it
 * falls after its last shift; at or before its first shift it is the previous working day's end
 * (the same business instant, earlier on the clock). Work starts at the first working instant at
 * or after `desde`: two business days from Friday 18:00, with a 9–17 week, are Tuesday 17:00.
 */
export function sumarDiasHabiles(cal: CalendarioHabil, desde: number, n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('Los días hábiles son un entero de 0 o más.');
  const comienzo = siguienteInstanteHabil(cal, desde);
  let dia = diaQueContiene(comienzo, cal.zona);
  const minutos = (comienzo - inicioDe(dia, cal.zona)) / MINUTO_MS;
  for (let contados = 0, k = 0; contados < n;) {
    dia = sumarDias(dia, 1);
    if (intervalosDelDia(cal, dia).length > 0) contados++;
    if (++k > DIAS_DE_BUSQUEDA) sinHorarioHabil();
  }
  if (n === 0) return comienzo;
  const intervalos = intervalosDelDia(cal, dia);
  const objetivo = instanteDeReloj(dia, Math.min(minutos, MINUTOS_POR_DIA), cal.zona);
  const primero = intervalos[0]![0];
  // At or before the day's first shift, the same business instant is the previous working day's end.
  if (objetivo <= primero) return finDelDiaHabilAnterior(cal, dia);
  return Math.min(objetivo, intervalos.at(-1)![1]);
}

/** The end of the last shift of the last working day before `dia`. */
function finDelDiaHabilAnterior(cal: CalendarioHabil, dia: Dia): number {
  for (let n = 0; n < DIAS_DE_BUSQUEDA; n++) {
    dia = sumarDias(dia, -1);
    const ultimo = intervalosDelDia(cal, dia).at(-1);
    if (ultimo) return ultimo[1];
  }
  return sinHorarioHabil();
}

/** A stretch when a target's clock stood still (an «en espera» state); `hasta` null while it lasts. */
export interface Pausa {
  desde: number;
  hasta: number | null;
}

/**
 * Business time a target has used by `ahora`, from `inicio`, not counting its pauses (overlapping
 * pauses count once).
 */
export function habilesUsados(
  cal: CalendarioHabil,
  inicio: number,
  ahora: number,
  pausas: readonly Pausa[] = [],
): number {
  if (ahora <= inicio) return 0;
  let usados = habilesEntre(cal, inicio, ahora);
  let cursor = inicio;
  for (const p of [...pausas].sort((a, b) => a.desde - b.desde)) {
    const desde = Math.max(p.desde, cursor);
    const hasta = Math.min(p.hasta ?? ahora, ahora);
    if (hasta <= desde) continue;
    usados -= habilesEntre(cal, desde, hasta);
    cursor = hasta;
  }
  return usados;
}

/**
 * When a target of `duracion` business time started at `inicio` is due, its pauses not counting:
 * the inverse of `habilesUsados` (at the instant returned, exactly `duracion` is used). With a
 * pause still open, the clock stands at its start: `pausadaDesde` is that start and `vence` the
 * instant it would be due were the clock restarted there.
 */
export function vencimientoConPausas(
  cal: CalendarioHabil,
  inicio: number,
  duracion: number,
  pausas: readonly Pausa[] = [],
): { vence: number; pausadaDesde: number | null } {
  let restante = duracion;
  let cursor = inicio;
  for (const p of [...pausas].sort((a, b) => a.desde - b.desde)) {
    const vence = sumarHabiles(cal, cursor, restante);
    if (p.desde >= vence) return { vence, pausadaDesde: null };
    const desde = Math.max(p.desde, cursor);
    restante -= habilesEntre(cal, cursor, desde);
    if (p.hasta == null) return { vence: sumarHabiles(cal, desde, restante), pausadaDesde: desde };
    cursor = Math.max(cursor, p.hasta);
  }
  return { vence: sumarHabiles(cal, cursor, restante), pausadaDesde: null };
}
