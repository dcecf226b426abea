import { cubreRol, type Rol, type UsuarioAdmin, type UsuarioLogueado } from '@delego/contract';
import { IonButton, IonContent, IonItem, IonLabel, IonList, IonSpinner, IonToggle } from '@ionic/react';
import { useState } from 'react';
import { ApiError, esNoEncontrado, notificarError } from '../../../../lib/errors';
import { useSession } from '../../../auth';
import { EstadoElegirUsuario, EstadoError, FilasCargando } from '../../../../components/estados-pantalla';
import { useAviso } from '../../../../components/avisos';
import { FichaUsuario } from '../../shared/ficha-usuario';
import { useVolver } from '../../../../lib/navegacion';
import { nombreCompleto, nombreRol } from '../../shared/nombres';
import { useIdParam } from '../../shared/parametros';
import { motivoNoAdministrable } from '../../shared/privilegios';
import { useRoles } from '../api/get-roles';
import { useUsuario } from '../api/get-usuario';
import { useGuardarUsuario } from '../api/guardar-usuario';
import { Aviso } from '../../shared/aviso';
import { PantallaAdmin } from '../../shared/lista-admin';
import { Tarjeta } from '../../shared/tarjeta';
import { UsuarioNoEncontrado } from '../../shared/usuario-no-encontrado';
import { accesoA } from '../../shared/recurso-admin';
import { USUARIOS } from '../recurso';
import '../../shared/admin.css';

/** asignar-roles (`/asignar-roles?usuario=12`): the roles of a user as toggles. */
export default function AsignarRolesPage() {
  const usuarioId = useIdParam('usuario');
  return (
    <PantallaAdmin titulo="Roles" volverA={usuarioId ? `/usuario?id=${usuarioId}` : '/usuarios'} {...accesoA(USUARIOS)}>
      <IonContent className="delego-page-content">
        {usuarioId === null ? <EstadoElegirUsuario /> : <CargaRoles key={usuarioId} usuarioId={usuarioId} />}
      </IonContent>
    </PantallaAdmin>
  );
}

function CargaRoles({ usuarioId }: { usuarioId: number }) {
  const { usuario: actor } = useSession();
  const usuario = useUsuario(usuarioId);
  const roles = useRoles();
  if (!actor) return null;
  if (usuario.isError && esNoEncontrado(usuario.error)) return <UsuarioNoEncontrado />;
  const fallo = usuario.isError ? usuario : roles.isError ? roles : null;
  if (fallo) return <EstadoError ambito="admin" error={fallo.error} onReintentar={() => void fallo.refetch()} />;
  if (!usuario.data || !roles.data) {
    return (
      <div className="delego-container admin-pagina admin-pagina--angosta">
        <FilasCargando ambito="admin" filas={4} />
      </div>
    );
  }
  return <RolesForm usuario={usuario.data} roles={roles.data} actor={actor} />;
}

/**
 * Why the actor cannot give or take `rol` (the contract's rule, the server's too): only roles
 * they hold or lower ones, so nobody raises their own.
 */
function motivoRol(actor: UsuarioLogueado, rol: Rol): string | undefined {
  if (cubreRol(actor, rol.nombre)) return undefined;
  if (rol.nombre === 'PROPIETARIO') return 'Solo un propietario puede asignar o quitar este rol.';
  if (rol.nombre === 'ADMIN') return 'Solo un administrador o el propietario puede asignar o quitar este rol.';
  return 'Solo puede asignar o quitar roles que usted tiene o inferiores.';
}

interface FormProps {
  usuario: UsuarioAdmin;
  roles: Rol[];
  actor: UsuarioLogueado;
}

function RolesForm({ usuario, roles, actor }: FormProps) {
  const [seleccion, setSeleccion] = useState<ReadonlySet<number>>(() => new Set(usuario.roles.map((r) => r.id)));
  const [rechazo, setRechazo] = useState<string>();
  const guardar = useGuardarUsuario();
  const avisar = useAviso();
  const volver = useVolver(`/usuario?id=${usuario.id}`);

  const bloqueo = motivoNoAdministrable(actor, usuario);
  const cambiado = seleccion.size !== usuario.roles.length || usuario.roles.some((r) => !seleccion.has(r.id));

  function alternar(rol: Rol, activo: boolean) {
    setRechazo(undefined);
    setSeleccion((actual) => {
      const nueva = new Set(actual);
      if (activo) nueva.add(rol.id);
      else nueva.delete(rol.id);
      return nueva;
    });
  }

  function enviar() {
    if (guardar.isPending || bloqueo) return;
    setRechazo(undefined);
    guardar.mutate(
      {
        id: usuario.id,
        usuario: usuario.usuario,
        nombre: usuario.nombre,
        apellido: usuario.apellido,
        roles: [...seleccion],
      },
      {
        onSuccess: (guardado) => {
          avisar(`Se guardaron los roles de ${nombreCompleto(guardado)}.`);
          volver();
        },
        // A refusal of the server (last owner, only owners grant PROPIETARIO, ...) stays on
        // screen next to the roles; anything else goes to the shared alert.
        onError: (error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) setRechazo(error.message);
          else notificarError(error);
        },
      },
    );
  }

  const nombres = roles.filter((r) => seleccion.has(r.id)).map((r) => r.nombre);
  const administra = nombres.includes('ADMIN') || nombres.includes('PROPIETARIO');

  return (
    <div className="delego-container admin-pagina admin-pagina--angosta" data-testid="roles-form">
      <FichaUsuario usuario={usuario} antes="Roles de" />
      <Tarjeta subtitulo="Elija uno o más" titulo="Roles" contenido="admin-sin-relleno">
        {bloqueo && (
          <Aviso tipo="advertencia" interno>
            {bloqueo}
          </Aviso>
        )}
        <IonList lines="full" className="admin-lista-plana">
          {roles.map((rol) => {
            const motivo = motivoRol(actor, rol);
            return (
              <IonItem key={rol.id}>
                <IonToggle
                  checked={seleccion.has(rol.id)}
                  disabled={!!bloqueo || !!motivo || guardar.isPending}
                  onIonChange={(e) => alternar(rol, e.detail.checked)}
                  data-testid={`rol-${rol.nombre}`}
                >
                  <IonLabel>
                    {nombreRol(rol.nombre)}
                    <p className="admin-ayuda">{rol.descripcion}</p>
                    {motivo && <p className="admin-ayuda admin-ayuda--nota">{motivo}</p>}
                  </IonLabel>
                </IonToggle>
              </IonItem>
            );
          })}
        </IonList>
      </Tarjeta>

      {rechazo && (
        <Aviso tipo="peligro" titulo="No se guardaron los roles." testId="roles-rechazo">
          {rechazo}
        </Aviso>
      )}

      <Aviso tipo="info">
        {administra
          ? 'Administradores y propietarios tienen todos los permisos sobre todos los clientes de la empresa.'
          : 'Los permisos de cada cliente se asignan en «Permisos por cliente».'}
      </Aviso>

      <div className="admin-acciones">
        <IonButton fill="clear" color="medium" onClick={volver} disabled={guardar.isPending}>
          Cancelar
        </IonButton>
        <IonButton onClick={enviar} disabled={!cambiado || !!bloqueo || guardar.isPending} data-testid="roles-guardar">
          {guardar.isPending ? (
            <>
              <IonSpinner name="crescent" slot="start" aria-hidden="true" />
              Guardando…
            </>
          ) : (
            'Guardar roles'
          )}
        </IonButton>
      </div>
    </div>
  );
}
