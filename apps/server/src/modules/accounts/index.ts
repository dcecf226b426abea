import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { PuertoIdentidad } from '../identity/index.js';
import { accountsRoutes } from './accounts.routes.js';
import { AccountsService, type DepsAccountsService } from './accounts.service.js';

export type { LimitesCuentas } from './accounts.service.js';

/** What other modules (and, for now, the API tests) may ask of accounts: its pending work. */
export type PuertoCuentas = Pick<AccountsService, 'idle'>;

export interface DepsCuentas extends Pick<DepsAccountsService, 'entidades' | 'mail' | 'limites'> {
  /**
   * The users' side of sign-up, and `setInvitaciones`: this module writes the invitations an admin
   * sends, called by identity inside the transaction that saves the user.
   */
  identidad: DepsAccountsService['users'] & Pick<PuertoIdentidad, 'setInvitaciones'>;
}

/**
 * Accounts: a company signs itself up, confirms its address, recovers a password (public routes,
 * each rate-limited), and the invitations an admin sends. Depends on identity one way: identity
 * reaches it only through the `Invitaciones` it was given at composition.
 */
export function moduloCuentas(
  n: Pick<Nucleo, 'db' | 'clock' | 'log' | 'config' | 'limites'>,
  deps: DepsCuentas,
): Modulo<PuertoCuentas> {
  const servicio = new AccountsService(n.db, n.clock, {
    users: deps.identidad,
    entidades: deps.entidades,
    mail: deps.mail,
    log: n.log,
    publicUrl: n.config.publicUrl,
    contador: n.limites,
    ...(deps.limites ? { limites: deps.limites } : {}),
  });
  deps.identidad.setInvitaciones(servicio);
  return {
    nombre: 'accounts',
    techoPublico: true,
    puerto: { idle: () => servicio.idle() },
    rutasPublicas: accountsRoutes(servicio),
    alCerrar: () => servicio.idle(),
  };
}
