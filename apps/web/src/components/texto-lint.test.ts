import { describe, expect, it } from 'vitest';
import { lineasReportadas } from '../test/lint';

async function problemas(jsx: string): Promise<number[]> {
  const codigo = `import { IonButtons, IonLabel } from '@ionic/react';\nimport { Texto } from '../../components/texto';\nexport function Ejemplo({ nombre, lista, children }: { nombre: string; lista: string[]; children?: React.ReactNode }) {\n  return (<>${jsx}</>);\n}\n`;
  return lineasReportadas('delego/texto-en-ionic', codigo);
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
