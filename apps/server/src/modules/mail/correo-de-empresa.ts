import type { CorreoNuevo } from './mail.service.js';
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
