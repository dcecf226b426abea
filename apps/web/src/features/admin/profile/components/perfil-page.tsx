import { esAdmin, LIMITES_ADMIN, type Profile, type UsuarioLogueado } from '@delego/contract';
import { IonButton, IonContent } from '@ionic/react';
import { imageOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { BotonConIcono } from '../../../../components/boton-icono';
import { ElegirArchivo } from '../../../../components/elegir-archivo';
import { useSession } from '../../../auth';
import { BotonGuardar } from '../../../../components/botones-formulario';
import { CampoEmail, CampoPassword, CampoTexto } from '../../../../components/campos';
import { PageHeader } from '../../../../components/page-header';
import { useAviso, useConfirmar } from '../../../../components/avisos';
import { useCambiosSinGuardar } from '../../../../lib/cambios-sin-guardar';
import { AYUDA_NOMBRE_USUARIO, erroresDeGuardado, useFormulario } from '../../../../lib/formularios';
import { formatearMb } from '../../../../lib/numeros';
import { FichaUsuario } from '../../shared/ficha-usuario';
import { PASSWORD_MIN } from '../../shared/password';
import { Tarjeta } from '../../shared/tarjeta';
import { useActualizarPerfil } from '../api/actualizar-perfil';
import { useCambiarUsuario } from '../api/cambiar-usuario';
import { useSubirLogo } from '../api/subir-logo';
import {
  problemaLogo,
  TIPOS_LOGO,
  cambiaEmail,
  validarCambioPassword,
  validarDatos,
  validarNuevoUsuario,
  type ValoresDatos,
  type ValoresPassword,
} from '../perfil-validacion';
import '../../shared/admin.css';
import './perfil.css';

/** perfil (Mi cuenta, every user): own names and email, password, login name; the logo for admins. */
export default function PerfilPage() {
  const { usuario } = useSession();
  return (
    <>
      <PageHeader titulo="Mi cuenta" />
      <IonContent className="delego-page-content">
        {usuario && (
          <div className="delego-container admin-pagina admin-pagina--angosta">
            <FichaUsuario usuario={usuario} antes={usuario.entidadNombre} />
            <DatosPersonales key={`datos-${usuario.id}`} usuario={usuario} />
            <CambioPassword key={`password-${usuario.id}`} />
            <CambioUsuario key={`usuario-${usuario.id}`} usuario={usuario} />
            {esAdmin(usuario) && <LogoEmpresa usuario={usuario} />}
          </div>
        )}
      </IonContent>
    </>
  );
}

function Guardar({ ocupado, texto, testId }: { ocupado: boolean; texto: string; testId: string }) {
  return (
    <div className="admin-acciones perfil__acciones">
      <BotonGuardar ocupado={ocupado} texto={texto} textoOcupado="Guardando…" testId={testId} />
    </div>
  );
}

const LIMITES_DATOS = { nombre: LIMITES_ADMIN.nombre, apellido: LIMITES_ADMIN.nombre, email: LIMITES_ADMIN.email };

function DatosPersonales({ usuario }: { usuario: UsuarioLogueado }) {
  const guardar = useActualizarPerfil();
  const avisar = useAviso();
  // The address saved last: what a new email is compared with (the session catches up after).
  const [emailGuardado, setEmailGuardado] = useState(usuario.email);
  const f = useFormulario<ValoresDatos, Profile>({
    inicial: { nombre: usuario.nombre, apellido: usuario.apellido, email: usuario.email ?? '', passwordActual: '' },
    validar: (v) => validarDatos(v, emailGuardado),
    limites: LIMITES_DATOS,
    habilitado: !guardar.isPending,
  });
  useCambiosSinGuardar(f.sucio);
  const conEmailNuevo = cambiaEmail(f.valores.email, emailGuardado);

  const texto = (campo: keyof typeof LIMITES_DATOS, etiqueta: string) =>
    f.texto(campo, etiqueta, `perfil-${campo}-input`);

  function enviar(datos: Profile) {
    guardar.mutate(datos, {
      onSuccess: (perfil) => {
        // What was saved is the new starting point; the password typed for it is not kept.
        setEmailGuardado(perfil.email);
        f.reiniciar({
          nombre: perfil.nombre,
          apellido: perfil.apellido,
          email: perfil.email ?? '',
          passwordActual: '',
        });
        avisar(
          conEmailNuevo
            ? 'Se guardaron sus datos. Avisamos del cambio a su email anterior.'
            : 'Se guardaron sus datos.',
        );
      },
      onError: (e) => f.falloAlGuardar(e, ['nombre', 'apellido', 'email', 'passwordActual']),
    });
  }

  return (
    <Tarjeta titulo="Datos personales">
      <form {...f.props(enviar)} aria-label="Datos personales" data-testid="perfil-datos">
        <div className="admin-campos admin-campos--dos">
          <CampoTexto {...texto('nombre', 'Nombre')} autocomplete="given-name" />
          <CampoTexto {...texto('apellido', 'Apellido')} autocomplete="family-name" />
          <CampoEmail {...texto('email', 'Email')} ubicacion="admin-campos__ancho" />
          {conEmailNuevo && (
            <CampoPassword
              {...f.campo('passwordActual')}
              label="Contraseña actual"
              helperText="El email recupera su cuenta: para cambiarlo, confirme que es usted."
              autocomplete="current-password"
              ubicacion="admin-campos__ancho"
              data-testid="perfil-datos-password"
            />
          )}
        </div>
        <Guardar ocupado={guardar.isPending} texto="Guardar datos" testId="perfil-datos-guardar" />
      </form>
    </Tarjeta>
  );
}

const PASSWORD_VACIA: ValoresPassword = { actual: '', nueva: '', repetida: '' };

function CambioPassword() {
  const guardar = useActualizarPerfil();
  const avisar = useAviso();
  const f = useFormulario({ inicial: PASSWORD_VACIA, validar: validarCambioPassword, habilitado: !guardar.isPending });
  useCambiosSinGuardar(f.sucio);

  function enviar(datos: Profile) {
    guardar.mutate(datos, {
      onSuccess: () => {
        f.reiniciar();
        avisar('Se cambió su contraseña.');
      },
      onError: (e) =>
        f.falloAlGuardar(e, ['actual', 'nueva'], { alias: { passwordActual: 'actual', passwordNueva: 'nueva' } }),
    });
  }

  const campo = (c: keyof ValoresPassword, etiqueta: string, autocomplete: 'current-password' | 'new-password') => ({
    ...f.campo(c),
    label: etiqueta,
    autocomplete,
    'data-testid': `perfil-password-${c}`,
  });

  return (
    <Tarjeta titulo="Contraseña" subtitulo="Seguirá conectado en este dispositivo">
      <form {...f.props(enviar)} aria-label="Cambiar contraseña" data-testid="perfil-password">
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
        <div className="admin-campos">
          <CampoPassword {...campo('actual', 'Contraseña actual', 'current-password')} />
          <div className="admin-campos admin-campos--dos">
            <CampoPassword
              {...campo('nueva', 'Contraseña nueva', 'new-password')}
              helperText={`Al menos ${PASSWORD_MIN} caracteres.`}
            />
            <CampoPassword {...campo('repetida', 'Repita la contraseña nueva', 'new-password')} />
          </div>
        </div>
        <Guardar ocupado={guardar.isPending} texto="Cambiar contraseña" testId="perfil-password-guardar" />
      </form>
    </Tarjeta>
  );
}

function CambioUsuario({ usuario }: { usuario: UsuarioLogueado }) {
  const cambiar = useCambiarUsuario();
  const avisar = useAviso();
  const f = useFormulario({
    inicial: { username: '' },
    validar: (v) => validarNuevoUsuario(v.username, usuario.usuario),
    limites: { username: LIMITES_ADMIN.usuario },
    habilitado: !cambiar.isPending,
  });
  useCambiosSinGuardar(f.sucio);

  function enviar(username: string) {
    cambiar.mutate(username, {
      onSuccess: (perfil) => {
        f.reiniciar();
        avisar(`Ahora ingresa como ${perfil.usuario}.`);
      },
      onError: (e) => f.falloAlGuardar(e, ['username']),
    });
  }

  return (
    <Tarjeta titulo="Nombre de usuario" subtitulo={`Hoy ingresa como ${usuario.usuario}`}>
      <form {...f.props(enviar)} aria-label="Cambiar nombre de usuario" data-testid="perfil-usuario">
        <div className="admin-campos">
          <CampoTexto
            {...f.campo('username')}
            label="Nuevo nombre de usuario"
            max={LIMITES_ADMIN.usuario}
            autocomplete="off"
            autocapitalize="off"
            autocorrect={false}
            spellcheck={false}
            helperText={`${AYUDA_NOMBRE_USUARIO} El nombre anterior deja de funcionar.`}
            data-testid="perfil-usuario-input"
          />
        </div>
        <Guardar ocupado={cambiar.isPending} texto="Cambiar nombre de usuario" testId="perfil-usuario-guardar" />
      </form>
    </Tarjeta>
  );
}

/** Reads a file as a data URL (the form the logo travels in). */
export function leerComoDataUrl(archivo: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const lector = new FileReader();
    lector.onload = () => resolve(String(lector.result));
    lector.onerror = () => reject(lector.error ?? new Error('No se pudo leer el archivo.'));
    lector.readAsDataURL(archivo);
  });
}

function LogoEmpresa({ usuario }: { usuario: UsuarioLogueado }) {
  const [elegido, setElegido] = useState<{ nombre: string; dataUrl: string }>();
  const [error, setError] = useState<string>();
  const subir = useSubirLogo();
  const confirmar = useConfirmar();
  const avisar = useAviso();

  async function alElegir(f: File) {
    setError(undefined);
    const problema = problemaLogo(f);
    if (problema) {
      setElegido(undefined);
      setError(problema);
      return;
    }
    try {
      setElegido({ nombre: f.name, dataUrl: await leerComoDataUrl(f) });
    } catch {
      setError('No se pudo leer el archivo elegido.');
    }
  }

  function guardar() {
    if (!elegido || subir.isPending) return;
    subir.mutate(elegido.dataUrl, {
      onSuccess: () => {
        setElegido(undefined);
        avisar('Se actualizó el logo de la empresa.');
      },
      onError: (e) => setError(erroresDeGuardado(e, ['logo'] as const).logo),
    });
  }

  async function quitar() {
    const seguro = await confirmar({
      titulo: 'Quitar logo',
      mensaje: `El menú mostrará las iniciales de ${usuario.entidadNombre} en lugar del logo.`,
      aceptar: 'Quitar logo',
    });
    if (!seguro) return;
    subir.mutate(null, {
      onSuccess: () => avisar('Se quitó el logo de la empresa.'),
      onError: (e) => setError(erroresDeGuardado(e, ['logo'] as const).logo),
    });
  }

  const mostrado = elegido?.dataUrl ?? usuario.logo;
  const mb = formatearMb(LIMITES_ADMIN.logoBytes / 1024 / 1024);
  return (
    <Tarjeta titulo="Logo de la empresa" subtitulo={usuario.entidadNombre}>
      <div className="perfil__logo" data-testid="perfil-logo">
        <div className="perfil__logo-vista">
          {mostrado ? (
            <img src={mostrado} alt={elegido ? 'Vista previa del logo nuevo' : `Logo de ${usuario.entidadNombre}`} />
          ) : (
            <span className="perfil__logo-vacio">Sin logo</span>
          )}
        </div>
        <div className="perfil__logo-texto">
          <p className="admin-ayuda">
            PNG, JPEG o WebP de hasta {mb} MB. Se ajusta a {LIMITES_ADMIN.logoLado}×{LIMITES_ADMIN.logoLado} px y se
            muestra en el menú.
          </p>
          {elegido && (
            <p className="perfil__logo-elegido">
              Vista previa de <strong>{elegido.nombre}</strong>: todavía no se guardó.
            </p>
          )}
          {error && (
            <p className="admin-error perfil__logo-error" role="alert" data-testid="perfil-logo-error">
              {error}
            </p>
          )}
          <ElegirArchivo accept={TIPOS_LOGO.join(',')} alElegir={alElegir} testId="perfil-logo-archivo">
            {(abrir) => (
              <div className="perfil__logo-botones">
                {elegido ? (
                  <>
                    <BotonGuardar
                      ocupado={subir.isPending}
                      texto="Guardar logo"
                      textoOcupado="Subiendo…"
                      alTocar={guardar}
                      testId="perfil-logo-guardar"
                    />
                    <IonButton
                      fill="clear"
                      color="medium"
                      onClick={() => setElegido(undefined)}
                      disabled={subir.isPending}
                    >
                      Descartar
                    </IonButton>
                  </>
                ) : (
                  <>
                    <BotonConIcono
                      icono={imageOutline}
                      fill="outline"
                      onClick={abrir}
                      disabled={subir.isPending}
                      testId="perfil-logo-elegir"
                    >
                      Elegir imagen
                    </BotonConIcono>
                    {usuario.logo && (
                      <BotonConIcono
                        icono={trashOutline}
                        fill="clear"
                        color="danger"
                        onClick={() => void quitar()}
                        disabled={subir.isPending}
                      >
                        Quitar logo
                      </BotonConIcono>
                    )}
                  </>
                )}
              </div>
            )}
          </ElegirArchivo>
        </div>
      </div>
    </Tarjeta>
  );
}
