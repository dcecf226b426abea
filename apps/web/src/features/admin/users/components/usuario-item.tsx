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

/** A user in a list: initials, name, login and email, roles and whether it is active. */
export function UsuarioItem({ usuario, routerLink, onClick, detalle, fin, testId }: Props) {
  const navegable = !!routerLink || !!onClick;
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
        <IonBadge slot="end" color={usuario.activo ? 'success' : 'medium'} className="admin-badge-estado">
          {usuario.activo ? 'Activo' : 'Inactivo'}
        </IonBadge>
      )}
    </IonItem>
  );
}
