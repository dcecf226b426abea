import { defaultClientConditions } from 'vite';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * Test files that replace modules with `vi.mock`: a mock only takes effect in a fresh module graph,
 * so these run isolated (a file missing here fails loudly: the real module answers its calls).
 */
const CON_MOCKS_DE_MODULOS = ['src/app/live.test.tsx'];

/**
 * Node 25 and later have a `localStorage` of their own (Web Storage, without a file: unusable),
 * which hides jsdom's. The workers run without it; Node 20 has no such flag.
 */
const SIN_WEBSTORAGE_DE_NODE =
  Number(process.versions.node.split('.')[0]) >= 22 ? ['--no-experimental-webstorage'] : [];

export default mergeConfig(
  viteConfig,
  defineConfig({
    // jsdom stands for a browser: resolve packages' browser builds. (@lit/react's Node build,
    // used by Ionic's React wrappers, is for server rendering and never sets the properties of
    // Ionic's elements.)
    resolve: { conditions: [...defaultClientConditions] },
    test: {
      css: false,
      execArgv: SIN_WEBSTORAGE_DE_NODE,
      // A screen's first test also pays the import of its page (Ionic's components, transformed on
      // demand): ~1 s on an idle machine, past the default 5 s on a loaded CI machine (seen with a
      // load of 12 on 2 cores). A test that hangs still fails, after 15 s.
      testTimeout: 15_000,
      // Two kinds of test file (docs/CONVENTIONS.md): screens, hooks and browser code
      // (`*.test.tsx`, `*.dom.test.ts`) run in jsdom with the fake server and Ionic set up; plain
      // logic (`*.test.ts`) runs in Node without them, which saves the ~3 s a DOM file spends
      // setting up before its first test.
      projects: [
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            setupFiles: ['./src/test/setup.ts'],
            include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
            exclude: CON_MOCKS_DE_MODULOS,
            // The files of a worker share one jsdom and one module graph (Ionic and React load
            // once per worker, not once per file); setup.ts resets what a test can leave behind.
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: 'dom-aislado',
            environment: 'jsdom',
            setupFiles: ['./src/test/setup.ts'],
            include: CON_MOCKS_DE_MODULOS,
          },
        },
        {
          extends: true,
          test: {
            name: 'logica',
            environment: 'node',
            // Pure functions, no module mocks: one module graph for all the files.
            isolate: false,
            include: ['src/**/*.test.ts'],
            exclude: ['src/**/*.dom.test.ts'],
          },
        },
      ],
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
