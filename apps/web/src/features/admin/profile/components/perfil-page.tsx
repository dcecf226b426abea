import { esAdmin, LIMITES_ADMIN, type UsuarioLogueado } from '@delego/contract';
import {
  IonButton,
  IonCard,
  IonCardContent,
  IonCardHeader,
  IonCardSubtitle,
  IonCardTitle,
  IonContent,
  IonIcon,
  IonInput,
  IonSpinner,
} from '@ionic/react';
import { imageOutline, trashOutline } from 'ionicons/icons';
import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useSession } from '../../../auth';
import { CampoConLimite, errorDeLargo } from '../../../../components/campo-con-limite';
import { PageHeader } from '../../../../components/page-header';
import { CampoPassword } from '../../shared/campo-password';
import { useAviso, useConfirmar } from '../../../../components/avisos';
import {
  claseInvalida,
  enfocarPrimerError,
  enviarConEnter,
  erroresDeGuardado,
  valorDe,
  type ErroresCampos,
} from '../../../../lib/formularios';
import { formatearMb } from '../../../../lib/numeros';
import { FichaUsuario } from '../../shared/ficha-usuario';
import { PASSWORD_MIN } from '../../shared/password';
import { useActualizarPerfil } from '../api/actualizar-perfil';
import { useCambiarUsuario } from '../api/cambiar-usuario';
import { useSubirLogo } from '../api/subir-logo';
import {
  problemaLogo,
  TIPOS_LOGO,
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

function Tarjeta({ titulo, subtitulo, children }: { titulo: string; subtitulo?: string; children: ReactNode }) {
  return (
    <IonCard className="delego-card">
      <IonCardHeader>
        {subtitulo && <IonCardSubtitle>{subtitulo}</IonCardSubtitle>}
        <IonCardTitle className="admin-card-titulo">{titulo}</IonCardTitle>
      </IonCardHeader>
      <IonCardContent>{children}</IonCardContent>
    </IonCard>
  );
}

function BotonGuardar({ ocupado, texto, testId }: { ocupado: boolean; texto: string; testId: string }) {
  return (
    <div className="admin-acciones perfil__acciones">
      <IonButton type="submit" disabled={ocupado} data-testid={testId}>
        {ocupado ? (
          <>
            <IonSpinner name="crescent" slot="start" aria-hidden="true" />
            Guardando…
          </>
        ) : (
          texto
        )}
      </IonButton>
    </div>
  );
}

function DatosPersonales({ usuario }: { usuario: UsuarioLogueado }) {
  const [valores, setValores] = useState<ValoresDatos>({
    nombre: usuario.nombre,
    apellido: usuario.apellido,
    email: usuario.email ?? '',
  });
  const [errores, setErrores] = useState<ErroresCampos<keyof ValoresDatos>>({});
  const formulario = useRef<HTMLFormElement>(null);
  const guardar = useActualizarPerfil();
  const avisar = useAviso();

  function cambiar(campo: keyof ValoresDatos, valor: string) {
    setValores((v) => ({ ...v, [campo]: valor }));
    setErrores((e) => ({ ...e, [campo]: undefined }));
  }

  function enviar() {
    if (guardar.isPending) return;
    const r = validarDatos(valores);
    if (!r.ok) {
      setErrores(r.errores);
      enfocarPrimerError(formulario.current);
      return;
    }
    guardar.mutate(r.datos, {
      onSuccess: () => avisar('Se guardaron sus datos.'),
      onError: (e) => setErrores(erroresDeGuardado(e, ['nombre', 'apellido', 'email'] as const)),
    });
  }

  // Over the limit is said as it happens; saving is refused by validarDatos (the contract's schema).
  const error = {
    nombre: errorDeLargo(valores.nombre, LIMITES_ADMIN.nombre) ?? errores.nombre,
    apellido: errorDeLargo(valores.apellido, LIMITES_ADMIN.nombre) ?? errores.apellido,
    email: errorDeLargo(valores.email, LIMITES_ADMIN.email) ?? errores.email,
  };

  return (
    <Tarjeta titulo="Datos personales">
      <form
        ref={formulario}
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          enviar();
        }}
        onKeyDown={enviarConEnter(enviar)}
        aria-label="Datos personales"
        data-testid="perfil-datos"
      >
        <div className="admin-campos admin-campos--dos">
          <CampoConLimite valor={valores.nombre} max={LIMITES_ADMIN.nombre}>
            <IonInput
              className={claseInvalida(error.nombre)}
              label="Nombre"
              labelPlacement="floating"
              fill="outline"
              autocomplete="given-name"
              value={valores.nombre}
              errorText={error.nombre}
              disabled={guardar.isPending}
              onIonInput={(e) => cambiar('nombre', valorDe(e))}
              data-testid="perfil-nombre-input"
            />
          </CampoConLimite>
          <CampoConLimite valor={valores.apellido} max={LIMITES_ADMIN.nombre}>
            <IonInput
              className={claseInvalida(error.apellido)}
              label="Apellido"
              labelPlacement="floating"
              fill="outline"
              autocomplete="family-name"
              value={valores.apellido}
              errorText={error.apellido}
              disabled={guardar.isPending}
              onIonInput={(e) => cambiar('apellido', valorDe(e))}
              data-testid="perfil-apellido-input"
            />
          </CampoConLimite>
          <CampoConLimite valor={valores.email} max={LIMITES_ADMIN.email} className="admin-campos__ancho">
            <IonInput
              className={claseInvalida(error.email)}
              label="Email"
              labelPlacement="floating"
              fill="outline"
              type="email"
              inputmode="email"
              autocomplete="email"
              autocapitalize="off"
              spellcheck={false}
              value={valores.email}
              errorText={error.email}
              disabled={guardar.isPending}
              onIonInput={(e) => cambiar('email', valorDe(e))}
              data-testid="perfil-email-input"
            />
          </CampoConLimite>
        </div>
        <BotonGuardar ocupado={guardar.isPending} texto="Guardar datos" testId="perfil-datos-guardar" />
      </form>
    </Tarjeta>
  );
}

const PASSWORD_VACIA: ValoresPassword = { actual: '', nueva: '', repetida: '' };

function CambioPassword() {
  const [valores, setValores] = useState<ValoresPassword>(PASSWORD_VACIA);
  const [errores, setErrores] = useState<ErroresCampos<keyof ValoresPassword>>({});
  const formulario = useRef<HTMLFormElement>(null);
  const guardar = useActualizarPerfil();
  const avisar = useAviso();

  function cambiar(campo: keyof ValoresPassword, valor: string) {
    setValores((v) => ({ ...v, [campo]: valor }));
    setErrores((e) => ({ ...e, [campo]: undefined }));
  }

  function enviar() {
    if (guardar.isPending) return;
    const r = validarCambioPassword(valores);
    if (!r.ok) {
      setErrores(r.errores);
      enfocarPrimerError(formulario.current);
      return;
    }
    guardar.mutate(r.datos, {
      onSuccess: () => {
        setValores(PASSWORD_VACIA);
        setErrores({});
        avisar('Se cambió su contraseña.');
      },
      onError: (e) => {
        setErrores(
          erroresDeGuardado(e, ['actual', 'nueva'] as const, {
            alias: { passwordActual: 'actual', passwordNueva: 'nueva' },
          }),
        );
        enfocarPrimerError(formulario.current);
      },
    });
  }

  const campo = (
    c: keyof ValoresPassword,
    etiqueta: string,
    autocomplete: 'current-password' | 'new-password',
    ayuda?: string,
  ) => (
    <CampoPassword
      className={claseInvalida(errores[c])}
      label={etiqueta}
      labelPlacement="floating"
      fill="outline"
      autocomplete={autocomplete}
      value={valores[c]}
      helperText={ayuda}
      errorText={errores[c]}
      disabled={guardar.isPending}
      onIonInput={(e) => cambiar(c, valorDe(e))}
      data-testid={`perfil-password-${c}`}
    />
  );

  return (
    <Tarjeta titulo="Contraseña" subtitulo="Seguirá conectado en este dispositivo">
      <form
        ref={formulario}
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          enviar();
        }}
        onKeyDown={enviarConEnter(enviar)}
        aria-label="Cambiar contraseña"
        data-testid="perfil-password"
      >
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
        <div className="admin-campos">
          {campo('actual', 'Contraseña actual', 'current-password')}
          <div className="admin-campos admin-campos--dos">
            {campo('nueva', 'Contraseña nueva', 'new-password', `Al menos ${PASSWORD_MIN} caracteres.`)}
            {campo('repetida', 'Repita la contraseña nueva', 'new-password')}
          </div>
        </div>
        <BotonGuardar ocupado={guardar.isPending} texto="Cambiar contraseña" testId="perfil-password-guardar" />
      </form>
    </Tarjeta>
  );
}

function CambioUsuario({ usuario }: { usuario: UsuarioLogueado }) {
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string>();
  const formulario = useRef<HTMLFormElement>(null);
  const cambiar = useCambiarUsuario();
  const avisar = useAviso();

  function enviar() {
    if (cambiar.isPending) return;
    const r = validarNuevoUsuario(username, usuario.usuario);
    if (!r.ok) {
      setError(r.errores.username);
      enfocarPrimerError(formulario.current);
      return;
    }
    cambiar.mutate(r.datos, {
      onSuccess: (perfil) => {
        setUsername('');
        setError(undefined);
        avisar(`Ahora ingresa como ${perfil.usuario}.`);
      },
      onError: (e) => {
        setError(erroresDeGuardado(e, ['username'] as const).username);
        enfocarPrimerError(formulario.current);
      },
    });
  }

  const errorUsuario = errorDeLargo(username, LIMITES_ADMIN.usuario) ?? error;

  return (
    <Tarjeta titulo="Nombre de usuario" subtitulo={`Hoy ingresa como ${usuario.usuario}`}>
      <form
        ref={formulario}
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          enviar();
        }}
        onKeyDown={enviarConEnter(enviar)}
        aria-label="Cambiar nombre de usuario"
        data-testid="perfil-usuario"
      >
        <div className="admin-campos">
          <CampoConLimite valor={username} max={LIMITES_ADMIN.usuario}>
            <IonInput
              className={claseInvalida(errorUsuario)}
              label="Nuevo nombre de usuario"
              labelPlacement="floating"
              fill="outline"
              autocomplete="off"
              autocapitalize="off"
              autocorrect={false}
              spellcheck={false}
              value={username}
              helperText="Letras sin acentos, números, punto, guion, guion bajo o @. El nombre anterior deja de funcionar."
              errorText={errorUsuario}
              disabled={cambiar.isPending}
              onIonInput={(e) => {
                setUsername(valorDe(e));
                setError(undefined);
              }}
              data-testid="perfil-usuario-input"
            />
          </CampoConLimite>
        </div>
        <BotonGuardar ocupado={cambiar.isPending} texto="Cambiar nombre de usuario" testId="perfil-usuario-guardar" />
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
  const archivo = useRef<HTMLInputElement>(null);
  const subir = useSubirLogo();
  const confirmar = useConfirmar();
  const avisar = useAviso();

  async function alElegir(e: ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
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
          <input
            ref={archivo}
            type="file"
            accept={TIPOS_LOGO.join(',')}
            className="delego-visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => void alElegir(e)}
            data-testid="perfil-logo-archivo"
          />
          <div className="perfil__logo-botones">
            {elegido ? (
              <>
                <IonButton onClick={guardar} disabled={subir.isPending} data-testid="perfil-logo-guardar">
                  {subir.isPending ? (
                    <>
                      <IonSpinner name="crescent" slot="start" aria-hidden="true" />
                      Subiendo…
                    </>
                  ) : (
                    'Guardar logo'
                  )}
                </IonButton>
                <IonButton fill="clear" color="medium" onClick={() => setElegido(undefined)} disabled={subir.isPending}>
                  Descartar
                </IonButton>
              </>
            ) : (
              <>
                <IonButton
                  fill="outline"
                  onClick={() => archivo.current?.click()}
                  disabled={subir.isPending}
                  data-testid="perfil-logo-elegir"
                >
                  <IonIcon slot="start" icon={imageOutline} aria-hidden="true" />
                  Elegir imagen
                </IonButton>
                {usuario.logo && (
                  <IonButton fill="clear" color="danger" onClick={() => void quitar()} disabled={subir.isPending}>
                    <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
                    Quitar logo
                  </IonButton>
                )}
              </>
            )}
          </div>
        </div>
      </div>
    </Tarjeta>
  );
}
