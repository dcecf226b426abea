import type { Modulo, Nucleo } from '../../kernel/modulo.js';
// entidades and mail have no index.ts on this branch yet: their services' types, narrowed.
import type { PuertoEntidades } from '../entidades/index.js';
import type { PuertoIdentidad } from '../identity/index.js';
import type { PuertoCorreo } from '../mail/index.js';
import { accountsRoutes } from './accounts.routes.js';
import { AccountsService, type LimitesCuentas } from './accounts.service.js';

export type { LimitesCuentas } from './accounts.service.js';

/** What other modules (and, for now, the API tests) may ask of accounts: its pending work. */
export type PuertoCuentas = Pick<AccountsService, 'idle'>;

export interface DepsCuentas {
  /**
   * The users' side of sign-up, and `setInvitaciones`: this module writes the invitations an admin
   * sends, called by identity inside the transaction that saves the user.
   */
  identidad: Pick<
    PuertoIdentidad,
    | 'findCuenta'
    | 'listCuentas'
    | 'loginTaken'
    | 'emailTaken'
    | 'createPropietario'
    | 'confirmCuenta'
    | 'credencialesCambiadas'
    | 'setInvitaciones'
  >;
  /** The company's name and logo in the mails. */
  entidades: Pick<PuertoEntidades, 'find'>;
  /** The outbox: links' mails are queued in the caller's transaction. */
  mail: Pick<PuertoCorreo, 'kick' | 'enqueue' | 'avisoRegistroPermitido'>;
  /** Overrides of the public calls' rate limits (tests). */
  limites?: Partial<LimitesCuentas>;
}

/**
 * Accounts: a company signs itself up, confirms its address, recovers a password (public routes,
 * each rate-limited), and the invitations an admin sends. Depends on identity one way: identity
 * reaches it only through the `Invitaciones` it was given at composition.
 */
export function moduloCuentas(
  n: Pick<Nucleo, 'db' | 'clock' | 'log' | 'config'>,
  deps: DepsCuentas,
): Modulo<PuertoCuentas> {
  const servicio = new AccountsService(n.db, n.clock, {
    users: deps.identidad,
    entidades: deps.entidades,
    mail: deps.mail,
    log: n.log,
    publicUrl: n.config.publicUrl,
    ...(deps.limites ? { limites: deps.limites } : {}),
  });
  deps.identidad.setInvitaciones(servicio);
  return {
    nombre: 'accounts',
    puerto: { idle: () => servicio.idle() },
    rutasPublicas: accountsRoutes(servicio),
    alCerrar: () => servicio.idle(),
  };
}
