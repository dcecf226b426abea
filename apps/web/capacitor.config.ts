import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native shell (issue 17; docs/APP-DE-CAMPO.md, «App nativa»).
 *
 * The app inside the shell is the same web app the company's Delego server serves: the WebView
 * opens DELEGO_SERVER_URL, so the API, the live socket, the files and the service worker (the
 * offline app shell and its cache) are all on one origin, as in a browser, with no CORS and no
 * second build. The server address is fixed when the native project is synced:
 *
 *   DELEGO_SERVER_URL=https://delego.empresa.com npx cap sync
 *
 * `webDir` (the local copy of dist) still goes into the app: it holds the page shown when the
 * server cannot be reached on a first start, before the service worker has the app.
 */

/** Hosts that may be reached over plain HTTP, for development only (the Android emulator's 10.0.2.2). */
const DESARROLLO_HTTP = /^(localhost|127\.0\.0\.1|10\.0\.2\.2|10(\.\d{1,3}){3}|192\.168(\.\d{1,3}){2})$/;

export function servidorDeLaApp(valor: string | undefined): URL {
  if (!valor) {
    throw new Error(
      'Falta DELEGO_SERVER_URL: la dirección del servidor de Delego que abre la app ' +
        '(por ejemplo DELEGO_SERVER_URL=https://delego.empresa.com npx cap sync). Ver docs/APP-DE-CAMPO.md.',
    );
  }
  let url: URL;
  try {
    url = new URL(valor);
  } catch {
    throw new Error(`DELEGO_SERVER_URL no es una dirección válida: ${valor}`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && DESARROLLO_HTTP.test(url.hostname))) {
    throw new Error(
      `DELEGO_SERVER_URL debe usar HTTPS (HTTP solo para un servidor de desarrollo en la red local): ${valor}`,
    );
  }
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new Error(`DELEGO_SERVER_URL es solo el origen del servidor, sin ruta ni parámetros: ${valor}`);
  }
  return url;
}

const servidor = servidorDeLaApp(process.env.DELEGO_SERVER_URL);

const config: CapacitorConfig = {
  appId: 'ar.delego.app',
  appName: 'Delego',
  webDir: 'dist',
  server: {
    url: servidor.origin,
    // Plain HTTP only reaches a development server (checked above).
    cleartext: servidor.protocol === 'http:',
    // apps/web/public/sin-conexion-nativa.html, inside the app.
    errorPath: 'sin-conexion-nativa.html',
  },
  android: {
    // Nothing over HTTP inside an HTTPS page.
    allowMixedContent: false,
  },
  ios: {
    // The service worker (offline shell) runs in WKWebView only for app-bound domains: the
    // server's host goes in WKAppBoundDomains in ios/App/App/Info.plist (docs/APP-DE-CAMPO.md).
    limitsNavigationsToAppBoundDomains: true,
  },
  plugins: {
    PushNotifications: {
      // A notification that arrives while the app is open shows as a banner too.
      presentationOptions: ['badge', 'sound', 'alert'],
    },
  },
};

export default config;
