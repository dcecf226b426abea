/**
 * ESLint rule `delego/eventos-en-ionic`: no DOM event prop of two or more words (onPointerDown,
 * onKeyDown, onMouseEnter…) on the Ionic elements that can navigate (IonButton, IonItem, IonCard…).
 *
 * Why: @ionic/react builds those seven elements with its own wrapper, which on every mount and update
 * asks whether React handles each `on…` prop by setting an attribute `on` + the name with only its
 * first letter lowered (`onpointerDown`) on a scratch element. HTML lowers attribute names, so that is
 * the real inline handler attribute `onpointerdown`, and the app's Content-Security-Policy (no inline
 * handlers, docs/adr/0006) refuses it and reports it in the console of every visitor. React still
 * handles the event; the report is the whole harm, and it hides real errors.
 *
 * The fix the rule asks for: a native listener on the element's ref (`addEventListener` in an
 * effect, as CampoPassword does in src/components/campos.tsx), or the prop on a plain element
 * around it. One-word events (onClick, onFocus) and Ionic's own (onIonFocus) are fine.
 */

/** The components @ionic/react makes with createRoutingComponent (v8), and their tags. */
const ELEMENTOS = new Set([
  'IonBreadcrumb',
  'IonButton',
  'IonCard',
  'IonFabButton',
  'IonItem',
  'IonItemOption',
  'IonRouterLink',
]);

/** A DOM event prop of two or more words; Ionic's own events (onIon…) are not DOM attributes. */
const EVENTO_COMPUESTO = /^on(?!Ion[A-Z])[A-Z][a-z]+[A-Z]/;

/** @type {import('eslint').Rule.RuleModule} */
export const eventosEnIonic = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Prohíbe eventos de dos palabras (onPointerDown…) en los elementos de Ionic que navegan: su sondeo infringe la CSP.',
    },
    schema: [],
    messages: {
      evento:
        '{{elemento}} sondea {{prop}} con un atributo on… en línea que la CSP rechaza (docs/adr/0006): escuche el evento con addEventListener sobre la ref del elemento, o ponga la prop en un elemento común que lo envuelva.',
    },
  },
  create(context) {
    return {
      JSXOpeningElement(nodo) {
        if (nodo.name.type !== 'JSXIdentifier' || !ELEMENTOS.has(nodo.name.name)) return;
        for (const a of nodo.attributes) {
          if (a.type !== 'JSXAttribute' || a.name.type !== 'JSXIdentifier') continue;
          if (EVENTO_COMPUESTO.test(a.name.name)) {
            context.report({ node: a, messageId: 'evento', data: { elemento: nodo.name.name, prop: a.name.name } });
          }
        }
      },
    };
  },
};
