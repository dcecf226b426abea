import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { ionicPerezoso } from './ionic-perezoso';
import { precomprimir } from './precomprimir';

/** Where the API server listens during development (`npm run dev`); 127.0.0.1 avoids ::1. */
const API_DESARROLLO = process.env.DELEGO_API_URL ?? 'http://127.0.0.1:8080';

/** Ionic and what it is built on. */
const IONIC = /node_modules[\\/](@ionic|ionicons|@stencil|@lit)[\\/]/;

/** The installable app (issue 17): manifest, icons and the service worker that precaches the shell. */
const PWA: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'sw',
  filename: 'sw.ts',
  // Registered by app/actualizacion-pwa.tsx after the first screen is drawn (workbox-window).
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  manifest: {
    name: 'Delego',
    short_name: 'Delego',
    description: 'Delegación y seguimiento de órdenes de trabajo, también en el campo y sin conexión.',
    lang: 'es',
    dir: 'ltr',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    // The primary colour of the theme (theme/variables.css) and the app's white background.
    theme_color: '#1d5fb8',
    background_color: '#ffffff',
    categories: ['business', 'productivity'],
    icons: [
      { src: '/iconos/icono-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/iconos/icono-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/iconos/icono-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // globPatterns below already takes every icon into the precache: no second entry for them.
  includeManifestIcons: false,
  injectManifest: {
    // The app shell: every screen's code and style, the page, the icons. Never the .br/.gz copies
    // (the server picks those by Accept-Encoding), the source maps or the API.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    // (The plugin adds the manifest itself.)
    globIgnores: ['sw.js', '**/*.map', 'manifest.webmanifest'],
    // Ionic's chunk is ~1.1 MB minified; the default limit (2 MiB) leaves it in, this keeps room.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  },
};

export default defineConfig({
  // precomprimir: .br and .gz copies of the build, served as they are (apps/server web.plugin.ts).
  // VitePWA: the manifest and the service worker (sw/sw.ts); see docs/APP-DE-CAMPO.md.
  // ionicPerezoso: Ionic components that load when first drawn, not with the login (build only).
  plugins: [ionicPerezoso(), react(), precomprimir(), VitePWA(PWA)],
  resolve: {
    // The web build reads the contract's sources directly: it never needs the contract built.
    // `@delego/contract/ligero` is its Zod-free part, for the first-stage screens.
    alias: [
      {
        find: /^@delego\/contract$/,
        replacement: fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
      },
      {
        find: /^@delego\/contract\/ligero$/,
        replacement: fileURLToPath(new URL('../../packages/contract/src/ligero.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      // REST calls and the live socket (/api/v2/delegoWS) go to the server.
      '/api': { target: API_DESARROLLO, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_DESARROLLO, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each entry and screen loads; the budget test of the
    // first load reads it (src/app/presupuesto-carga.test.ts).
    manifest: true,
    sourcemap: true,
    // The largest file is React DOM (~210 kB minified); Ionic is split by who uses it (below).
    chunkSizeWarningLimit: 650,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate files stay cached across releases.
        // What the first screen needs ('$initial': the entry's static imports) is apart from what
        // only the screens load: the login never downloads the Ionic components of
        // ionic-perezoso.ts nor the libraries of one screen.
        codeSplitting: {
          groups: [
            // Vite's preload helper: the entry uses it to load the full app; alone, it cannot end
            // up inside a chunk of screens (which the first-stage login would then load whole).
            { name: 'precarga', test: /vite[\\/]preload-helper/ },
            // React itself: the first-stage login needs it; the router comes with the full app.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The service worker's registration (app/registro-pwa.ts): loaded by the login too, alone.
            { name: 'workbox-window', test: /node_modules[\\/]workbox-window[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|@remix-run)[\\/]/ },
            // Chart.js: only the lazy chart drawing (components/grafico/lienzo.tsx) imports it, so
            // its own chunk keeps it out of what the login screen loads.
            { name: 'graficos', test: /node_modules[\\/](chart\.js|@kurkle)[\\/]/ },
            // MercadoPago's Brick (mercadopago-tarjeta in MercadoPago mode only): never with another screen.
            { name: 'mercadopago', test: /node_modules[\\/]@mercadopago[\\/]/ },
            { name: 'ionic', test: IONIC, tags: ['$initial'] },
            // entriesAware: split by which chunks load each module. The full app (app-completa,
            // a dynamic import) gets the Ionic it draws; the lazy components of ionic-perezoso.ts
            // and what only one screen uses (e.g. the camera plugin) stay out of Inicio's first load.
            { name: 'ionic-pantallas', test: IONIC, entriesAware: true },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            { name: 'vendor-pantallas', test: /node_modules[\\/]/, entriesAware: true },
          ],
        },
      },
      treeshake: {
        // @ionic/react references every Ionic web component; each `ion-*.js` module only
        // declares its element, so the ones the app never renders can be dropped (~60% of Ionic).
        moduleSideEffects: [{ test: /@ionic[\\/]core[\\/]components[\\/]ion-[a-z-]+\.js$/, sideEffects: false }],
      },
    },
  },
});
