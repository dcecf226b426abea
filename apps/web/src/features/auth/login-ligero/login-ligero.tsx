import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { destinoSeguro, PARAM_VOLVER } from '../../../lib/destino-seguro';
import { enviarLogin, ErrorLogin, TEXTOS_LOGIN } from './enviar-login';
import { dejarIngresoPendiente } from './ingreso-pendiente';
import { PARAM_USUARIO, rutaRecuperarPassword } from './rutas';
import '../../../components/pantalla-ligera.css';
import '../../../components/pantalla-publica.css';
import './login-ligero.css';

interface Props {
  /**
   * Loads the full app at `destino`: once the session is stored, or for an account not confirmed
   * yet (`/login?usuario=`, with the login left pending for LoginPage).
   */
  alIngresar: (destino: string) => void | Promise<void>;
}

/**
 * The first-stage login (issue 17, docs/APP-DE-CAMPO.md «Carga inicial»): the login screen in plain
 * React and CSS, with the look, texts and test ids of features/auth/components/login-page.tsx, so
 * that the first load carries no Ionic, Zod, TanStack Query nor the contract. On success it hands
 * over to the full app (main.tsx) and shows a loading state meanwhile.
 */
export function LoginLigero({ alIngresar }: Props) {
  const params = new URLSearchParams(window.location.search);
  const [usuario, setUsuario] = useState(() => params.get(PARAM_USUARIO) ?? '');
  const [password, setPassword] = useState('');
  const [verPassword, setVerPassword] = useState(false);
  const [intentoEnviar, setIntentoEnviar] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [cargandoApp, setCargandoApp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const refUsuario = useRef<HTMLInputElement>(null);
  const refPassword = useRef<HTMLInputElement>(null);

  const usuarioLimpio = usuario.trim();
  const errorUsuario = intentoEnviar && !usuarioLimpio ? 'Ingrese su usuario' : undefined;
  const errorPassword = intentoEnviar && !password ? 'Ingrese su contraseña' : undefined;
  const ocupado = enviando || cargandoApp;

  async function alEnviar(e: FormEvent) {
    e.preventDefault();
    setIntentoEnviar(true);
    if (!usuarioLimpio) return refUsuario.current?.focus();
    if (!password) return refPassword.current?.focus();
    if (ocupado) return;
    setError(null);
    setEnviando(true);
    try {
      await enviarLogin(usuarioLimpio, password);
    } catch (err) {
      setEnviando(false);
      if (err instanceof ErrorLogin && err.code === 'CUENTA_NO_CONFIRMADA') {
        // LoginPage shows it with 'Reenviar correo': the full app repeats this login on mount.
        dejarIngresoPendiente({ usuario: usuarioLimpio, password });
        await abrirApp(`/login?${new URLSearchParams({ [PARAM_USUARIO]: usuarioLimpio }).toString()}`);
        return;
      }
      setError(err instanceof ErrorLogin ? err.message : TEXTOS_LOGIN.errorInesperado);
      return;
    }
    setPassword('');
    setEnviando(false);
    await abrirApp(destinoSeguro(params.get(PARAM_VOLVER)) ?? '/');
  }

  async function abrirApp(destino: string) {
    setCargandoApp(true);
    try {
      await alIngresar(destino);
    } catch (err) {
      console.error(err);
      setCargandoApp(false);
      setError(TEXTOS_LOGIN.sinServidor);
    }
  }

  if (cargandoApp) {
    return (
      <div
        className="delego-ligera login-ligero login-ligero--cargando"
        role="status"
        aria-live="polite"
        data-testid="login-cargando"
      >
        <span className="login-ligero__spinner login-ligero__spinner--claro" aria-hidden="true" />
        <span>Cargando Delego…</span>
      </div>
    );
  }

  const campo = (
    nombre: 'usuario' | 'password',
    etiqueta: string,
    errorCampo: string | undefined,
    input: ReactNode,
    extra?: ReactNode,
  ) => (
    <div
      className={`login-ligero__campo${errorCampo ? ' login-ligero__campo--error' : ''}`}
      data-testid={`login-${nombre}`}
    >
      <label htmlFor={`${id}-${nombre}`}>{etiqueta}</label>
      <div className="login-ligero__control">
        {input}
        {extra}
      </div>
      {errorCampo && (
        <p className="login-ligero__error-campo" id={`${id}-${nombre}-error`}>
          {errorCampo}
        </p>
      )}
    </div>
  );

  /** What both inputs share: id and name, the busy state, no corrections, and the link to their error. */
  const entrada = (nombre: 'usuario' | 'password', errorCampo: string | undefined) => ({
    id: `${id}-${nombre}`,
    name: nombre,
    disabled: ocupado,
    autoCapitalize: 'off',
    autoCorrect: 'off',
    spellCheck: false,
    'aria-invalid': errorCampo ? true : undefined,
    'aria-describedby': errorCampo ? `${id}-${nombre}-error` : undefined,
  });

  return (
    <div className="delego-ligera login-ligero">
      <main className="pantalla-publica__layout">
        <div className="pantalla-publica__tarjeta" data-testid="login">
          <header className="login-ligero__marca">
            <img src="/favicon.svg" alt="" width={56} height={56} />
            <h1>Delego</h1>
            <p>Delegación y seguimiento de órdenes de trabajo</p>
          </header>

          <form className="login-ligero__form" onSubmit={(e) => void alEnviar(e)} noValidate aria-label="Ingreso">
            {campo(
              'usuario',
              'Usuario',
              errorUsuario,
              <input
                ref={refUsuario}
                {...entrada('usuario', errorUsuario)}
                value={usuario}
                onChange={(e) => setUsuario(e.target.value)}
                autoComplete="username"
                enterKeyHint="next"
              />,
            )}
            {campo(
              'password',
              'Contraseña',
              errorPassword,
              <input
                ref={refPassword}
                {...entrada('password', errorPassword)}
                type={verPassword ? 'text' : 'password'}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
                enterKeyHint="go"
              />,
              <button
                type="button"
                className="login-ligero__ver"
                onClick={() => setVerPassword((v) => !v)}
                aria-label={verPassword ? 'Ocultar contraseña' : 'Mostrar contraseña'}
                aria-pressed={verPassword}
                data-testid="login-ver-password"
              >
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                  <path
                    d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinejoin="round"
                  />
                  <circle cx="12" cy="12" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
                  {verPassword && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />}
                </svg>
              </button>,
            )}

            <button className="login-ligero__boton login-ligero__submit" type="submit" disabled={ocupado}>
              {enviando ? (
                <>
                  <span className="login-ligero__spinner" aria-hidden="true" />
                  Ingresando…
                </>
              ) : (
                'Ingresar'
              )}
            </button>
          </form>

          <a className="login-ligero__olvido" href={rutaRecuperarPassword(usuarioLimpio)} data-testid="login-recuperar">
            ¿Olvidó su contraseña?
          </a>

          <p className="login-ligero__pie">Ingrese con el usuario y la contraseña que le dio su empresa.</p>

          <div className="login-ligero__registro">
            <p>¿Su empresa todavía no usa Delego?</p>
            <a
              className="login-ligero__boton login-ligero__boton--contorno"
              href="/registro-usuario"
              data-testid="login-registrarse"
            >
              Crear una cuenta
            </a>
          </div>
        </div>
      </main>
      {error && (
        <Alerta
          mensaje={error}
          alCerrar={() => {
            setError(null);
            refPassword.current?.focus();
          }}
        />
      )}
    </div>
  );
}

/**
 * SPEC §8's generic error: an alert titled 'Atención' with an OK button, as the full app's
 * (app/errores-globales, an ion-alert), modal: focus on OK, Escape or OK close it.
 */
function Alerta({ mensaje, alCerrar }: { mensaje: string; alCerrar: () => void }) {
  const id = useId();
  const refOk = useRef<HTMLButtonElement>(null);
  useEffect(() => refOk.current?.focus(), []);
  return (
    <div className="login-ligero__fondo-alerta">
      <div
        className="login-ligero__alerta"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-titulo`}
        aria-describedby={`${id}-mensaje`}
        data-testid="login-alerta"
        onKeyDown={(e) => {
          if (e.key === 'Escape' || e.key === 'Tab') e.preventDefault();
          if (e.key === 'Escape') alCerrar();
        }}
      >
        <h2 id={`${id}-titulo`}>Atención</h2>
        <p id={`${id}-mensaje`}>{mensaje}</p>
        <div className="login-ligero__alerta-botones">
          <button ref={refOk} type="button" onClick={alCerrar}>
            OK
          </button>
        </div>
      </div>
    </div>
  );
}
