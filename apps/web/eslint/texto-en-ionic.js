/**
 * ESLint rule `delego/texto-en-ionic`: no text expression as the only child of an Ionic element
 * whose `textContent` Ionic turns into HTML.
 *
 * Why: Stencil (Ionic's runtime) patches, on every Ionic element that is not shadow DOM and has a
 * slot (ion-label, ion-buttons, ion-header, ion-footer, ion-input, ion-input-otp, ion-textarea,
 * ion-radio-group in @ionic/core 9.0), the `textContent` setter and `insertAdjacentText` so that
 * they call `insertAdjacentHTML`: the text is parsed as HTML. React sets `textContent` when an
 * element's only child is a string or a number, so `<IonLabel>{cliente.nombre}</IonLabel>` runs
 * `<img src=x onerror=...>` stored in a name. Several children (`Cliente: {nombre}`) or an element
 * child (`<Texto>{nombre}</Texto>`, a span) are inserted as nodes, which is safe.
 *
 * The fix the rule asks for: wrap the text in `<Texto>` (apps/web/src/components/texto.tsx); to pass
 * elements through (`{children}`), a fragment `<>{children}</>`: React inserts its items as nodes.
 */

import { eventosEnIonic } from './eventos-en-ionic.js';

/** React components of @ionic/react and the tags they render, with the patched `textContent`. */
const ELEMENTOS = new Set([
  'IonLabel',
  'IonButtons',
  'IonHeader',
  'IonFooter',
  'IonInput',
  'IonInputOtp',
  'IonTextarea',
  'IonRadioGroup',
  'ion-label',
  'ion-buttons',
  'ion-header',
  'ion-footer',
  'ion-input',
  'ion-input-otp',
  'ion-textarea',
  'ion-radio-group',
]);

function nombreDe(nodo) {
  if (nodo.type === 'JSXIdentifier') return nodo.name;
  if (nodo.type === 'JSXNamespacedName') return `${nodo.namespace.name}:${nodo.name.name}`;
  return null;
}

/** Whether an expression can evaluate to a string or a number (anything but elements, arrays, null, booleans). */
function puedeSerTexto(expr) {
  switch (expr.type) {
    case 'JSXElement':
    case 'JSXFragment':
    case 'ArrayExpression':
      return false;
    case 'Literal':
      return typeof expr.value === 'string' || typeof expr.value === 'number' || typeof expr.value === 'bigint';
    case 'Identifier':
      return expr.name !== 'undefined';
    case 'ConditionalExpression':
      return puedeSerTexto(expr.consequent) || puedeSerTexto(expr.alternate);
    case 'LogicalExpression':
      // `x && <A/>`: a falsy `x` ('' or 0) sets at most "" or "0", which is harmless.
      return expr.operator === '&&' ? puedeSerTexto(expr.right) : puedeSerTexto(expr.left) || puedeSerTexto(expr.right);
    case 'CallExpression':
      // `lista.map(...)` gives an array: React inserts each item as a node.
      return !(expr.callee.type === 'MemberExpression' && !expr.callee.computed && expr.callee.property.name === 'map');
    case 'TSAsExpression':
    case 'TSNonNullExpression':
    case 'TSSatisfiesExpression':
      return puedeSerTexto(expr.expression);
    default:
      return true;
  }
}

/** The children that React will render: whitespace-only text and `{/* comments *\/}` do not count. */
function hijosReales(children) {
  return children.filter((hijo) => {
    if (hijo.type === 'JSXText') return hijo.value.trim() !== '';
    if (hijo.type === 'JSXExpressionContainer') return hijo.expression.type !== 'JSXEmptyExpression';
    return true;
  });
}

/** @type {import('eslint').Rule.RuleModule} */
export const textoEnIonic = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Prohíbe un texto dinámico como único hijo de los elementos de Ionic que lo insertan como HTML (XSS).',
    },
    schema: [],
    messages: {
      texto:
        '{{elemento}} inserta como HTML el texto que es su único hijo (Stencil parchea textContent): envuelva el texto en <Texto> (src/components/texto.tsx); si son elementos, en un fragmento <>…</>.',
    },
  },
  create(context) {
    return {
      JSXElement(nodo) {
        const elemento = nombreDe(nodo.openingElement.name);
        if (!elemento || !ELEMENTOS.has(elemento)) return;
        const atributoChildren = nodo.openingElement.attributes.find(
          (a) => a.type === 'JSXAttribute' && a.name.name === 'children',
        );
        if (atributoChildren?.value) {
          const valor = atributoChildren.value;
          const riesgo =
            valor.type === 'Literal' || (valor.type === 'JSXExpressionContainer' && puedeSerTexto(valor.expression));
          if (riesgo) context.report({ node: atributoChildren, messageId: 'texto', data: { elemento } });
        }
        const hijos = hijosReales(nodo.children);
        if (hijos.length !== 1) return;
        const [hijo] = hijos;
        if (hijo.type === 'JSXExpressionContainer' && puedeSerTexto(hijo.expression)) {
          context.report({ node: hijo, messageId: 'texto', data: { elemento } });
        }
      },
    };
  },
};

export default {
  meta: { name: 'delego' },
  rules: { 'texto-en-ionic': textoEnIonic, 'eventos-en-ionic': eventosEnIonic },
};
