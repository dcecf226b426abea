import { IonButton, IonIcon, IonSpinner, IonText, useIonRouter } from '@ionic/react';
import { checkmarkCircleOutline, mailUnreadOutline } from 'ionicons/icons';
import { useEffect, useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { CampoPassword, CampoTexto } from '../../../components/campos';
import { PantallaPublica } from '../../../components/pantalla-publica';
import { ApiError, notificarError } from '../../../lib/errors';
import { enviarConEnter } from '../../../lib/formularios';
import { useLogin } from '../api/login';
import { tomarIngresoPendiente } from '../login-ligero/ingreso-pendiente';
import { rutaRecuperarPassword } from '../login-ligero/rutas';
import { destinoSeguro, PARAM_VOLVER } from '../../../lib/return-path';
import { mensajeDeExito, PARAM_USUARIO, ReenviarCorreo } from '../../accounts';
import './login-page.css';

/** Other values of `login/:success` that announce a finished action, with the generic banner. */
const EXITOS = new Set(['true', '1', 'ok', 'exito', 'success']);

/** The banner of `login/:success`: the account screen's own, else the generic one, else none. */
function bannerDeExito(success: string | undefined): string | undefined {
  if (!success) return undefined;
  if (EXITOS.has(success.toLowerCase())) return 'Listo. Ya puede ingresar con su usuario y contraseña.';
  return mensajeDeExito(success);
}

/** The login screen (routes `login` and `login/:success`). */
export default function LoginPage() {
  const { success } = useParams();
  const [searchParams] = useSearchParams();
  const router = useIonRouter();
  const login = useLogin();
  const [usuario, setUsuario] = useState(() => searchParams.get(PARAM_USUARIO) ?? '');
  const [password, setPassword] = useState('');
  const [intentoEnviar, setIntentoEnviar] = useState(false);
  /** The login name whose account is not confirmed yet (its message and 'Reenviar correo' show). */
  const [sinConfirmar, setSinConfirmar] = useState<{ usuario: string; mensaje: string } | null>(null);

  const usuarioLimpio = usuario.trim();
  const errorUsuario = intentoEnviar && !usuarioLimpio ? 'Ingrese su usuario' : undefined;
  const errorPassword = intentoEnviar && !password ? 'Ingrese su contraseña' : undefined;
  const exito = bannerDeExito(success);

  // A login the first-stage login handed over (an account not confirmed yet): repeated here once.
  useEffect(() => {
    const pendiente = tomarIngresoPendiente();
    if (!pendiente) return;
    setUsuario(pendiente.usuario);
    setPassword(pendiente.password);
    enviar(pendiente.usuario, pendiente.password);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on mount
  }, []);

  function enviar(usuarioAEnviar = usuarioLimpio, passwordAEnviar = password) {
    setIntentoEnviar(true);
    if (!usuarioAEnviar || !passwordAEnviar || login.isPending) return;
    setSinConfirmar(null);
    login.mutate(
      { usuario: usuarioAEnviar, password: passwordAEnviar },
      {
        onSuccess: () => {
          setPassword('');
          setIntentoEnviar(false);
          router.navigateRoot(destinoSeguro(searchParams.get(PARAM_VOLVER)) ?? '/');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CUENTA_NO_CONFIRMADA') {
            setSinConfirmar({ usuario: usuarioAEnviar, mensaje: error.message });
          } else {
            notificarError(error);
          }
        },
      },
    );
  }

  function alEnviar(e: FormEvent) {
    e.preventDefault();
    enviar();
  }

  /** What both fields share: the form's state, and no corrections of what is typed. */
  const campo = (name: string, value: string, onChange: (v: string) => void, error: string | undefined) => ({
    name,
    value,
    onChange,
    error,
    disabled: login.isPending,
    autocapitalize: 'off',
    autocorrect: false,
    spellcheck: false,
  });

  return (
    <PantallaPublica testId="login">
      <header className="login-page__brand">
        <img className="login-page__logo" src="/favicon.svg" alt="" width={56} height={56} />
        <h1>Delego</h1>
        <p>Delegación y seguimiento de órdenes de trabajo</p>
      </header>

      {exito && (
        <div className="login-page__exito" role="status" data-testid="login-exito">
          <IonIcon icon={checkmarkCircleOutline} aria-hidden="true" />
          <span>{exito}</span>
        </div>
      )}

      {sinConfirmar && (
        <div className="login-page__sin-confirmar" role="alert" data-testid="login-sin-confirmar">
          <p>
            <IonIcon icon={mailUnreadOutline} aria-hidden="true" />
            <span>{sinConfirmar.mensaje}</span>
          </p>
          <ReenviarCorreo datos={{ usuario: sinConfirmar.usuario }} />
        </div>
      )}

      <form
        className="login-page__form"
        onSubmit={alEnviar}
        // Enter in either field submits (the inputs live inside Ionic components).
        onKeyDown={enviarConEnter(() => enviar())}
        noValidate
        aria-label="Ingreso"
      >
        <CampoTexto
          {...campo('usuario', usuario, setUsuario, errorUsuario)}
          label="Usuario"
          autocomplete="username"
          enterkeyhint="next"
          data-testid="login-usuario"
        />
        <CampoPassword
          {...campo('password', password, setPassword, errorPassword)}
          label="Contraseña"
          autocomplete="current-password"
          enterkeyhint="go"
          testIdVer="login-ver-password"
          data-testid="login-password"
        />

        <IonButton className="login-page__submit" type="submit" expand="block" size="large" disabled={login.isPending}>
          {login.isPending ? (
            <>
              <IonSpinner name="crescent" slot="start" aria-hidden="true" />
              Ingresando…
            </>
          ) : (
            'Ingresar'
          )}
        </IonButton>
      </form>

      <IonButton
        className="login-page__olvido"
        fill="clear"
        size="small"
        routerLink={rutaRecuperarPassword(usuarioLimpio)}
        data-testid="login-recuperar"
      >
        ¿Olvidó su contraseña?
      </IonButton>

      <IonText color="medium" className="login-page__pie">
        <p>Ingrese con el usuario y la contraseña que le dio su empresa.</p>
      </IonText>

      <div className="login-page__registro">
        <p>¿Su empresa todavía no usa Delego?</p>
        <IonButton fill="outline" expand="block" routerLink="/registro-usuario" data-testid="login-registrarse">
          Crear una cuenta
        </IonButton>
      </div>
    </PantallaPublica>
  );
}
