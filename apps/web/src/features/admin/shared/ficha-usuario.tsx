import { IonBadge } from '@ionic/react';
import { inicialesPersona, nombreCompleto, nombreRol } from './nombres';

interface Props {
  usuario: {
    nombre: string;
    apellido: string;
    usuario: string;
    email?: string | null;
    activo?: boolean;
    roles: readonly { id: number; nombre: string }[];
  };
  /** A line above the name, e.g. 'Permisos de'. */
  antes?: string;
}

/** Who a screen is about: initials, name, login, email, roles and (if inactive) a badge. */
export function FichaUsuario({ usuario, antes }: Props) {
  return (
    <header className="admin-ficha" data-testid="ficha-usuario">
      <span
        className={usuario.activo === false ? 'admin-avatar admin-avatar--inactivo' : 'admin-avatar'}
        aria-hidden="true"
      >
        {inicialesPersona(usuario)}
      </span>
      <div>
        {antes && <p className="admin-ficha__detalle">{antes}</p>}
        <h1 className="admin-ficha__nombre">{nombreCompleto(usuario)}</h1>
        <p className="admin-ficha__detalle">
          @{usuario.usuario}
          {usuario.email ? ` · ${usuario.email}` : ''}
        </p>
        <div className="admin-usuario__roles">
          {usuario.roles.map((r) => (
            <span key={r.id} className={`admin-rol admin-rol--${r.nombre.toLowerCase()}`}>
              {nombreRol(r.nombre)}
            </span>
          ))}
          {usuario.activo === false && (
            <IonBadge color="medium" className="admin-badge-estado">
              Inactivo
            </IonBadge>
          )}
        </div>
      </div>
    </header>
  );
}
