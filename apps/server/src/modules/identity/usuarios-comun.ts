import { NOMBRE_PERMISO, type UsuarioAdmin } from '@delego/contract';
import type { EventBus } from '../../kernel/bus.js';
import { AppError } from '../../kernel/errors.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import type { UsersRepository } from './users.repository.js';

/** What the three audiences of users (administration, the user's own profile, sign-up) share. */

export const NO_ENCONTRADO = 'No se encontró el usuario.';

/** A permission as a message names it: «Crear órdenes», «Delegar órdenes en Hotel Sol». */
export function permisoNombrado(permiso: string, cliente?: string): string {
  const nombre = `«${NOMBRE_PERMISO[permiso as keyof typeof NOMBRE_PERMISO] ?? permiso}»`;
  return cliente === undefined ? nombre : `${nombre} en ${cliente}`;
}

export const MENSAJES_USUARIOS = {
  loginEnUso: (u: string) => `El nombre de usuario "${u}" ya está en uso. Elija otro.`,
  loginEsEmailDeOtro: 'El nombre de usuario no puede ser el email de otra persona. Elija otro.',
  emailEsLoginDeOtro: 'Ese email es el nombre de usuario de otra cuenta y no se puede usar. Indique otro.',
  ultimoPropietario:
    'La empresa debe conservar al menos un propietario activo: asigne el rol PROPIETARIO a otro usuario antes.',
  soloPropietarioRol: 'Solo un propietario puede asignar o quitar el rol PROPIETARIO.',
  soloAdminRol: 'Solo un administrador o el propietario puede asignar o quitar el rol ADMIN.',
  noDesactivarseASiMismo: 'No puede desactivar su propio usuario.',
  noQuitarseAltaUsuarios: 'No puede quitarse a sí mismo el permiso de administrar usuarios.',
  soloLoQueTiene: (p: string[]) => `Solo puede otorgar o quitar permisos que usted tiene. No tiene: ${p.join(', ')}.`,
  soloRolesQueTiene: (rol: string) =>
    `Solo puede asignar o quitar roles que usted tiene o inferiores. No puede asignar ni quitar el rol ${rol}.`,
  tieneMasQueUsted: (nombre: string, p: string[]) =>
    `No puede modificar a ${nombre}: tiene ${p.join(', ')} y usted no. Pida el cambio a quien tenga esos permisos.`,
  soloPropietarioPassword:
    'Solo un propietario puede cambiar la contraseña de otro usuario. Pídale a un propietario que la cambie.',
  passwordPropiaEnPerfil: 'Su propia contraseña se cambia en "Datos personales", con la contraseña actual.',
  passwordObligatoria: 'La contraseña es obligatoria al crear un usuario, salvo que lo invite por correo.',
  passwordOInvitacion: 'Elija una contraseña o invite por correo, no las dos cosas.',
  emailParaInvitar: 'Para invitar por correo hace falta el email del usuario.',
  yaTienePassword:
    'Este usuario ya eligió su contraseña: no hace falta invitarlo. Si la olvidó, puede recuperarla desde la pantalla de inicio de sesión.',
} as const;

/** Who changed what about a user, for the events published after commit. */
export interface Cambio {
  entidadId: number;
  usuarioId: number;
}

/**
 * After commit: forget the user's cached credentials and the company's cached lists. `datos`:
 * only names or email changed, so the user's live sockets stay open (`usuario.datosCambiados`);
 * any other change closes them (`usuario.credencialesCambiadas`).
 */
export function publicarCambio(
  bus: EventBus,
  cache: TenantCache<UsuarioAdmin[]>,
  c: Cambio,
  tipo: 'credenciales' | 'datos' = 'credenciales',
): void {
  cache.clear(c.entidadId);
  const type = tipo === 'datos' ? 'usuario.datosCambiados' : 'usuario.credencialesCambiadas';
  bus.publish({ type, entidadId: c.entidadId, usuarioId: c.usuarioId });
  bus.publish({ type: 'usuarios.cambiados', entidadId: c.entidadId });
}

/**
 * A login name is never another user's email, nor an email another user's login name (issue 28),
 * checked where either changes: else «Olvidé mi contraseña» for an email would find the account
 * whose login is that email. 409 with the field; nothing changes.
 */
export async function sinCruceLoginEmail(
  repo: UsersRepository,
  nuevo: { usuario: string; email: string | null },
  actual: { id: number; usuario: string; email: string | null } | undefined,
  campoUsuario: 'usuario' | 'username',
): Promise<void> {
  const cambia = (a: string | null | undefined, b: string | null) =>
    (a ?? '').toLowerCase() !== (b ?? '').toLowerCase();
  if (cambia(actual?.usuario, nuevo.usuario) && (await repo.emailDeOtro(nuevo.usuario, actual?.id))) {
    throw new AppError('CONFLICTO', MENSAJES_USUARIOS.loginEsEmailDeOtro, { field: campoUsuario });
  }
  if (nuevo.email && cambia(actual?.email, nuevo.email) && (await repo.loginTaken(nuevo.email, actual?.id))) {
    throw new AppError('CONFLICTO', MENSAJES_USUARIOS.emailEsLoginDeOtro, { field: 'email' });
  }
}
