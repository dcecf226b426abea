import type { UsuarioAdmin } from '@delego/contract';
import { IonBadge, IonItem, IonLabel } from '@ionic/react';
import type { ReactNode } from 'react';
import { inicialesPersona, nombreCompleto, nombreRol } from '../../shared/nombres';

interface Props {
  usuario: UsuarioAdmin;
  routerLink?: string;
  onClick?: () => void;
  /** Extra text under the name. */
  detalle?: string;
  /** What goes at the end of the row instead of the active badge. */
  fin?: ReactNode;
  testId?: string;
}

/**
 * The status mark: a deactivated user is «Inactivo» whatever else; an invited one who has not
 * chosen a password yet cannot log in, so it is not «Activo» yet.
 */
function estadoDeUsuario(usuario: UsuarioAdmin): { texto: string; color: string } {
  if (!usuario.activo) return { texto: 'Inactivo', color: 'medium' };
  if (usuario.invitacionPendiente) return { texto: 'Invitación pendiente', color: 'warning' };
  return { texto: 'Activo', color: 'success' };
}

/** A user in a list: initials, name, login and email, roles and its status (active, invited, inactive). */
export function UsuarioItem({ usuario, routerLink, onClick, detalle, fin, testId }: Props) {
  const navegable = !!routerLink || !!onClick;
  const estado = estadoDeUsuario(usuario);
  return (
    <IonItem
      className={usuario.activo ? 'admin-usuario' : 'admin-usuario admin-usuario--inactivo'}
      routerLink={routerLink}
      button={navegable}
      detail={navegable}
      onClick={onClick}
      lines="full"
      data-testid={testId ?? `usuario-${usuario.usuario}`}
    >
      <span className="admin-avatar" slot="start" aria-hidden="true">
        {inicialesPersona(usuario)}
      </span>
      <IonLabel>
        <h2 className="admin-usuario__nombre">{nombreCompleto(usuario)}</h2>
        <p className="admin-usuario__login">
          @{usuario.usuario}
          {usuario.email && <span className="admin-usuario__email"> · {usuario.email}</span>}
        </p>
        {detalle && <p>{detalle}</p>}
        <div className="admin-usuario__roles">
          {usuario.roles.length ? (
            usuario.roles.map((r) => (
              <span key={r.id} className={`admin-rol admin-rol--${r.nombre.toLowerCase()}`}>
                {nombreRol(r.nombre)}
              </span>
            ))
          ) : (
            <span className="admin-rol admin-rol--ninguno">Sin rol</span>
          )}
        </div>
      </IonLabel>
      {fin ?? (
        <IonBadge slot="end" color={estado.color} className="admin-badge-estado">
          {estado.texto}
        </IonBadge>
      )}
    </IonItem>
  );
}
