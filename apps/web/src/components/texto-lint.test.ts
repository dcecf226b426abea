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
  const codigo = `import { IonButtons, IonLabel } from '@ionic/react';\nimport { Texto } from '../../components/texto';\nexport function Ejemplo({ nombre, lista, children }: { nombre: string; lista: string[]; children?: React.ReactNode }) {\n  return (<>${jsx}</>);\n}\n`;
  const [resultado] = await eslint.lintText(codigo, { filePath: ARCHIVO });
  return (resultado?.messages ?? []).filter((m) => m.ruleId === 'delego/texto-en-ionic').map((m) => m.line);
}

describe('lint rule delego/texto-en-ionic', () => {
  it.each([
    ['a name as the only child', '<IonLabel>{nombre}</IonLabel>'],
    ['a template string', '<IonLabel className="x">{`Cliente ${nombre}`}</IonLabel>'],
    ['a condition that can give text', '<IonLabel>{nombre ? nombre : <b />}</IonLabel>'],
    ['children passed through', '<IonButtons slot="end">{children}</IonButtons>'],
    ['the children attribute', '<IonLabel children={nombre} />'],
    ['the tag written as an element', '<ion-label>{nombre}</ion-label>'],
  ])(
    'reports %s',
    async (_caso, jsx) => {
      expect(await problemas(jsx)).toEqual([4]);
    },
    30_000,
  );

  it.each([
    ['text wrapped in <Texto>', '<IonLabel><Texto>{nombre}</Texto></IonLabel>'],
    ['text beside other text', '<IonLabel>Cliente: {nombre}</IonLabel>'],
    ['fixed text', '<IonLabel>Abiertas</IonLabel>'],
    ['a fragment around passed-through children', '<IonButtons slot="end"><>{children}</></IonButtons>'],
    ['a list of items', '<IonLabel>{lista.map((x) => <Texto key={x}>{x}</Texto>)}</IonLabel>'],
    ['an element only when a condition holds', '<IonLabel>{nombre && <Texto>{nombre}</Texto>}</IonLabel>'],
  ])(
    'accepts %s',
    async (_caso, jsx) => {
      expect(await problemas(jsx)).toEqual([]);
    },
    30_000,
  );
});
