import { peopleOutline } from 'ionicons/icons';
import { EstadoNoEncontrado } from '../../../components/estados-pantalla';

/**
 * A user that does not exist or is another company's (a 404 of its query): the same state on
 * every screen about one user, with the list of users as the way back.
 */
export function UsuarioNoEncontrado() {
  return (
    <EstadoNoEncontrado
      icono={peopleOutline}
      titulo="Usuario no encontrado"
      volverA={{ ruta: '/usuarios', texto: 'Ver usuarios' }}
    >
      El usuario no existe o no pertenece a su empresa.
    </EstadoNoEncontrado>
  );
}
