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
import {
  IonButton,
  IonCard,
  IonCardContent,
  IonCardHeader,
  IonCardTitle,
  IonCheckbox,
  IonContent,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonNote,
  IonSelect,
  IonSelectOption,
  IonSkeletonText,
  IonSpinner,
} from '@ionic/react';
import { briefcaseOutline, keyOutline, lockClosedOutline, peopleOutline } from 'ionicons/icons';
import { useSession } from '../../../auth';
import { useCatalogoPermisos } from '../../permissions/api/get-catalogo-permisos';
import { CampoInterruptor, CampoTexto } from '../../../../components/campos';
import { EstadoError } from '../../../../components/estados-pantalla';
import { CampoPassword } from '../../shared/campo-password';
import { FichaUsuario } from '../../shared/ficha-usuario';
import { useAviso, useConfirmar } from '../../../../components/avisos';
import { claseInvalida, useFormulario, valorDe } from '../../../../lib/formularios';
import { useVolver } from '../../../../lib/navegacion';
import { nombreCompleto, nombrePermiso, nombreRol } from '../../shared/nombres';
import { useIdParam } from '../../shared/parametros';
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
import { PantallaAdmin } from '../../shared/lista-admin';
import '../../shared/admin.css';

/** The contract's length limits of the user's text fields. */
const LIMITES_USUARIO = {
  usuario: LIMITES_ADMIN.usuario,
  nombre: LIMITES_ADMIN.nombre,
  apellido: LIMITES_ADMIN.nombre,
  email: LIMITES_ADMIN.email,
};

/** `SIN_SUPERVISOR` stands for "nobody" in the select (Ionic's select needs a value). */
const SIN_SUPERVISOR = 0;

/** usuario: the form to create (`/usuario`) or edit (`/usuario?id=12`) a user. */
export default function UsuarioPage() {
  const id = useIdParam('id');
  return (
    <PantallaAdmin
      titulo={id === null ? 'Nuevo usuario' : 'Editar usuario'}
      volverA="/usuarios"
      permiso="altaUsuarios"
      para="administrar usuarios"
    >
      <IonContent className="delego-page-content">
        <CargaUsuario key={id ?? 'nuevo'} id={id} />
      </IonContent>
    </PantallaAdmin>
  );
}

function CargaUsuario({ id }: { id: number | null }) {
  const usuario = useUsuario(id);
  const { usuario: actor } = useSession();
  if (!actor) return null;
  if (id !== null && !usuario.data) {
    if (usuario.isError) {
      return <EstadoError ambito="admin" error={usuario.error} onReintentar={() => void usuario.refetch()} />;
    }
    return <FormularioCargando />;
  }
  return <UsuarioForm usuario={usuario.data ?? null} actor={actor} />;
}

function FormularioCargando() {
  return (
    <div className="delego-container admin-pagina admin-pagina--angosta" aria-busy="true">
      <span className="delego-visually-hidden" role="status">
        Cargando…
      </span>
      <IonCard className="delego-card">
        <IonCardContent>
          {[70, 50, 60, 40].map((ancho) => (
            <IonSkeletonText key={ancho} animated style={{ width: `${ancho}%`, height: 20, marginBottom: 18 }} />
          ))}
        </IonCardContent>
      </IonCard>
    </div>
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

  const guardar = useGuardarUsuario();
  const f = useFormulario<ValoresUsuario, StoreUser, CampoUsuario>({
    inicial: () => valoresIniciales(usuario ?? undefined),
    validar: (v) => validarUsuario(v, id),
    limites: LIMITES_USUARIO,
    habilitado: !guardar.isPending && !bloqueo,
  });
  const { valores, cambiar } = f;
  const catalogo = useCatalogoPermisos();
  const usuarios = useUsuarios();
  const confirmar = useConfirmar();
  const avisar = useAviso();
  const volver = useVolver('/usuarios');
  const deshabilitado = guardar.isPending || !!bloqueo;

  function enviar(datos: StoreUser) {
    guardar.mutate(datos, {
      onSuccess: (guardado) => {
        avisar(
          creando ? `Se creó el usuario ${guardado.usuario}.` : `Se guardaron los cambios de ${guardado.usuario}.`,
        );
        volver();
      },
      onError: (error) => f.falloAlGuardar(error, CAMPOS_USUARIO, { alias: { username: 'usuario' } }),
    });
  }

  async function cambiarActivo(activo: boolean) {
    cambiar('activo', activo);
    if (activo || !usuario) return;
    const seguro = await confirmar({
      titulo: 'Desactivar usuario',
      mensaje: `${nombreCompleto(usuario)} no podrá ingresar a Delego. Sus órdenes y su historial se conservan. El cambio se aplica al guardar.`,
      aceptar: 'Desactivar',
    });
    if (!seguro) cambiar('activo', true);
  }

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
  const errores = {
    activo: f.error('activo'),
    supervisorId: f.error('supervisorId'),
    roles: f.error('roles'),
    permisos: f.error('permisos'),
  };

  return (
    <form
      {...f.props(enviar)}
      className="delego-container admin-pagina admin-pagina--angosta"
      aria-label={creando ? 'Nuevo usuario' : `Editar usuario ${usuario?.usuario ?? ''}`}
      data-testid="usuario-form"
    >
      {usuario && <FichaUsuario usuario={usuario} antes="Editar usuario" />}
      {bloqueo && (
        <div className="admin-aviso-fijo admin-aviso-fijo--advertencia" role="note">
          <IonIcon icon={lockClosedOutline} aria-hidden="true" />
          <span>{bloqueo}</span>
        </div>
      )}

      <IonCard className="delego-card">
        <IonCardHeader>
          <IonCardTitle className="admin-card-titulo">Datos de ingreso</IonCardTitle>
        </IonCardHeader>
        <IonCardContent className="admin-campos">
          <CampoTexto
            {...f.campo('usuario')}
            label="Usuario"
            max={LIMITES_ADMIN.usuario}
            autocomplete="off"
            autocapitalize="off"
            autocorrect={false}
            spellcheck={false}
            helperText="Con este nombre ingresa a Delego. Letras sin acentos, números, punto, guion o @."
            data-testid="usuario-usuario"
          />
          {conPassword ? (
            <CampoPassword
              className={claseInvalida(f.error('password'))}
              label={creando ? 'Contraseña inicial' : 'Nueva contraseña (opcional)'}
              labelPlacement="floating"
              fill="outline"
              name="password"
              autocomplete="new-password"
              value={valores.password}
              helperText={
                creando
                  ? `Al menos ${PASSWORD_MIN} caracteres. Compártala con la persona para su primer ingreso.`
                  : 'Déjela vacía para no cambiarla.'
              }
              errorText={f.error('password')}
              disabled={deshabilitado}
              onIonInput={(e) => cambiar('password', valorDe(e))}
              data-testid="usuario-password"
            />
          ) : (
            <IonNote className="admin-ayuda" data-testid="usuario-password-nota">
              {esPropio
                ? 'Su contraseña se cambia en “Datos personales”, con la contraseña actual.'
                : 'Solo un propietario puede cambiar la contraseña de otro usuario.'}
            </IonNote>
          )}
        </IonCardContent>
      </IonCard>

      <IonCard className="delego-card">
        <IonCardHeader>
          <IonCardTitle className="admin-card-titulo">Datos personales</IonCardTitle>
        </IonCardHeader>
        <IonCardContent className="admin-campos admin-campos--dos">
          <CampoTexto
            {...f.campo('nombre')}
            label="Nombre"
            max={LIMITES_ADMIN.nombre}
            autocomplete="off"
            data-testid="usuario-nombre"
          />
          <CampoTexto
            {...f.campo('apellido')}
            label="Apellido"
            max={LIMITES_ADMIN.nombre}
            autocomplete="off"
            data-testid="usuario-apellido"
          />
          <CampoTexto
            {...f.campo('email')}
            label="Email (opcional)"
            max={LIMITES_ADMIN.email}
            ubicacion="admin-campos__ancho"
            type="email"
            inputmode="email"
            autocomplete="off"
            autocapitalize="off"
            spellcheck={false}
            data-testid="usuario-email"
          />
        </IonCardContent>
      </IonCard>

      <IonCard className="delego-card">
        <IonCardHeader>
          <IonCardTitle className="admin-card-titulo">Organización</IonCardTitle>
        </IonCardHeader>
        <IonCardContent className="admin-sin-relleno">
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
              <IonSelect
                label="Supervisor"
                labelPlacement="stacked"
                interface="popover"
                placeholder="Sin supervisor"
                value={valores.supervisorId ?? SIN_SUPERVISOR}
                disabled={deshabilitado || !usuarios.data}
                onIonChange={(e) => {
                  const valor = Number(e.detail.value);
                  cambiar('supervisorId', valor === SIN_SUPERVISOR ? null : valor);
                }}
                data-testid="usuario-supervisor"
              >
                <IonSelectOption value={SIN_SUPERVISOR}>Sin supervisor</IonSelectOption>
                {opcionesSupervisor.map((u) => (
                  <IonSelectOption key={u.id} value={u.id}>
                    {nombreCompleto(u)} (@{u.usuario})
                  </IonSelectOption>
                ))}
              </IonSelect>
            </IonItem>
          </IonList>
          {(errores.activo || errores.supervisorId || errores.roles) && (
            <p className="admin-error" role="alert">
              {errores.activo ?? errores.supervisorId ?? errores.roles}
            </p>
          )}
        </IonCardContent>
      </IonCard>

      <IonCard className="delego-card">
        <IonCardHeader>
          <IonCardTitle className="admin-card-titulo">Permisos globales</IonCardTitle>
        </IonCardHeader>
        <IonCardContent className="admin-sin-relleno">
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
        </IonCardContent>
      </IonCard>

      {usuario && (
        <IonCard className="delego-card">
          <IonCardHeader>
            <IonCardTitle className="admin-card-titulo">Más opciones</IonCardTitle>
          </IonCardHeader>
          <IonCardContent className="admin-sin-relleno">
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
              <IonItem
                button
                detail
                routerLink={`/supervisor?usuario=${usuario.id}`}
                data-testid="usuario-ir-supervisor"
              >
                <IonIcon icon={peopleOutline} slot="start" aria-hidden="true" />
                <IonLabel>
                  Supervisor y equipo
                  <p>Quién supervisa a {usuario.nombre} y a quiénes supervisa</p>
                </IonLabel>
              </IonItem>
            </IonList>
          </IonCardContent>
        </IonCard>
      )}

      <div className="admin-acciones">
        <IonButton fill="clear" color="medium" type="button" onClick={volver} disabled={guardar.isPending}>
          Cancelar
        </IonButton>
        <IonButton type="submit" disabled={deshabilitado} data-testid="usuario-guardar">
          {guardar.isPending ? (
            <>
              <IonSpinner name="crescent" slot="start" aria-hidden="true" />
              Guardando…
            </>
          ) : creando ? (
            'Crear usuario'
          ) : (
            'Guardar cambios'
          )}
        </IonButton>
      </div>
    </form>
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
