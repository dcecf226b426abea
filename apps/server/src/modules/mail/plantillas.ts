/**
 * The Spanish mails (docs/CORREO.md), each as HTML and plain text. Every text that can carry what a
 * person wrote (names, the company's name, an order's title) is made plain (`sinEnlaces`: one line,
 * defanged so no mail client turns it into a link) and, in the HTML version, escaped: a name like
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

/** One line, no control or invisible format characters (zero-width, bidi overrides). */
export function enUnaLinea(s: string): string {
  // \p{Cc}: the control characters (line breaks among them); \p{Cf}: zero-width and bidi marks.
  return s
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
}

/**
 * A text that may carry what a person wrote, made plain for a mail (issue 28): on one line, and
 * "defanged" the way abuse desks and CERTs write hostile addresses, so that no mail client links
 * it: `http://x` becomes `hxxp[:]//x`, any `scheme://` becomes `scheme[:]//`, and a dot that
 * separates a domain's labels (a letter or digit before it, two letters after it, or after `www`)
 * becomes `[.]`, also the ideographic and full-width dots. `www.mal.com`, `ana@mal.com` and `https://mal.com/x`
 * stop being addresses; `Pérez S.R.L.` and `v1.5` stay as they were.
 */
export function sinEnlaces(s: string): string {
  return enUnaLinea(s)
    .replace(/([a-z][a-z0-9+.-]*):\/\//gi, (_m, esquema: string) => `${esquema.replace(/^http/i, 'hxxp')}[:]//`)
    .replace(/(?<=[\p{L}\p{N}_-])[.\u3002\uff0e\uff61](?=\p{L}{2})/gu, '[.]')
    .replace(/\b(www)[.\u3002\uff0e\uff61]/giu, '$1[.]');
}

/** A login name as a mail may show it: only when it does not read as an address (else the app shows it). */
export function usuarioVisible(usuario: string): string | null {
  const plano = sinEnlaces(usuario);
  return plano === usuario ? usuario : null;
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
 * The HTML of every mail: the page titled `titulo` (plain text, escaped here), the card with the
 * company's logo (when it goes along) and name, `cuerpo` (lines of HTML, whatever a person wrote in
 * them already escaped), and Delego's footer.
 */
export function marcoHtml(titulo: string, remitente: Remitente, cuerpo: string[]): string {
  const empresa = escaparHtml(sinEnlaces(remitente.entidadNombre));
  const logo = remitente.conLogo
    ? `<img src="cid:${CID_LOGO}" alt="" width="56" height="56" style="display:block;border-radius:12px;margin:0 0 12px">`
    : '';
  return [
    '<!doctype html>',
    '<html lang="es"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escaparHtml(titulo)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f5f8;font-family:Arial,Helvetica,sans-serif;color:#222">',
    '<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f4f5f8;padding:24px 0">',
    '<tr><td align="center">',
    '<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:28px">',
    `<tr><td>${logo}<p style="margin:0 0 20px;font-size:18px;font-weight:bold">${empresa}</p>`,
    ...cuerpo,
    '</td></tr></table>',
    '<p style="font-size:12px;color:#888;margin:16px 0 0">Delego · órdenes de trabajo</p>',
    '</td></tr></table></body></html>',
  ].join('\n');
}

/** The plain text of every mail: the company's name, `cuerpo` (lines of plain text), Delego's signature. */
export function marcoTexto(remitente: Remitente, cuerpo: string[]): string {
  return [sinEnlaces(remitente.entidadNombre), '', ...cuerpo, '--', 'Delego · órdenes de trabajo', ''].join('\n');
}

/**
 * The shared frame of every mail with one link (accounts, the client's side): the company's logo and
 * name, the text, one button with its link, the notes.
 */
export function armar(p: Partes): Contenido {
  const enlace = escaparHtml(p.enlace);
  const parrafo = (t: string) => `<p style="margin:0 0 14px;line-height:1.5">${escaparHtml(sinEnlaces(t))}</p>`;
  const html = marcoHtml(sinEnlaces(p.asunto), p.remitente, [
    parrafo(p.saludo),
    ...p.parrafos.map(parrafo),
    `<p style="margin:24px 0"><a href="${enlace}" style="background:#1f5fa8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;font-weight:bold">${escaparHtml(p.boton)}</a></p>`,
    `<p style="margin:0 0 14px;line-height:1.5;font-size:13px;color:#555">Si el botón no funciona, copie esta dirección en el navegador:<br><a href="${enlace}" style="color:#1f5fa8;word-break:break-all">${enlace}</a></p>`,
    ...p.notas.map(
      (n) => `<p style="margin:0 0 10px;line-height:1.5;font-size:13px;color:#555">${escaparHtml(sinEnlaces(n))}</p>`,
    ),
  ]);
  const texto = marcoTexto(p.remitente, [
    sinEnlaces(p.saludo),
    '',
    ...p.parrafos.flatMap((t) => [sinEnlaces(t), '']),
    `${p.boton}: ${p.enlace}`,
    '',
    ...p.notas.flatMap((t) => [sinEnlaces(t), '']),
  ]);
  return { asunto: sinEnlaces(p.asunto), html, texto };
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
      usuarioVisible(d.usuario)
        ? `Su usuario para iniciar sesión es: ${d.usuario}`
        : 'Su usuario para iniciar sesión aparece al abrir el enlace.',
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
      usuarioVisible(d.usuario)
        ? `Recibimos un pedido para cambiar la contraseña del usuario ${d.usuario} de ${d.remitente.entidadNombre}.`
        : `Recibimos un pedido para cambiar la contraseña de su usuario de ${d.remitente.entidadNombre}.`,
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
      usuarioVisible(d.usuario)
        ? `Su usuario es: ${d.usuario}. Elija su contraseña con el enlace de abajo y después inicie sesión.`
        : 'Elija su contraseña con el enlace de abajo; la página le muestra su usuario para iniciar sesión.',
    ],
    boton: 'Elegir mi contraseña',
    enlace: d.enlace,
    notas: [`El enlace sirve una sola vez y vence en ${horas(d.vigenciaMs)}. Si venció, pida otra invitación.`],
  });
}

/** A notice about the company's plan to its owners (the plans, the maintenance plans), with a button to the plans page. */
export function plantillaAvisoDePlan(d: {
  remitente: Remitente;
  asunto: string;
  parrafos: string[];
  /** PUBLIC_URL: the button opens PUBLIC_URL/planes. */
  publicUrl: string;
}): Contenido {
  return armar({
    remitente: d.remitente,
    asunto: d.asunto,
    saludo: 'Hola:',
    parrafos: d.parrafos,
    boton: 'Ver los planes',
    enlace: `${d.publicUrl}/planes`,
    notas: ['Este correo se envía a los propietarios de la cuenta de Delego de la empresa.'],
  });
}

/** The footer every mail gets (MailService.enqueue): who sent it, and how to stop it. */
export function pieDeCorreo(p: {
  /** The company the mail speaks for; none for Delego's own notices. */
  empresa: string | null;
  /** MAIL_CONTACTO: where people write to stop a company's mails or report an abuse. */
  contacto: string | null;
  /** Unsolicited (capped) mails say how many a company may send without being asked. */
  maxPorDia: number | null;
}): { html: string; texto: string } {
  const empresa = p.empresa ? sinEnlaces(p.empresa) : '';
  const frases: { texto: string; html: string }[] = [];
  const simple = (t: string) => frases.push({ texto: t, html: escaparHtml(t) });
  simple(
    empresa
      ? `Este correo lo envió ${empresa} a través de Delego, un servicio de órdenes de trabajo.`
      : 'Este correo lo envió Delego, un servicio de órdenes de trabajo.',
  );
  simple('Si no esperaba este correo, ignórelo.');
  if (empresa && p.maxPorDia !== null) {
    simple(`Sin que usted lo pida, ${empresa} no puede enviarle más de ${p.maxPorDia} correos por día desde Delego.`);
  }
  if (p.contacto) {
    const antes = empresa
      ? `Para no recibir más correos de ${empresa}, o para avisarnos de un abuso, escriba a `
      : 'Para avisarnos de un abuso, escriba a ';
    const c = escaparHtml(p.contacto);
    frases.push({
      texto: `${antes}${p.contacto}.`,
      html: `${escaparHtml(antes)}<a href="mailto:${c}" style="color:#888">${c}</a>.`,
    });
  } else if (empresa) {
    simple(`Para no recibir más correos de ${empresa}, pídaselo a esa empresa.`);
  }
  return {
    html: `<p style="font-size:12px;line-height:1.5;color:#888;margin:12px auto 0;max-width:560px">${frases.map((f) => f.html).join(' ')}</p>`,
    texto: `\n-- \n${frases.map((f) => f.texto).join('\n')}\n`,
  };
}

/** Appends the footer to a rendered mail: in the HTML before `</body>`, in the text at its end. */
export function conPie(c: { html: string; texto: string }, pie: { html: string; texto: string }) {
  const i = c.html.lastIndexOf('</body>');
  const html = i >= 0 ? `${c.html.slice(0, i)}${pie.html}\n${c.html.slice(i)}` : `${c.html}\n${pie.html}`;
  return { html, texto: `${c.texto.replace(/\n+$/, '')}\n${pie.texto}` };
}

/** Why a sign-up created nothing (the notice goes to the email it named). */
export type MotivoAviso = 'emailConCuenta' | 'emailEsUsuario' | 'usuarioNoDisponible';

/**
 * A sign-up named this address and created nothing (issue 28): the public answer says the same as
 * for a new account, and only the mailbox learns why. No token: the button opens the login page.
 */
export function plantillaAvisoRegistro(d: { motivo: MotivoAviso; usuario: string; enlace: string }): Contenido {
  const remitente = { entidadNombre: 'Delego', conLogo: false };
  const usuario = usuarioVisible(d.usuario);
  if (d.motivo === 'emailConCuenta') {
    return armar({
      remitente,
      asunto: 'Alguien intentó registrar una cuenta de Delego con su correo',
      saludo: 'Hola:',
      parrafos: [
        'Alguien intentó registrar una empresa nueva en Delego con esta dirección de correo, que ya tiene una cuenta. No creamos nada y su cuenta sigue como estaba.',
        'Si fue usted, inicie sesión con su usuario; si no recuerda la contraseña, use «Olvidé mi contraseña» en la pantalla de inicio de sesión.',
      ],
      boton: 'Ir a Delego',
      enlace: d.enlace,
      notas: ['Si no fue usted, ignore este correo: nadie puede entrar a su cuenta sin su contraseña.'],
    });
  }
  return armar({
    remitente,
    asunto: 'No pudimos crear su cuenta de Delego',
    saludo: 'Hola:',
    parrafos: [
      d.motivo === 'emailEsUsuario'
        ? 'Alguien pidió registrar una empresa en Delego con esta dirección de correo, pero otra cuenta la usa como nombre de usuario, así que no creamos la cuenta. Si esa cuenta es suya, inicie sesión con ella; si no, regístrese con otra dirección.'
        : `Alguien pidió registrar una empresa en Delego con esta dirección de correo${usuario ? ` y el usuario ${usuario}` : ''}, pero ese nombre de usuario no está disponible, así que no creamos la cuenta. Vuelva a registrarse eligiendo otro nombre de usuario.`,
    ],
    // The taken login name is fixed by signing up again: the button opens the sign-up form.
    boton: d.motivo === 'usuarioNoDisponible' ? 'Registrarse de nuevo' : 'Ir a Delego',
    enlace: d.enlace,
    notas: ['Si no fue usted, ignore este correo: no se creó ninguna cuenta con su dirección.'],
  });
}
