import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { COMPONENTES_PEREZOSOS, MODULO_PRECARGA, reescribirIonicReact } from '../../ionic-perezoso';

/** @ionic/react's module as the build sees it (the installed version). */
const ionicReact = readFileSync(createRequire(import.meta.url).resolve('@ionic/react'), 'utf8');

const estatica = (modulo: string) => new RegExp(`from '@ionic/core/components/${modulo}\\.js'`);
const perezosa = (modulo: string) => `import('@ionic/core/components/${modulo}.js')`;

describe('ionic-perezoso (issue 17: the first-load budget)', () => {
  const reescrito = reescribirIonicReact(ionicReact, COMPONENTES_PEREZOSOS);

  it('turns every listed component into an import on first use', () => {
    for (const modulo of ['ion-datetime', 'ion-datetime-button', 'ion-textarea', 'ion-segment', 'ion-checkbox']) {
      expect(ionicReact).toMatch(estatica(modulo));
      expect(reescrito).not.toMatch(estatica(modulo));
      expect(reescrito).toContain(perezosa(modulo));
    }
    expect(reescrito.match(/__delegoPerezoso\(\(\) => import\(/g)).toHaveLength(COMPONENTES_PEREZOSOS.length);
    // Each one registers with the loader the app calls once someone is logged in.
    expect(reescrito.startsWith(`import { registrarCarga as __delegoRegistrarCarga, precargarIonic`)).toBe(true);
    expect(reescrito).toContain(`from '${MODULO_PRECARGA}'`);
  });

  it('keeps what the shell and the login draw as they are', () => {
    for (const modulo of ['ion-input', 'ion-menu', 'ion-toast', 'ion-searchbar', 'ion-refresher', 'ion-select']) {
      expect(reescrito).toMatch(estatica(modulo));
      expect(reescrito).not.toContain(perezosa(modulo));
    }
  });

  it('keeps the events and the element class of a rewritten wrapper', () => {
    const envoltorio = reescrito.slice(
      reescrito.indexOf('const IonDatetime ='),
      reescrito.indexOf('const IonDatetimeButton'),
    );
    expect(envoltorio).toContain("tagName: 'ion-datetime'");
    expect(envoltorio).toContain("onIonChange: 'ionChange'");
    expect(envoltorio).toContain('elementClass: m.IonDatetime');
    expect(envoltorio).toContain('defineCustomElement: m.defineCustomElement');
  });

  it('fails the build, naming the component, when @ionic/react does not look as expected', () => {
    expect(() => reescribirIonicReact(ionicReact, ['IonNoExiste'])).toThrow(/IonNoExiste/);
    // IonButton is a routing wrapper, not a plain one: it cannot be made lazy.
    expect(() => reescribirIonicReact(ionicReact, ['IonButton'])).toThrow(/IonButton/);
  });
});
