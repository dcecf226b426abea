/**
 * The full app (Ionic, the router, TanStack Query, every screen), loaded by main.tsx on demand:
 * at once for any start but the login, after the first-stage login otherwise (issue 17,
 * docs/APP-DE-CAMPO.md «Carga inicial»).
 */
import { setupIonicReact } from '@ionic/react';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { refrescarSesion } from '../features/auth';
import { leerSesion } from '../lib/session';
import { App } from './app';
import { IONIC_CONFIG } from './ionic-config';
import { crearQueryClient } from './query-client';
import { sembrarInicio, type SemillaInicio } from './semilla-inicio';

/* Ionic's CSS: core, then the optional utilities the screens use. */
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/flex-utils.css';
import '@ionic/react/css/display.css';
import '@ionic/react/css/text-alignment.css';
import '../theme/variables.css';
import '../theme/global.css';

/** `inicio`: the list the first-stage Inicio already read, if the full app comes from it. */
export function montarAppCompleta(raiz: Root, inicio?: SemillaInicio): void {
  setupIonicReact(IONIC_CONFIG);
  const queryClient = crearQueryClient();
  if (inicio) sembrarInicio(queryClient, inicio);
  // The stored user is the one of the last login: names, email, logo or permissions changed since
  // (on another device, or by an administrator while the app was closed) show only once it is
  // read again. Offline, or on any failure but refused credentials, the stored one stays.
  if (leerSesion()) void refrescarSesion();
  raiz.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
