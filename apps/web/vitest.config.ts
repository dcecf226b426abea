import { defaultClientConditions } from 'vite';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    // jsdom stands for a browser: resolve packages' browser builds. (@lit/react's Node build,
    // used by Ionic's React wrappers, is for server rendering and never sets the properties of
    // Ionic's elements.)
    resolve: { conditions: [...defaultClientConditions] },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      server: {
        // Let Vite transform Ionic and its React wrappers (ESM, browser conditions).
        deps: {
          inline: [
            '@ionic/react',
            '@ionic/react-router',
            '@ionic/core',
            'ionicons',
            '@stencil/react-output-target',
            '@lit/react',
          ],
        },
      },
    },
  }),
);
