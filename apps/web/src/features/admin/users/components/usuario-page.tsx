import {
  LIMITES_ADMIN,
  puedeFijarPassword,
  puedeOtorgarGlobal,
  type Permiso,
  type PermisoGlobal,
  type StoreUser,
  type UsuarioAdmin,
  type UsuarioLogueado,
} from '@delego/contract';
import { IonCheckbox, IonIcon, IonItem, IonLabel, IonList, IonNote, IonSkeletonText } from '@ionic/react';
import { briefcaseOutline, keyOutline, peopleOutline } from 'ionicons/icons';
import { useSession } from '../../../auth';
import { useCatalogoPermisos } from '../../permissions/api/get-catalogo-permisos';
import { CampoEmail, CampoInterruptor, CampoPassword, CampoTexto } from '../../../../components/campos';
import { Aviso } from '../../shared/aviso';
import { FichaUsuario } from '../../shared/ficha-usuario';
import { Tarjeta } from '../../shared/tarjeta';
import { UsuarioNoEncontrado } from '../../shared/usuario-no-encontrado';
import { useAviso } from '../../../../components/avisos';
import { useConsultaDeRuta } from '../../../../lib/consulta-de-ruta';
import { AYUDA_NOMBRE_USUARIO, useFormulario } from '../../../../lib/formularios';
import { useVolver } from '../../../../lib/navegacion';
import { nombreCompleto, nombrePermiso, nombreRol } from '../../shared/nombres';
import { motivoNoAdministrable } from '../../shared/privilegios';
import { PASSWORD_MIN } from '../../shared/password';
import { useUsuario } from '../api/get-usuario';
import { useUsuarios } from '../api/get-usuarios';
import { useGuardarUsuario } from '../api/guardar-usuario';
import { supervisoresPosibles } from '../equipo';
import {
  CAMPOS_USUARIO,
  validarUsuario,
  valoresIniciales,
  type CampoUsuario,
  type ValoresUsuario,
} from '../usuario-validacion';
import { useCambiarActivo } from '../../shared/cambiar-activo';
import { FormularioAdmin } from '../../shared/formulario-admin';
import { PantallaFormularioDeRegistro } from '../../shared/pantalla-formulario';
import { CampoPersona } from './campo-persona';
import { USUARIOS } from '../recurso';
import '../../shared/admin.css';

/** The contract's length limits of the user's text fields. */
const LIMITES_USUARIO = {
  usuario: LIMITES_ADMIN.usuario,
  nombre: LIMITES_ADMIN.nombre,
  apellido: LIMITES_ADMIN.nombre,
  email: LIMITES_ADMIN.email,
};

/** usuario: the form to create (`/usuario`) or edit (`/usuario?id=12`) a user. */
export default function UsuarioPage() {
  const { usuario: actor } = useSession();
  return (
    <PantallaFormularioDeRegistro
      recurso={USUARIOS}
      usarRegistro={useUsuario}
      anchos={[70, 50, 60, 40]}
      noEncontrado={<UsuarioNoEncontrado />}
    >
      {(usuario) => actor && <UsuarioForm usuario={usuario} actor={actor} />}
    </PantallaFormularioDeRegistro>
  );
}

/**
 * Why the logged-in user cannot change this one (the server would refuse), or undefined. The
 * per-client permissions are not on this screen: the server checks them too and says so.
 */
function motivoBloqueo(actor: UsuarioLogueado, usuario: UsuarioAdmin | null): string | undefined {
  return usuario ? motivoNoAdministrable(actor, usuario) : undefined;
}

interface FormProps {
  usuario: UsuarioAdmin | null;
  actor: UsuarioLogueado;
}

function UsuarioForm({ usuario, actor }: FormProps) {
  const id = usuario?.id ?? null;
  const creando = id === null;
  const esPropio = id === actor.id;
  const bloqueo = motivoBloqueo(actor, usuario);
  // Only owners set someone else's password; one's own is changed in "Datos personales".
  const conPassword = puedeFijarPassword(actor, id);
  // A new user can be invited; an invited one who has not chosen a password yet, invited again.
  const puedeInvitar = creando || usuario?.invitacionPendiente === true;

  // «Invite a su equipo» (first steps) opens the form with the invitation on: by mail is how a
  // colleague is added without the administrator choosing a password for them.
  const invitarAlAbrir = useConsultaDeRuta('/usuario').get('invitar') === '1' && creando;
  const guardar = useGuardarUsuario();
  const f = useFormulario<ValoresUsuario, StoreUser, CampoUsuario>({
    inicial: () => ({ ...valoresIniciales(usuario ?? undefined), invitar: invitarAlAbrir }),
    validar: (v) => validarUsuario(v, id),
    limites: LIMITES_USUARIO,
    habilitado: !guardar.isPending && !bloqueo,
  });
  const { valores, cambiar } = f;
  const catalogo = useCatalogoPermisos();
  const usuarios = useUsuarios();
  const avisar = useAviso();
  const volver = useVolver('/usuarios');
  const deshabilitado = guardar.isPending || !!bloqueo;

  function enviar(datos: StoreUser) {
    guardar.mutate(datos, {
      onSuccess: (guardado) => {
        avisar(
          datos.invitar
            ? `Se envió la invitación a ${guardado.email ?? guardado.usuario}.`
            : creando
              ? `Se creó el usuario ${guardado.usuario}.`
              : `Se guardaron los cambios de ${guardado.usuario}.`,
        );
        f.guardado();
        volver();
      },
      onError: (error) => f.falloAlGuardar(error, CAMPOS_USUARIO, { alias: { username: 'usuario' } }),
    });
  }

  const cambiarActivo = useCambiarActivo(
    (activo) => cambiar('activo', activo),
    () =>
      usuario && {
        titulo: 'Desactivar usuario',
        mensaje: `${nombreCompleto(usuario)} no podrá ingresar a Delego. Sus órdenes y su historial se conservan. El cambio se aplica al guardar.`,
      },
  );

  function alternarPermiso(permiso: PermisoGlobal, marcado: boolean) {
    cambiar(
      'permisos',
      marcado ? [...new Set([...valores.permisos, permiso])] : valores.permisos.filter((p) => p !== permiso),
    );
  }

  const globales = catalogo.data?.filter((p) => p.tipo === 'GLOBAL');
  const opcionesSupervisor = supervisoresPosibles(usuarios.data ?? [], id);
  const supervisorActual = usuarios.data?.find((u) => u.id === valores.supervisorId);
  if (supervisorActual && !opcionesSupervisor.includes(supervisorActual)) opcionesSupervisor.push(supervisorActual);
  const texto = (campo: keyof typeof LIMITES_USUARIO, etiqueta: string) => ({
    ...f.texto(campo, etiqueta, `usuario-${campo}`),
    autocomplete: 'off' as const,
  });
  const errores = {
    activo: f.error('activo'),
    supervisorId: f.error('supervisorId'),
    roles: f.error('roles'),
    permisos: f.error('permisos'),
  };

  return (
    <FormularioAdmin
      recurso={USUARIOS}
      editando={usuario && usuario.usuario}
      formulario={f.props(enviar)}
      sucio={f.sucio}
      onCancelar={volver}
      ocupado={guardar.isPending}
      deshabilitado={!!bloqueo}
      testId="usuario-form"
      testIdGuardar="usuario-guardar"
    >
      {usuario && <FichaUsuario usuario={usuario} antes="Editar usuario" />}
      {bloqueo && <Aviso tipo="advertencia">{bloqueo}</Aviso>}

      <Tarjeta titulo="Datos de ingreso" contenido="admin-campos">
        <CampoTexto
          {...texto('usuario', 'Usuario')}
          autocapitalize="off"
          autocorrect={false}
          spellcheck={false}
          helperText={`Con este nombre ingresa a Delego. ${AYUDA_NOMBRE_USUARIO}`}
        />
        {puedeInvitar && (
          <CampoInterruptor {...f.campo('invitar')} disabled={deshabilitado} data-testid="usuario-invitar">
            <IonLabel>
              {creando ? 'Enviarle una invitación por correo' : 'Reenviar la invitación al guardar'}
              <p className="admin-ayuda">
                {creando
                  ? 'La persona elige su propia contraseña con el enlace del correo (vale 7 días).'
                  : 'Todavía no eligió su contraseña. El enlace anterior deja de valer.'}
              </p>
            </IonLabel>
          </CampoInterruptor>
        )}
        {valores.invitar ? null : conPassword ? (
          <CampoPassword
            {...f.campo('password')}
            label={creando ? 'Contraseña inicial' : 'Nueva contraseña (opcional)'}
            autocomplete="new-password"
            helperText={
              creando
                ? `Al menos ${PASSWORD_MIN} caracteres. Compártala con la persona para su primer ingreso.`
                : 'Déjela vacía para no cambiarla.'
            }
            data-testid="usuario-password"
          />
        ) : (
          <IonNote className="admin-ayuda" data-testid="usuario-password-nota">
            {esPropio
              ? 'Su contraseña se cambia en «Datos personales», con la contraseña actual.'
              : 'Solo un propietario puede cambiar la contraseña de otro usuario.'}
          </IonNote>
        )}
      </Tarjeta>

      <Tarjeta titulo="Datos personales" contenido="admin-campos admin-campos--dos">
        <CampoTexto {...texto('nombre', 'Nombre')} />
        <CampoTexto {...texto('apellido', 'Apellido')} />
        <CampoEmail
          {...texto('email', valores.invitar ? 'Email (recibe la invitación)' : 'Email (opcional)')}
          ubicacion="admin-campos__ancho"
        />
      </Tarjeta>

      <Tarjeta titulo="Organización" contenido="admin-sin-relleno">
        <IonList lines="full" className="admin-lista-plana">
          {!creando && (
            <IonItem>
              <CampoInterruptor
                {...f.campo('activo')}
                disabled={deshabilitado || esPropio}
                alCambiar={(activo) => void cambiarActivo(activo)}
                data-testid="usuario-activo"
              >
                <IonLabel>
                  Usuario activo
                  <p className="admin-ayuda">
                    {esPropio
                      ? 'No puede desactivar su propio usuario.'
                      : 'Un usuario inactivo no puede ingresar; su historial se conserva.'}
                  </p>
                </IonLabel>
              </CampoInterruptor>
            </IonItem>
          )}
          <IonItem>
            <CampoPersona
              {...f.campo('supervisorId')}
              label="Supervisor"
              placeholder="Sin supervisor"
              ninguno="Sin supervisor"
              disabled={deshabilitado || !usuarios.data}
              personas={opcionesSupervisor}
              data-testid="usuario-supervisor"
            />
          </IonItem>
        </IonList>
        {(errores.activo || errores.supervisorId || errores.roles) && (
          <p className="admin-error" role="alert">
            {errores.activo ?? errores.supervisorId ?? errores.roles}
          </p>
        )}
      </Tarjeta>

      <Tarjeta titulo="Permisos globales" contenido="admin-sin-relleno">
        <PermisosGlobales
          globales={globales}
          marcados={valores.permisos}
          actor={actor}
          esPropio={esPropio}
          deshabilitado={deshabilitado}
          onCambiar={alternarPermiso}
        />
        {errores.permisos && (
          <p className="admin-error" role="alert">
            {errores.permisos}
          </p>
        )}
      </Tarjeta>

      {usuario && (
        <Tarjeta titulo="Más opciones" contenido="admin-sin-relleno">
          <IonList lines="full" className="admin-lista-plana">
            <IonItem button detail routerLink={`/asignar-roles?usuario=${usuario.id}`} data-testid="usuario-ir-roles">
              <IonIcon icon={briefcaseOutline} slot="start" aria-hidden="true" />
              <IonLabel>
                Roles
                <p>{usuario.roles.map((r) => nombreRol(r.nombre)).join(', ') || 'Sin rol asignado'}</p>
              </IonLabel>
            </IonItem>
            <IonItem
              button
              detail
              routerLink={`/usuarios-permisos?usuario=${usuario.id}`}
              data-testid="usuario-ir-permisos"
            >
              <IonIcon icon={keyOutline} slot="start" aria-hidden="true" />
              <IonLabel>
                Permisos por cliente
                <p>Delegar, modificar y borrar órdenes de cada cliente</p>
              </IonLabel>
            </IonItem>
            <IonItem button detail routerLink={`/supervisor?usuario=${usuario.id}`} data-testid="usuario-ir-supervisor">
              <IonIcon icon={peopleOutline} slot="start" aria-hidden="true" />
              <IonLabel>
                Supervisor y equipo
                <p>Quién supervisa a {usuario.nombre} y a quiénes supervisa</p>
              </IonLabel>
            </IonItem>
          </IonList>
        </Tarjeta>
      )}
    </FormularioAdmin>
  );
}

interface PermisosProps {
  globales: Permiso[] | undefined;
  marcados: readonly string[];
  actor: UsuarioLogueado;
  esPropio: boolean;
  deshabilitado: boolean;
  onCambiar: (permiso: PermisoGlobal, marcado: boolean) => void;
}

/** The global permissions (SPEC §6) as checkboxes with their descriptions. */
function PermisosGlobales({ globales, marcados, actor, esPropio, deshabilitado, onCambiar }: PermisosProps) {
  if (!globales) {
    return (
      <div className="ion-padding" aria-busy="true">
        <IonSkeletonText animated style={{ width: '60%' }} />
        <IonSkeletonText animated style={{ width: '45%' }} />
      </div>
    );
  }
  return (
    <IonList lines="full" className="admin-lista-plana" data-testid="usuario-permisos">
      {globales.map((p) => {
        const nombre = p.nombre as PermisoGlobal;
        const ajeno = !puedeOtorgarGlobal(actor, nombre);
        const propio = esPropio && nombre === 'altaUsuarios';
        return (
          <IonItem key={p.id}>
            <IonCheckbox
              justify="start"
              labelPlacement="end"
              checked={marcados.includes(nombre)}
              disabled={deshabilitado || ajeno || propio}
              onIonChange={(e) => onCambiar(nombre, e.detail.checked)}
              data-testid={`usuario-permiso-${nombre}`}
            >
              <span className="admin-permiso">
                <span className="admin-permiso__nombre">{nombrePermiso(nombre)}</span>
                <span className="admin-permiso__descripcion">{p.descripcion}</span>
                {(ajeno || propio) && (
                  <IonNote className="admin-permiso__nota">
                    {propio
                      ? 'No puede quitarse este permiso a sí mismo.'
                      : 'Solo puede otorgar o quitar permisos que usted tiene.'}
                  </IonNote>
                )}
              </span>
            </IonCheckbox>
          </IonItem>
        );
      })}
    </IonList>
  );
}
