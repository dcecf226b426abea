import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precomprimir } from './precomprimir';

/** Where the API server listens during development (`npm run dev`); 127.0.0.1 avoids ::1. */
const API_DESARROLLO = process.env.DELEGO_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // precomprimir: .br and .gz copies of the build, served as they are (apps/server web.plugin.ts).
  plugins: [react(), precomprimir()],
  resolve: {
    alias: {
      // The web build reads the contract's sources directly: it never needs the contract built.
      '@delego/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
    },
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
    sourcemap: true,
    // Ionic's runtime plus the components the app uses is ~575 kB minified (~140 kB gzip) in one
    // cacheable file; the screens themselves are small lazy chunks.
    chunkSizeWarningLimit: 650,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate files stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'ionic', test: /node_modules[\\/](@ionic|ionicons|@stencil|@lit)[\\/]/ },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@remix-run)[\\/]/,
            },
            // Chart.js: only the lazy chart drawing (components/grafico/lienzo.tsx) imports it, so
            // its own chunk keeps it out of what the login screen loads.
            { name: 'graficos', test: /node_modules[\\/](chart\.js|@kurkle)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
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
