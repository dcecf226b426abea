import { IonButton, IonContent, IonIcon, IonInput, IonSpinner, IonText, useIonRouter } from '@ionic/react';
import { checkmarkCircleOutline, eyeOffOutline, eyeOutline } from 'ionicons/icons';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useLogin } from '../api/login';
import { destinoSeguro, PARAM_VOLVER } from '../../../lib/return-path';
import './login-page.css';

/** Values of `login/:success` that announce a finished action (confirmed account, new password). */
const EXITOS = new Set(['true', '1', 'ok', 'exito', 'success']);

/** The login screen (routes `login` and `login/:success`). */
export default function LoginPage() {
  const { success } = useParams();
  const [searchParams] = useSearchParams();
  const router = useIonRouter();
  const login = useLogin();
  const [usuario, setUsuario] = useState('');
  const [password, setPassword] = useState('');
  const [verPassword, setVerPassword] = useState(false);
  const [intentoEnviar, setIntentoEnviar] = useState(false);

  const usuarioLimpio = usuario.trim();
  const errorUsuario = intentoEnviar && !usuarioLimpio ? 'Ingrese su usuario' : undefined;
  const errorPassword = intentoEnviar && !password ? 'Ingrese su contraseña' : undefined;
  const mostrarExito = !!success && EXITOS.has(success.toLowerCase());

  function enviar() {
    setIntentoEnviar(true);
    if (!usuarioLimpio || !password || login.isPending) return;
    login.mutate(
      { usuario: usuarioLimpio, password },
      {
        onSuccess: () => {
          setPassword('');
          setIntentoEnviar(false);
          router.navigateRoot(destinoSeguro(searchParams.get(PARAM_VOLVER)) ?? '/');
        },
      },
    );
  }

  function alEnviar(e: FormEvent) {
    e.preventDefault();
    enviar();
  }

  // Enter in either field submits (the inputs live inside Ionic components).
  function alPresionarTecla(e: KeyboardEvent<HTMLFormElement>) {
    if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
      e.preventDefault();
      enviar();
    }
  }

  return (
    <IonContent className="login-page" fullscreen>
      <main className="login-page__layout">
        <div className="login-page__card">
          <header className="login-page__brand">
            <img className="login-page__logo" src="/favicon.svg" alt="" width={56} height={56} />
            <h1>Delego</h1>
            <p>Delegación y seguimiento de órdenes de trabajo</p>
          </header>

          {mostrarExito && (
            <div className="login-page__exito" role="status">
              <IonIcon icon={checkmarkCircleOutline} aria-hidden="true" />
              <span>Listo. Ya puede ingresar con su usuario y contraseña.</span>
            </div>
          )}

          <form
            className="login-page__form"
            onSubmit={alEnviar}
            onKeyDown={alPresionarTecla}
            noValidate
            aria-label="Ingreso"
          >
            <IonInput
              className={errorUsuario ? 'ion-invalid ion-touched' : ''}
              label="Usuario"
              labelPlacement="floating"
              fill="outline"
              name="usuario"
              autocomplete="username"
              autocapitalize="off"
              autocorrect={false}
              spellcheck={false}
              enterkeyhint="next"
              value={usuario}
              errorText={errorUsuario}
              disabled={login.isPending}
              onIonInput={(e) => setUsuario(String(e.detail.value ?? ''))}
              data-testid="login-usuario"
            />
            <IonInput
              className={errorPassword ? 'ion-invalid ion-touched' : ''}
              label="Contraseña"
              labelPlacement="floating"
              fill="outline"
              name="password"
              type={verPassword ? 'text' : 'password'}
              autocomplete="current-password"
              autocapitalize="off"
              autocorrect={false}
              spellcheck={false}
              enterkeyhint="go"
              value={password}
              errorText={errorPassword}
              disabled={login.isPending}
              onIonInput={(e) => setPassword(String(e.detail.value ?? ''))}
              data-testid="login-password"
            >
              <IonButton
                slot="end"
                fill="clear"
                shape="round"
                color="medium"
                type="button"
                aria-label={verPassword ? 'Ocultar contraseña' : 'Mostrar contraseña'}
                aria-pressed={verPassword}
                onPointerDown={(e) => e.preventDefault()}
                onClick={() => setVerPassword((v) => !v)}
                data-testid="login-ver-password"
              >
                <IonIcon slot="icon-only" icon={verPassword ? eyeOffOutline : eyeOutline} aria-hidden="true" />
              </IonButton>
            </IonInput>

            <IonButton
              className="login-page__submit"
              type="submit"
              expand="block"
              size="large"
              disabled={login.isPending}
            >
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

          <IonText color="medium" className="login-page__pie">
            <p>Ingrese con el usuario y la contraseña que le dio su empresa.</p>
          </IonText>
        </div>
      </main>
    </IonContent>
  );
}
