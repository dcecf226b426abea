/** How the report and the spreadsheets write dates, sizes and text. Pure, tested beside. */
import { ZONA_HORARIA_EMPRESA_POR_DEFECTO, relojComoUtc } from '@delego/contract';

const TZ = ZONA_HORARIA_EMPRESA_POR_DEFECTO;
const fFecha = new Intl.DateTimeFormat('es-AR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TZ });
const fFechaHora = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TZ,
});

export function fecha(ms: number | null | undefined): string {
  return ms == null ? '—' : fFecha.format(new Date(ms));
}

export function fechaHora(ms: number | null | undefined): string {
  return ms == null ? '—' : fFechaHora.format(new Date(ms)).replace(',', '');
}

/** A Date whose UTC fields read as the company's wall clock at `ms` (Excel cells have no zone). */
export function fechaExcel(ms: number, zona = TZ): Date {
  return new Date(relojComoUtc(ms, zona));
}

const fNum = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });
export function tamanioTexto(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${fNum.format(bytes / 1024)} KB`;
  return `${fNum.format(bytes / 1024 / 1024)} MB`;
}

/**
 * Days late, to the hundredth as the delays export counts them (statistics): closed after its end
 * date, or still open past it. 0 when on time or without end date. (Whole days rounded up said «1»
 * where the delays export said «0,04» for the same order an hour late.)
 */
export function demoraDias(
  o: { fechaFin: number | null; finalizada: number | null; cerrado: boolean },
  ahora: number,
): number {
  if (o.fechaFin == null) return 0;
  const hasta = o.cerrado ? o.finalizada : ahora;
  if (hasta == null || hasta <= o.fechaFin) return 0;
  return Math.round(((hasta - o.fechaFin) / 86400_000) * 100) / 100;
}

/** Characters of Windows-1252 above Latin-1 that the PDF standard fonts can draw. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the PDF standard fonts (WinAnsi) can draw: accents, ñ, ¿ and ¡ stay; anything else (emoji,
 * other scripts) becomes '?', instead of garbage; control characters become spaces.
 */
export function textoPdf(s: string | null | undefined): string {
  if (!s) return '';
  let out = '';
  for (const ch of s.normalize('NFC')) {
    const c = ch.codePointAt(0) as number;
    if (ch === '\n') out += ch;
    else if (c < 0x20 || (c >= 0x7f && c < 0xa0)) out += ' ';
    else if (c <= 0xff || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else out += '?';
  }
  return out;
}
