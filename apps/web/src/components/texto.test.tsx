import { getConfig, IonButtons, IonLabel } from '@ionic/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Texto } from './texto';

const PAYLOAD = '<img src=x onerror="window.__xss=1">';

/** The browser's own textContent: Ionic's patched getter only counts nodes it has placed in a slot. */
const textoDe = (el: Element | null) => Object.getOwnPropertyDescriptor(Node.prototype, 'textContent')?.get?.call(el);

describe('Texto: user text inside Ionic elements that parse textContent as HTML', () => {
  it('the hazard it guards against is still there: a string as the only child of IonLabel becomes HTML', () => {
    // When this fails, Ionic stopped parsing textContent as HTML: <Texto> and the lint rule
    // delego/texto-en-ionic could then go (see apps/web/eslint/texto-en-ionic.js).
    // eslint-disable-next-line delego/texto-en-ionic -- the unsafe shape, on purpose
    const { container } = render(<IonLabel>{PAYLOAD}</IonLabel>);
    expect(container.querySelector('ion-label img')).not.toBeNull();
  });

  it('inside <Texto> the same text is shown literally and creates no element', () => {
    const { container } = render(
      <IonLabel data-testid="etiqueta">
        <Texto>{PAYLOAD}</Texto>
      </IonLabel>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(textoDe(screen.getByTestId('etiqueta'))).toBe(PAYLOAD);
  });

  it('keeps the text literal when it changes after the first render', () => {
    const { container, rerender } = render(
      <IonLabel>
        <Texto>Bombas</Texto>
      </IonLabel>,
    );
    rerender(
      <IonLabel>
        <Texto>{PAYLOAD}</Texto>
      </IonLabel>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(textoDe(container.querySelector('ion-label'))).toBe(PAYLOAD);
  });

  it('text beside other children and a fragment around passed-through children are inserted as nodes', () => {
    const texto: string = PAYLOAD;
    const { container } = render(
      <>
        <IonLabel>Cliente: {texto}</IonLabel>
        <IonButtons>
          <>{texto}</>
        </IonButtons>
      </>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(textoDe(container.querySelector('ion-label'))).toBe(`Cliente: ${PAYLOAD}`);
    expect(textoDe(container.querySelector('ion-buttons'))).toBe(PAYLOAD);
  });

  it('Ionic is set up with innerHTMLTemplatesEnabled off (alert and toast messages are text)', () => {
    expect(getConfig()?.get('innerHTMLTemplatesEnabled')).toBe(false);
  });
});
