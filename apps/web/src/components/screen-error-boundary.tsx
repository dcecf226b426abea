import { IonButton, IonContent } from '@ionic/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  fallo: boolean;
}

/**
 * Catches a screen that fails to load or render (typically a new version deployed while the app
 * was open, so the old screen file is gone) and offers to reload instead of a blank page.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { fallo: false };

  static getDerivedStateFromError(): State {
    return { fallo: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Error al mostrar la pantalla', error, info.componentStack);
  }

  override render() {
    if (!this.state.fallo) return this.props.children;
    return (
      <IonContent className="ion-padding delego-page-content">
        <div className="delego-container ion-text-center" role="alert">
          <h2>No se pudo mostrar esta pantalla</h2>
          <p>Puede deberse a una actualización de Delego o a un problema de conexión.</p>
          <IonButton onClick={() => window.location.reload()}>Volver a cargar</IonButton>
        </div>
      </IonContent>
    );
  }
}
