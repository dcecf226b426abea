import { NOMBRES_ESTADO_SOLICITUD, textoFechaHora, type EstadoSolicitud, type Solicitud } from '@delego/contract';
import { formatDistanceStrict } from 'date-fns';
import { es } from 'date-fns/locale';

/** How a request's place reads: «Equipo: Caldera 2», «Ubicación: Planta baja». */
export function textoLugar(lugar: { tipo: 'ubicacion' | 'equipo'; nombre: string }): string {
  return `${lugar.tipo === 'equipo' ? 'Equipo' : 'Ubicación'}: ${lugar.nombre}`;
}

/** Where the work is: the place of the QR, what the person wrote, or both; null when neither. */
export function textoDonde(s: Pick<Solicitud, 'lugar' | 'donde'>): string | null {
  const partes = [s.lugar ? textoLugar(s.lugar) : null, s.donde].filter((p): p is string => !!p);
  return partes.length ? partes.join(' · ') : null;
}

/** The longest first line a row of the inbox shows. */
export const LARGO_PRIMERA_LINEA = 120;

/** The first line with text of what was asked, cut with «…» past `LARGO_PRIMERA_LINEA`. */
export function primeraLinea(que: string): string {
  const linea = que
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find(Boolean);
  if (!linea) return '';
  return linea.length > LARGO_PRIMERA_LINEA ? `${linea.slice(0, LARGO_PRIMERA_LINEA - 1).trimEnd()}…` : linea;
}

/** «Marta Gómez · marta@example.com · 341 555 1234»: the name and each way to reach them. */
export function textoContacto(c: Solicitud['contacto']): string {
  return [c.nombre, c.email, c.telefono].filter(Boolean).join(' · ');
}

const MINUTO_MS = 60_000;

/** How old a request is: «hace un momento», «hace 5 minutos», «hace 3 días». */
export function antiguedad(creada: number, ahora: number): string {
  if (ahora - creada < MINUTO_MS) return 'hace un momento';
  return formatDistanceStrict(creada, ahora, { locale: es, addSuffix: true });
}

/** The color of each state's badge. */
export const COLOR_ESTADO: Record<EstadoSolicitud, string> = {
  pendiente: 'warning',
  aceptada: 'success',
  rechazada: 'medium',
};

/** «Aceptada por Ana Pérez el 12/11/2026 10:00», «Rechazada: motivo» and the like. */
export function textoResolucion(s: Pick<Solicitud, 'estado' | 'resueltaPor' | 'resuelta'>, zona: string): string {
  const nombre = NOMBRES_ESTADO_SOLICITUD[s.estado];
  if (s.estado === 'pendiente') return nombre;
  const por = s.resueltaPor ? ` por ${s.resueltaPor}` : '';
  const cuando = s.resuelta != null ? ` el ${textoFechaHora(s.resuelta, zona)}` : '';
  return `${nombre}${por}${cuando}`;
}

/**
 * A link the server gave (the tracking link, an order's public summary) as an `href`, only when it
 * is a web address or a path of this site: anything else (`javascript:`, `data:`) is not a link.
 */
export function enlaceSeguro(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}
