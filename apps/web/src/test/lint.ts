/**
 * The lines where one of the repository's own ESLint rules reports a problem in a piece of web code,
 * linted as `npm run lint` lints apps/web (the rule tests of apps/web/eslint).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** A virtual file inside a feature, so the web's rules apply to it. */
const ARCHIVO = path.join(RAIZ, 'apps/web/src/features/ejemplo/ejemplo.tsx');

let eslint: ESLint | undefined;

export async function lineasReportadas(regla: string, codigo: string): Promise<number[]> {
  // The file is virtual (lintText): no tsconfig knows it, so the type-aware rules are left out.
  eslint ??= new ESLint({
    cwd: RAIZ,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off' },
    },
  });
  const [resultado] = await eslint.lintText(codigo, { filePath: ARCHIVO });
  return (resultado?.messages ?? []).filter((m) => m.ruleId === regla).map((m) => m.line);
}
