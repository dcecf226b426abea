import type { DbOrTx } from '../../kernel/db/client.js';
import type { CorreoNuevo, TipoCorreo } from './mail.service.js';
import { remitenteDe, type Contenido, type Remitente } from './plantillas.js';

/**
 * A mail the company sends (its name, and its logo when it has one), to queue with `enqueue`: the
 * logo goes attached exactly when the content, written for `remitente`, says it does. `entidad` as
 * `entidades.find` gives it (undefined when the company is gone).
 */
export function correoDeEmpresa(
  entidad: { nombre: string; logo: string | null } | undefined,
  correo: Pick<CorreoNuevo, 'tipo' | 'para' | 'entidadId'>,
  escribir: (remitente: Remitente) => Contenido,
): CorreoNuevo {
  return { ...correo, logo: entidad?.logo ?? null, contenido: escribir(remitenteDe(entidad)) };
}

/** What queuing a company's mail needs: the company (its name and logo) and the outbox. */
export interface DepsCorreoDeEmpresa {
  entidades: {
    find(entidadId: number, tx?: DbOrTx): Promise<{ nombre: string; logo: string | null } | undefined>;
  };
  mail: { enqueue(tx: DbOrTx, c: CorreoNuevo): Promise<void> };
}

/**
 * Queues, in `tx`, the company's mail (`correoDeEmpresa`) to `para`, one address or several (one
 * mail each, the company read once), so that it goes out only if `tx` commits.
 */
export async function encolarCorreoDeEmpresa(
  deps: DepsCorreoDeEmpresa,
  tx: DbOrTx,
  correo: { tipo: TipoCorreo; entidadId: number; para: string | readonly string[] },
  escribir: (remitente: Remitente) => Contenido,
): Promise<void> {
  const entidad = await deps.entidades.find(correo.entidadId, tx);
  for (const para of typeof correo.para === 'string' ? [correo.para] : correo.para) {
    await deps.mail.enqueue(
      tx,
      correoDeEmpresa(entidad, { tipo: correo.tipo, para, entidadId: correo.entidadId }, escribir),
    );
  }
}
