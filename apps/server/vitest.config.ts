import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@delego/contract': path.resolve(import.meta.dirname, '../../packages/contract/src/index.ts') };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['test/**/*.test.ts'],
          // One migrated PGlite, dumped once; each file's database starts as its copy.
          globalSetup: ['test/plantilla-pglite.ts'],
          // *.pg.test.ts need a PostgreSQL server (several instances on one database). The PGlite
          // kill -9 tests start their own server on a PGlite folder whatever TEST_DB says: the
          // PostgreSQL pass runs their *.pg twins instead of repeating them.
          // TEST_QUICK=1 (npm run check) also leaves out the slow reliability files.
          exclude: [
            ...(process.env.TEST_DB === 'postgres'
              ? [
                  'test/fiabilidad-kill9.test.ts',
                  'test/fiabilidad-kill9-bandeja.test.ts',
                  'test/maintenance-kill9.test.ts',
                  'test/datos-respaldo-pglite.test.ts',
                ]
              : ['test/**/*.pg.test.ts']),
            ...(process.env.TEST_QUICK
              ? ['test/fiabilidad-*.test.ts', 'test/seguridad-conexiones-lentas.test.ts']
              : []),
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // The files run one after another in one process and share its module graph: the app's
          // modules load once, not once per file (each file still builds its own app and database).
          isolate: false,
        },
      },
    ],
  },
});
