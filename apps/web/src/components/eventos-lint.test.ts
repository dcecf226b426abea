import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The repository's own ESLint configuration, as `npm run lint` applies it to the web app. */
const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const ARCHIVO = path.join(RAIZ, 'apps/web/src/features/ejemplo/ejemplo.tsx');

let eslint: ESLint;
beforeAll(() => {
  // The file is virtual (lintText): no tsconfig knows it, so the type-aware rules are left out.
  eslint = new ESLint({
    cwd: RAIZ,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off' },
    },
  });
});

async function problemas(jsx: string): Promise<number[]> {
  const codigo = `import { IonButton, IonChip, IonInput, IonItem } from '@ionic/react';\nexport function Ejemplo({ f }: { f: () => void }) {\n  return (<>${jsx}</>);\n}\n`;
  const [resultado] = await eslint.lintText(codigo, { filePath: ARCHIVO });
  return (resultado?.messages ?? []).filter((m) => m.ruleId === 'delego/eventos-en-ionic').map((m) => m.line);
}

describe('lint rule delego/eventos-en-ionic', () => {
  it.each([
    ['a pointer event on a button', '<IonButton onPointerDown={f}>Ver</IonButton>'],
    ['a key event on an item', '<IonItem onKeyDown={f} />'],
    ['a three-word event', '<IonItem onMouseEnterCapture={f} />'],
  ])(
    'reports %s',
    async (_caso, jsx) => {
      expect(await problemas(jsx)).toEqual([3]);
    },
    30_000,
  );

  it.each([
    ['a one-word event', '<IonButton onClick={f} onFocus={f}>Ver</IonButton>'],
    ["Ionic's own events", '<IonButton onIonFocus={f} onIonBlur={f}>Ver</IonButton>'],
    ['elements Ionic builds with the output target', '<><IonChip onKeyDown={f} /><IonInput onKeyDown={f} /></>'],
    ['a plain element around the button', '<span onPointerDown={f}><IonButton>Ver</IonButton></span>'],
  ])(
    'accepts %s',
    async (_caso, jsx) => {
      expect(await problemas(jsx)).toEqual([]);
    },
    30_000,
  );
});
