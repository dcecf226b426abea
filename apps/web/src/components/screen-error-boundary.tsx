import { MENSAJES } from '@delego/contract';
import { IonButton, IonContent } from '@ionic/react';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { cloudOfflineOutline, warningOutline } from 'ionicons/icons';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ApiError } from '../lib/errors';
import { EstadoPantalla } from './estados-pantalla';
import { PageHeader } from './page-header';

/**
 * True for a screen's code or data that could not be fetched: the server is down or the
 * connection is lost (or, for code, a new version replaced the file). Chromium, Firefox and
 * Safari word a failed `import()` differently; Vite's preloading adds its own.
 */
export function esFalloDeCarga(error: unknown): boolean {
  if (error instanceof ApiError) return error.esSinConexion;
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|importing a module script failed|unable to preload css/i.test(error.message);
}

interface Props {
  children: ReactNode;
  /** Called by 'Reintentar' before the screen renders again (e.g. to import its code again). */
  alReintentar?: () => void;
}

interface State {
  error: unknown;
  fallo: boolean;
}

class LimiteDePantalla extends Component<Props, State> {
  override state: State = { error: null, fallo: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, fallo: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!esFalloDeCarga(error)) console.error('Error al mostrar la pantalla', error, info.componentStack);
  }

  private readonly reintentar = () => {
    this.props.alReintentar?.();
    this.setState({ error: null, fallo: false });
  };

  override render() {
    if (!this.state.fallo) return this.props.children;
    const sinConexion = esFalloDeCarga(this.state.error);
    const reintentar = (
      <IonButton fill="outline" onClick={this.reintentar} data-testid="pantalla-reintentar">
        Reintentar
      </IonButton>
    );
    return (
      <>
        <PageHeader titulo="Delego" />
        <IonContent className="delego-page-content">
          <div className="delego-container" role="alert">
            {sinConexion ? (
              <EstadoPantalla
                icono={cloudOfflineOutline}
                titulo="Sin conexión"
                color="danger"
                testId="pantalla-sin-conexion"
                accion={reintentar}
              >
                {MENSAJES.offline}
              </EstadoPantalla>
            ) : (
              <EstadoPantalla
                icono={warningOutline}
                titulo="No se pudo mostrar esta pantalla"
                color="danger"
                testId="pantalla-error"
                accion={
                  <>
                    {reintentar}
                    <IonButton fill="clear" onClick={() => window.location.reload()}>
                      Volver a cargar Delego
                    </IonButton>
                  </>
                }
              >
                {MENSAJES.errorInesperado}
              </EstadoPantalla>
            )}
          </div>
        </IonContent>
      </>
    );
  }
}

/**
 * Around each screen of the router (app/screen.tsx): a screen whose code or data cannot be
 * loaded shows, inside the content and under the usual toolbar (so the menu stays reachable on
 * phones), the offline message of SPEC §8 with 'Reintentar', which calls `alReintentar` (the
 * router imports the screen's code again), resets failed queries and renders the screen again.
 * Any other failure says so and also offers to reload the app.
 */
export function ScreenErrorBoundary({ children, alReintentar }: Props) {
  const { reset } = useQueryErrorResetBoundary();
  const reintentar = () => {
    alReintentar?.();
    reset();
  };
  return <LimiteDePantalla alReintentar={reintentar}>{children}</LimiteDePantalla>;
}
