import { describe, expect, it } from 'vitest';
import { lineasReportadas } from '../test/lint';

async function problemas(jsx: string): Promise<number[]> {
  const codigo = `import { IonButton, IonChip, IonInput, IonItem } from '@ionic/react';\nexport function Ejemplo({ f }: { f: () => void }) {\n  return (<>${jsx}</>);\n}\n`;
  return lineasReportadas('delego/eventos-en-ionic', codigo);
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
