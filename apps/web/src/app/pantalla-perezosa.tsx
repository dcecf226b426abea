import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

interface ModuloPantalla {
  default: ComponentType;
}

/** One per lazy screen: forgets a failed load, so the next render imports the code again. */
const olvidarFallos = new Set<() => void>();

/**
 * 'Reintentar' of a screen that could not be loaded (app/screen.tsx): every lazy screen whose
 * code failed to load imports it again the next time it renders.
 */
export function reintentarPantallasFallidas(): void {
  for (const olvidar of olvidarFallos) olvidar();
}

/**
 * A screen whose code loads on first use, like `React.lazy`, except that a failed load (server
 * down, connection lost) can be retried: `React.lazy` keeps the rejection forever, so the screen
 * could only come back by reloading the whole app (which, with the server down, loses the app).
 * The failure is kept until `reintentarPantallasFallidas`, so it reaches the error boundary
 * (forgetting it at once would make React import again instead of showing the error).
 */
export function pantallaPerezosa(cargar: () => Promise<ModuloPantalla>): ComponentType {
  let perezosa: LazyExoticComponent<ComponentType>;
  let fallo = false;
  const nueva = () => {
    fallo = false;
    perezosa = lazy(() =>
      cargar().catch((error: unknown) => {
        fallo = true;
        throw error;
      }),
    );
  };
  nueva();
  olvidarFallos.add(() => {
    if (fallo) nueva();
  });
  function PantallaPerezosa() {
    // After a retry this is another lazy component: React mounts it afresh and imports again.
    const Pantalla = perezosa;
    return <Pantalla />;
  }
  return PantallaPerezosa;
}
