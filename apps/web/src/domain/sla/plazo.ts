import {
  habilesEntre,
  plazoIncumplido,
  UMBRAL_AVISO_SLA,
  type CalendarioHabil,
  type PlazoOrden,
  type PlazoSla,
} from '@delego/contract';

/**
 * How an order's service-level target reads (issue 34, docs/SLA.md): what is left of it in the
 * company's business time, and its colour by the share used. Pure: the instant comes in.
 */

const MINUTO = 60_000;
const HORA = 60 * MINUTO;
/** A week without any shift cannot be saved; should one arrive, a day counts 8 hours. */
const JORNADA_POR_DEFECTO = 8 * HORA;

/** green < 80 % used, amber from 80 %, red once due; «pausa» while the clock is stopped. */
export type NivelPlazo = 'verde' | 'ambar' | 'rojo' | 'pausa';

export const NOMBRE_PLAZO: Record<PlazoSla, string> = { respuesta: 'Respuesta', resolucion: 'Resolución' };

/** The company's average working day (its week's shifts over the days it works): what «1 día hábil» is in the countdown. */
export function jornadaMs(cal: CalendarioHabil): number {
  let minutos = 0;
  let dias = 0;
  for (const tramos of Object.values(cal.semana)) {
    if (!tramos?.length) continue;
    dias++;
    for (const t of tramos) minutos += t.hasta - t.desde;
  }
  return dias && minutos > 0 ? (minutos / dias) * MINUTO : JORNADA_POR_DEFECTO;
}

const conPlural = (n: number, uno: string, varios: string) => `${n} ${n === 1 ? uno : varios}`;

/**
 * Business time as a person reads it: minutes under an hour («40 min hábiles»), hours under a
 * working day («3 h hábiles»), then days and hours («1 día 2 h hábiles», «2 días hábiles»).
 * Rounded down; under a minute, «menos de 1 min hábil».
 */
export function textoDuracionHabil(ms: number, jornada: number): string {
  const d = Math.max(0, ms);
  if (d < MINUTO) return 'menos de 1 min hábil';
  if (d < HORA) return conPlural(Math.floor(d / MINUTO), 'min hábil', 'min hábiles');
  if (d < jornada) return conPlural(Math.floor(d / HORA), 'h hábil', 'h hábiles');
  const dias = Math.floor(d / jornada);
  const horas = Math.floor((d - dias * jornada) / HORA);
  if (!horas) return conPlural(dias, 'día hábil', 'días hábiles');
  return `${conPlural(dias, 'día', 'días')} ${conPlural(horas, 'h hábil', 'h hábiles')}`;
}

export interface EstadoPlazo {
  nivel: NivelPlazo;
  /** «Vence en 3 h hábiles», «Vencida hace 2 h hábiles», «En pausa · quedan 3 h hábiles». */
  texto: string;
  /** Business time left (negative once due), counted to now or to the start of the pause. */
  restanteMs: number;
  /** Share of the target used (1 - left / total): 0.8 and over is amber. */
  usado: number;
}

/**
 * An open target: what is left from now (or from `pausadaDesde`, while the clock is stopped) to
 * its due instant, in the company's business time.
 */
export function estadoDePlazo(
  cal: CalendarioHabil,
  plazo: Pick<PlazoOrden, 'vence' | 'totalMs'>,
  ahora: number,
  pausadaDesde: number | null,
): EstadoPlazo {
  const restanteMs = habilesEntre(cal, pausadaDesde ?? ahora, plazo.vence);
  const usado = plazo.totalMs > 0 ? 1 - restanteMs / plazo.totalMs : 1;
  const jornada = jornadaMs(cal);
  if (restanteMs <= 0) {
    const texto = `Vencida hace ${textoDuracionHabil(-restanteMs, jornada)}`;
    return { nivel: 'rojo', texto: pausadaDesde != null ? `${texto} · en pausa` : texto, restanteMs, usado };
  }
  const queda = textoDuracionHabil(restanteMs, jornada);
  if (pausadaDesde != null) return { nivel: 'pausa', texto: `En pausa · quedan ${queda}`, restanteMs, usado };
  return { nivel: usado >= UMBRAL_AVISO_SLA ? 'ambar' : 'verde', texto: `Vence en ${queda}`, restanteMs, usado };
}

/** A met target: «Respondida a tiempo», «Resuelta fuera de plazo». */
export function textoCumplido(plazo: PlazoSla, datos: PlazoOrden): { texto: string; aTiempo: boolean } {
  const aTiempo = !plazoIncumplido(datos, datos.cumplidaEn ?? 0, null);
  const verbo = plazo === 'respuesta' ? 'Respondida' : 'Resuelta';
  return { texto: `${verbo} ${aTiempo ? 'a tiempo' : 'fuera de plazo'}`, aTiempo };
}

/** «4 h hábiles», «1 día hábil»: a target as the policy sets it. */
export function textoObjetivo({ cantidad, unidad }: { cantidad: number; unidad: 'horas' | 'dias' }): string {
  return unidad === 'horas'
    ? conPlural(cantidad, 'h hábil', 'h hábiles')
    : conPlural(cantidad, 'día hábil', 'días hábiles');
}
