import { setupIonicReact } from '@ionic/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { IONIC_CONFIG } from './app/ionic-config';
import { crearQueryClient } from './app/query-client';
import { borrarCacheCompleta } from './lib/cache-persistente';
import { limpiezaPrimerUso } from './lib/session';

/* Ionic's CSS: core, then the optional utilities the screens use. */
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/flex-utils.css';
import '@ionic/react/css/display.css';
import '@ionic/react/css/text-alignment.css';
import './theme/variables.css';
import './theme/global.css';

// SPEC §9: wipe what older clients left in localStorage, once, before anything reads it.
// The answers kept in IndexedDB (lib/cache-persistente.ts) go with it.
if (limpiezaPrimerUso()) void borrarCacheCompleta();
setupIonicReact(IONIC_CONFIG);

const raiz = document.getElementById('root');
if (!raiz) throw new Error('Falta el elemento #root en index.html');

createRoot(raiz).render(
  <StrictMode>
    <App queryClient={crearQueryClient()} />
  </StrictMode>,
);
