import { peopleOutline } from 'ionicons/icons';
import { USUARIOS } from '../users/recurso';
import { RegistroNoEncontrado } from './registro-no-encontrado';

/**
 * A user that does not exist or is another company's (a 404 of its query): the same state on
 * every screen about one user, with the list of users as the way back.
 */
export function UsuarioNoEncontrado() {
  return (
    <RegistroNoEncontrado recurso={USUARIOS} icono={peopleOutline} titulo="Usuario no encontrado">
      El usuario no existe o no pertenece a su empresa.
    </RegistroNoEncontrado>
  );
}
