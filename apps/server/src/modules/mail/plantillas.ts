/**
 * The Spanish mails (docs/CORREO.md), each as HTML and plain text. Every value that comes from a
 * person (names, the company's name) goes through `escaparHtml` in the HTML version: a name like
 * `<b>Ana</b>` arrives as text. The company's logo travels as an inline attachment (`cid:logo`).
 */

/** The content of one mail, ready for the outbox. */
export interface Contenido {
  asunto: string;
  html: string;
  texto: string;
}

/** Whose mail it is: the company's name, and whether its logo goes along. */
export interface Remitente {
  entidadNombre: string;
  conLogo: boolean;
}

/** The company (as `entidades.find` gives it, if it exists) as the sender of a mail. */
export function remitenteDe(entidad: { nombre: string; logo: string | null } | undefined): Remitente {
  return { entidadNombre: entidad?.nombre ?? '', conLogo: Boolean(entidad?.logo) };
}

/** The `cid` the HTML uses for the logo attachment. */
export const CID_LOGO = 'logo@delego';

const ENTIDADES_HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escaparHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ENTIDADES_HTML[c] ?? c);
}

/** One line, no control characters: for a subject built from a name. */
function enUnaLinea(s: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return s.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
}

function horas(ms: number): string {
  const h = Math.round(ms / 3_600_000);
  if (h <= 48) return h === 1 ? '1 hora' : `${h} horas`;
  const d = Math.round(h / 24);
  return d === 1 ? '1 día' : `${d} días`;
}

export interface Partes {
  remitente: Remitente;
  asunto: string;
  saludo: string;
  /** Paragraphs before the button, as plain text (escaped here). */
  parrafos: string[];
  boton: string;
  enlace: string;
  /** Paragraphs after the button. */
  notas: string[];
}

/**
 * The shared frame of every mail with one link (accounts, the client's side): the company's logo and
 * name, the text, one button with its link, the notes.
 */
export function armar(p: Partes): Contenido {
  const empresa = escaparHtml(p.remitente.entidadNombre);
  const enlace = escaparHtml(p.enlace);
  const logo = p.remitente.conLogo
    ? `<img src="cid:${CID_LOGO}" alt="" width="56" height="56" style="display:block;border-radius:12px;margin:0 0 12px">`
    : '';
  const parrafo = (t: string) => `<p style="margin:0 0 14px;line-height:1.5">${escaparHtml(t)}</p>`;
  const html = [
    '<!doctype html>',
    '<html lang="es"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escaparHtml(p.asunto)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f5f8;font-family:Arial,Helvetica,sans-serif;color:#222">',
    '<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f4f5f8;padding:24px 0">',
    '<tr><td align="center">',
    '<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:28px">',
    `<tr><td>${logo}<p style="margin:0 0 20px;font-size:18px;font-weight:bold">${empresa}</p>`,
    parrafo(p.saludo),
    ...p.parrafos.map(parrafo),
    `<p style="margin:24px 0"><a href="${enlace}" style="background:#1f5fa8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;font-weight:bold">${escaparHtml(p.boton)}</a></p>`,
    `<p style="margin:0 0 14px;line-height:1.5;font-size:13px;color:#555">Si el botón no funciona, copie esta dirección en el navegador:<br><a href="${enlace}" style="color:#1f5fa8;word-break:break-all">${enlace}</a></p>`,
    ...p.notas.map((n) => `<p style="margin:0 0 10px;line-height:1.5;font-size:13px;color:#555">${escaparHtml(n)}</p>`),
    '</td></tr></table>',
    '<p style="font-size:12px;color:#888;margin:16px 0 0">Delego · órdenes de trabajo</p>',
    '</td></tr></table></body></html>',
  ].join('\n');
  const texto = [
    p.remitente.entidadNombre,
    '',
    p.saludo,
    '',
    ...p.parrafos.flatMap((t) => [t, '']),
    `${p.boton}: ${p.enlace}`,
    '',
    ...p.notas.flatMap((t) => [t, '']),
    '--',
    'Delego · órdenes de trabajo',
    '',
  ].join('\n');
  return { asunto: enUnaLinea(p.asunto), html, texto };
}

/** What every mail with a link says about it: to whom, their login, the link and how long it lasts. */
export interface DatosEnlace {
  remitente: Remitente;
  nombre: string;
  usuario: string;
  enlace: string;
  vigenciaMs: number;
}

/** After a sign-up: confirm the address (PUBLIC_URL/confirmacion/<k>). */
export function plantillaConfirmacion(d: DatosEnlace): Contenido {
  return armar({
    remitente: d.remitente,
    asunto: `Confirme su cuenta de ${d.remitente.entidadNombre} en Delego`,
    saludo: `Hola, ${d.nombre}:`,
    parrafos: [
      `Gracias por registrar ${d.remitente.entidadNombre} en Delego. Para empezar a usar la cuenta, confirme su dirección de correo.`,
      `Su usuario para iniciar sesión es: ${d.usuario}`,
    ],
    boton: 'Confirmar la cuenta',
    enlace: d.enlace,
    notas: [
      `El enlace vence en ${horas(d.vigenciaMs)}. Si venció, puede pedir otro desde la pantalla de inicio de sesión.`,
      'Si usted no creó esta cuenta, ignore este correo: sin confirmar, nadie puede usarla.',
    ],
  });
}

/** Password recovery (PUBLIC_URL/password-reset/<k>). */
export function plantillaRecuperacion(d: DatosEnlace): Contenido {
  return armar({
    remitente: d.remitente,
    asunto: 'Elija una contraseña nueva para Delego',
    saludo: `Hola, ${d.nombre}:`,
    parrafos: [
      `Recibimos un pedido para cambiar la contraseña del usuario ${d.usuario} de ${d.remitente.entidadNombre}.`,
    ],
    boton: 'Elegir una contraseña nueva',
    enlace: d.enlace,
    notas: [
      `El enlace sirve una sola vez y vence en ${horas(d.vigenciaMs)}.`,
      'Si usted no lo pidió, ignore este correo: su contraseña actual sigue funcionando.',
    ],
  });
}

/** An admin invited a person: they choose their own password (PUBLIC_URL/password-reset/<k>). */
export function plantillaInvitacion(d: DatosEnlace & { invitadoPor: string }): Contenido {
  return armar({
    remitente: d.remitente,
    asunto: `${d.invitadoPor} lo invita a ${d.remitente.entidadNombre} en Delego`,
    saludo: `Hola, ${d.nombre}:`,
    parrafos: [
      `${d.invitadoPor} le creó un usuario en ${d.remitente.entidadNombre} para trabajar con las órdenes de Delego.`,
      `Su usuario es: ${d.usuario}. Elija su contraseña con el botón de abajo y después inicie sesión.`,
    ],
    boton: 'Elegir mi contraseña',
    enlace: d.enlace,
    notas: [`El enlace sirve una sola vez y vence en ${horas(d.vigenciaMs)}. Si venció, pida otra invitación.`],
  });
}
