import { RUTAS, type StoreUser } from '@delego/contract';
import { ordenesKeys } from '../../../../domain/orden';
import { mutacionDe } from '../../../../lib/consultas';
import { adminKeys } from '../../keys';
import { actualizarSesionPropia, esUsuarioEnSesion, releerUsuarioEnSesion } from '../../shared/sesion-propia';

/**
 * POST /api/v4/usuario {storeUser}: creates (no id) or updates (id) a user. `password` is the
 * MD5 hex of the password, never the password itself. Saves a user and refreshes what shows
 * users. The screen shows the errors (on a field or in the alert), so the mutation does not
 * report them itself. When the user is the one logged in, the stored credentials follow a new
 * login name or password before any other call.
 */
export const { useMutacion: useGuardarUsuario } = mutacionDe(
  RUTAS.guardarUsuario,
  (cuerpo: StoreUser) => ({ cuerpo }),
  {
    errorSilencioso: true,
    alResponder: async (queryClient, usuario, datos) => {
      if (esUsuarioEnSesion(usuario.id)) {
        actualizarSesionPropia({
          usuario: usuario.usuario,
          nombre: usuario.nombre,
          apellido: usuario.apellido,
          email: usuario.email,
          ...(datos.password ? { md5: datos.password.toLowerCase() } : {}),
        });
        await releerUsuarioEnSesion();
      }
      queryClient.setQueryData(adminKeys.usuario(usuario.id), usuario);
      // A first colleague ticks Inicio's «Primeros pasos» (kept mounted under this screen).
      void queryClient.invalidateQueries({ queryKey: ordenesKeys.primerosPasos() });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.usuarios() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.permisosDeUsuario(usuario.id) }),
      ]);
    },
  },
);
