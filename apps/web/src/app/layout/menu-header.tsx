import type { UsuarioLogueado } from '@delego/contract';
import { IonMenuToggle, useIonRouter } from '@ionic/react';
import { useConfirmarSalida } from '../../lib/cambios-sin-guardar';
import { ConnectionIndicator } from './connection-indicator';
import { iniciales } from './menu-entries';

/** Company logo (tapping it opens perfil), company name, user name and connection state. */
export function MenuHeader({ usuario }: { usuario: UsuarioLogueado }) {
  const router = useIonRouter();
  const confirmarSalida = useConfirmarSalida();
  return (
    <header className="side-menu__header">
      <IonMenuToggle autoHide={false}>
        <button
          type="button"
          className="side-menu__logo"
          onClick={() => confirmarSalida(() => router.push('/perfil', 'root'))}
          aria-label="Ir a Mi cuenta"
          data-testid="menu-logo"
        >
          {usuario.logo ? (
            <img src={usuario.logo} alt={`Logo de ${usuario.entidadNombre}`} />
          ) : (
            <span className="side-menu__iniciales" aria-hidden="true">
              {iniciales(usuario.entidadNombre)}
            </span>
          )}
        </button>
      </IonMenuToggle>
      <div className="side-menu__empresa" data-testid="menu-empresa">
        {usuario.entidadNombre}
      </div>
      <div className="side-menu__nombre" data-testid="menu-usuario">
        {usuario.nombre} {usuario.apellido}
      </div>
      <div className="side-menu__login">@{usuario.usuario}</div>
      <ConnectionIndicator />
    </header>
  );
}
