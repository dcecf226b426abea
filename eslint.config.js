import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import delego from './apps/web/eslint/texto-en-ionic.js';

// Import boundaries (docs/CONVENTIONS.md, "Límites entre módulos"). They are no-restricted-imports
// patterns on the import text, so they only know relative imports: that is all the code uses.
const FEATURES = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .join('|');

/** Another feature's insides: `../../orders/keys`, `../../../auth/api/login` (its index.ts is fine). */
const featureInsides = (except = '') => ({
  regex: `^(\\.\\./)+(${FEATURES})/(?!index(\\.tsx?)?$${except}).+`,
  message:
    'Otra feature se usa solo por su index.ts (su API pública): importe de la carpeta de la feature y, si falta, exporte allí lo necesario.',
});
const noFeatures = {
  regex: '^(\\.\\./)+features(/|$)',
  message: 'lib/ y components/ son compartidos: no dependen de ninguna feature.',
};
/** src/domain (the order, the plan as several features see them) sits below the features and above lib/. */
const domainInsides = {
  regex: '^(\\.\\./)+domain/[^/]+/(?!index(\\.tsx?)?$).+',
  message:
    'Una pieza de src/domain se usa por su index.ts: importe de la carpeta y, si falta, exporte allí lo necesario.',
};
const noDomain = {
  regex: '^(\\.\\./)+domain(/|$)',
  message: 'lib/ y components/ están debajo de src/domain: no dependen de él.',
};
const domainUp = {
  regex: '^(\\.\\./)+(features|app)(/|$)',
  message: 'src/domain está debajo de las features y de app/: no las importa (haría ciclos).',
};
const restrict = (...patterns) => ['error', { patterns }];
/**
 * Another server module is used only through its index.ts (its factory, its port, its named SQL
 * fragments); repositories and tables may also name another module's tables (foreign keys, read JOINs).
 */
const otroModuloPorDentro = (permitir = '') => ({
  regex: `^\\.\\./[a-z-]+/(?!index\\.js$${permitir}).+`,
  message:
    'Otro módulo se usa solo por su index.ts (su fábrica y su puerto): importe de «../<módulo>/index.js» y, si falta, expórtelo allí.',
});
/** The kernel and lib/ sit below every module: they never import one. */
const noModules = {
  regex: '^(\\.\\./)+modules(/|$)',
  message:
    'kernel/ y lib/ están debajo de los módulos: no importan ninguno (el módulo recibe lo que necesita del núcleo).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.data-*/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
      // The native projects (Capacitor, issue 17): generated, with a copy of dist inside.
      'apps/web/android/**',
      'apps/web/ios/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    // Type-aware rules: each file is checked with the tsconfig.json of its workspace.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['playwright.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A promise nobody awaits loses its error: await it, return it, or mark it `void` when it is
      // fire-and-forget on purpose (a React Query invalidation, a log flush).
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, delego },
    rules: {
      // Text as the only child of ion-label & co. is parsed as HTML: see apps/web/eslint/texto-en-ionic.js.
      'delego/texto-en-ionic': 'error',
      // A two-word event prop on IonButton & co. makes Ionic break the CSP: see apps/web/eslint/eventos-en-ionic.js.
      'delego/eventos-en-ionic': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(featureInsides(), domainInsides) },
  },
  {
    // A test may borrow another feature's fake server (`test-utils`).
    files: ['apps/web/src/features/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(featureInsides('|test-utils$'), domainInsides) },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(noFeatures, noDomain) },
  },
  {
    files: ['apps/web/src/domain/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(domainUp) },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(otroModuloPorDentro()) },
  },
  {
    files: ['apps/server/src/kernel/**/*.ts', 'apps/server/src/lib/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(noModules) },
  },
  {
    files: ['apps/server/src/modules/**/*.{repository,tables}.ts'],
    rules: { 'no-restricted-imports': restrict(otroModuloPorDentro('|[a-z-]+\\.tables\\.js$')) },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/main.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Lea la configuración desde config.ts.' },
      ],
    },
  },
  {
    // No import cycle between files (issue 29), besides the cycles between modules that
    // scripts/ciclos.mjs rejects: a cycle makes the order of evaluation decide what is undefined.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The files an import lands in are TypeScript too: parsed as such, or no cycle is seen.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contract/tsconfig.json'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
