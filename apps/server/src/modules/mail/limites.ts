import type { TipoCorreo } from './mail.repository.js';

/**
 * The caps on outgoing mail (issue 28; docs/CORREO.md, «Límites de envío»), all in one place.
 *
 * Only the mails a recipient did not ask for count and can be refused: a company writes to someone
 * who never used Delego. A confirmation, a recovery or a plan notice goes to whoever asked for it
 * (or to the company's own owners) and has its own per-account limits in the accounts module.
 * Counted in the database (the outbox, inside the transaction that queues the mail, under one
 * advisory lock per company), so they hold across every instance.
 */
export const TIPOS_NO_SOLICITADOS: readonly TipoCorreo[] = [
  'invitacion',
  'enlace_orden',
  'facturacion',
  'encuesta',
  'informe_sla',
];

export const VENTANA_LIMITES_CORREO_MS = 24 * 3_600_000;

export interface LimitesCorreo {
  /** Unsolicited mails of one company in 24 h, to anyone. */
  porEmpresa: number;
  /** Unsolicited mails of one company to one address in 24 h. */
  porDestinatario: number;
  /** The same two for a company created less than 24 h ago. */
  porEmpresaNueva: number;
  porDestinatarioNueva: number;
  /** Notices about a sign-up attempt to one address in 24 h (silently skipped past it). */
  avisosRegistro: number;
}

export const LIMITES_CORREO: LimitesCorreo = {
  porEmpresa: 200,
  porDestinatario: 3,
  porEmpresaNueva: 20,
  porDestinatarioNueva: 2,
  avisosRegistro: 3,
};

function enCuanto(segundos: number): string {
  const min = Math.ceil(segundos / 60);
  if (min < 60) return min === 1 ? 'en 1 minuto' : `en ${min} minutos`;
  const h = Math.ceil(min / 60);
  return h === 1 ? 'en 1 hora' : `en ${h} horas`;
}

/** What a refused call (429) says. */
export const MENSAJES_LIMITES_CORREO = {
  porDestinatario: (email: string, max: number, segundos: number) =>
    `No se envió el correo: ${email} ya recibió ${max} correos de su empresa en las últimas 24 horas ` +
    `(invitaciones, enlaces de órdenes, pedidos de facturación, encuestas o informes de niveles de servicio). Podrá volver a escribirle ${enCuanto(segundos)}.`,
  porEmpresa: (max: number, segundos: number, nueva: boolean) =>
    `No se envió el correo: su empresa llegó al límite de ${max} correos en 24 horas` +
    (nueva ? ' que tiene una empresa durante su primer día en Delego' : '') +
    `. Podrá enviar más ${enCuanto(segundos)}.`,
};
