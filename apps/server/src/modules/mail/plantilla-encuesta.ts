import { PUNTAJES } from '@delego/contract';
import { escaparHtml, marcoHtml, marcoTexto, sinEnlaces, type Contenido, type Remitente } from './plantillas.js';

/** What the survey mail says: the company, the order, and the page each rating opens. */
export interface DatosEncuesta {
  remitente: Remitente;
  /** `finalizada`: the order is Finalizada; a survey of an open order must not say it was finished. */
  orden: { numero: number; titulo: string; finalizada: boolean };
  /** PUBLIC_URL/encuestas/<k>: each rating link adds `?puntaje=N`. */
  enlace: string;
  vigenciaDias: number;
}

const COLORES = ['#c0392b', '#e67e22', '#f1c40f', '#7cb342', '#2e7d32'] as const;

/** The link of one rating. */
export function enlacePuntaje(enlace: string, puntaje: number): string {
  return `${enlace}?puntaje=${puntaje}`;
}

/**
 * The survey of an order (issue 13, docs/ENCUESTAS.md): the company's logo and name, the order's
 * number and title, and five links, 1 to 5. A click opens the public page, which records the
 * rating at once. Everything a person wrote (company, title) is escaped in the HTML.
 */
export function plantillaEncuesta(d: DatosEncuesta): Contenido {
  // What a person wrote is plain text: one line, no address a mail client would link.
  const nombreEmpresa = sinEnlaces(d.remitente.entidadNombre);
  const tituloPlano = sinEnlaces(d.orden.titulo);
  const empresa = escaparHtml(nombreEmpresa);
  const titulo = escaparHtml(tituloPlano);
  // A survey may be sent in any state (docs/ENCUESTAS.md): only a finished order is «terminó».
  const queHizo = d.orden.finalizada ? 'terminó la orden' : 'le pide su opinión sobre la orden';
  const asunto = `¿Cómo fue el trabajo de ${nombreEmpresa}? Orden #${d.orden.numero}`;
  const botones = PUNTAJES.map(
    (p, i) =>
      `<td align="center" style="padding:4px"><a href="${escaparHtml(enlacePuntaje(d.enlace, p.valor))}" ` +
      `aria-label="${p.valor}: ${p.texto}" style="display:block;min-width:52px;padding:12px 6px;border-radius:8px;` +
      `background:${COLORES[i]};color:#ffffff;text-decoration:none;font-weight:bold;font-size:20px">${p.valor}` +
      `<br><span style="font-size:11px;font-weight:normal">${p.texto}</span></a></td>`,
  ).join('');
  const html = marcoHtml(asunto, d.remitente, [
    '<p style="margin:0 0 14px;line-height:1.5">Hola:</p>',
    `<p style="margin:0 0 14px;line-height:1.5">${empresa} ${queHizo} <strong>#${d.orden.numero}</strong>: ${titulo}.</p>`,
    '<p style="margin:0 0 14px;line-height:1.5;font-weight:bold">¿Cómo calificaría el trabajo? Toque un número: 1 es muy malo, 5 es excelente.</p>',
    `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:8px 0 20px"><tr>${botones}</tr></table>`,
    '<p style="margin:0 0 10px;line-height:1.5;font-size:13px;color:#555">Su calificación queda registrada al tocar el número. Después puede agregar un comentario o cambiarla.</p>',
    `<p style="margin:0 0 10px;line-height:1.5;font-size:13px;color:#555">El enlace vence en ${d.vigenciaDias} días.</p>`,
  ]);
  const texto = marcoTexto(d.remitente, [
    'Hola:',
    '',
    `${nombreEmpresa} ${queHizo} #${d.orden.numero}: ${tituloPlano}.`,
    '',
    '¿Cómo calificaría el trabajo? Abra uno de estos enlaces (1 es muy malo, 5 es excelente):',
    '',
    ...PUNTAJES.map((p) => `${p.valor} (${p.texto}): ${enlacePuntaje(d.enlace, p.valor)}`),
    '',
    'Su calificación queda registrada al abrir el enlace. Después puede agregar un comentario o cambiarla.',
    `El enlace vence en ${d.vigenciaDias} días.`,
    '',
  ]);
  return { asunto, html, texto };
}
