import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { LimitesCorreo } from './limites.js';
import { MailService, dominioDe } from './mail.service.js';
import path from 'node:path';
import { EmlTransport, SmtpTransport, type MailTransport } from './transport.js';

export type { CorreoNuevo, TipoCorreo } from './mail.service.js';
export type { LimitesCorreo } from './limites.js';
export { EmlTransport, SmtpTransport, type MailTransport } from './transport.js';
export {
  armar,
  plantillaAvisoDePlan,
  plantillaAvisoRegistro,
  plantillaConfirmacion,
  plantillaInvitacion,
  plantillaRecuperacion,
  type Contenido,
  type MotivoAviso,
} from './plantillas.js';
export { plantillaEncuesta } from './plantilla-encuesta.js';
export { plantillaCambioDeCuenta, type CambioDeCuenta } from './plantilla-cuenta.js';
export { correoDeEmpresa, encolarCorreoDeEmpresa } from './correo-de-empresa.js';

/**
 * What other modules may ask of the mail module: queue a mail in their transaction and wake the
 * worker after the commit (`enqueue`, `kick`, `avisoRegistroPermitido`), and the worker itself,
 * which boot.ts starts and tests run by hand (`start`, `stop`, `deliverPending`), and what /metrics
 * reads of it (`pendientes`, `rondas`).
 */
export type PuertoCorreo = Pick<
  MailService,
  | 'enqueue'
  | 'enqueueHasta'
  | 'kick'
  | 'avisoRegistroPermitido'
  | 'start'
  | 'stop'
  | 'deliverPending'
  | 'pendientes'
  | 'rondas'
>;

export interface DepsCorreo {
  /** Where mail goes; by default SMTP_URL's server, or .eml files in DATA_DIR/correo without one. */
  transport?: MailTransport | undefined;
  /** Overrides of the caps on outgoing mail (limites.ts). */
  limites?: Partial<LimitesCorreo> | undefined;
}

/** The outbox and its worker (docs/CORREO.md). No routes; its worker stops before the database closes. */
export function moduloCorreo(
  n: Pick<Nucleo, 'db' | 'clock' | 'log' | 'config'>,
  deps: DepsCorreo,
): Modulo<PuertoCorreo> {
  const { config } = n;
  const transporte =
    deps.transport ??
    (config.smtpUrl
      ? new SmtpTransport(config.smtpUrl, config.mailFrom)
      : new EmlTransport(path.join(config.dataDir, 'correo'), config.mailFrom));
  const servicio = new MailService(n.db, n.clock, transporte, n.log, {
    pollMs: n.config.mailPollMs,
    dominio: dominioDe(n.config.mailFrom),
    contacto: n.config.mailContacto ?? null,
    ...(deps.limites ? { limites: deps.limites } : {}),
  });
  return { nombre: 'mail', puerto: servicio, alCerrar: () => servicio.stop() };
}
