import type { ReactNode } from 'react';

interface Props {
  /** The text to show as text: a name, a title, anything a person typed. */
  children?: ReactNode;
  className?: string;
}

/**
 * Text inside ion-label (and ion-buttons, ion-header, ion-footer, ion-input, ion-input-otp,
 * ion-textarea, ion-radio-group): `<IonLabel><Texto>{cliente.nombre}</Texto></IonLabel>`.
 *
 * Ionic's runtime (Stencil) replaces `textContent` and `insertAdjacentText` of those elements
 * (the ones without shadow DOM that have a slot) with code that parses the text as HTML. React
 * sets `textContent` when a string or number is an element's only child, so
 * `<IonLabel>{nombre}</IonLabel>` turns a name like `<img src=x onerror=...>` into running script.
 * Here the text is the only child of a plain span, whose `textContent` is the browser's own, and
 * the span is inserted into the Ionic element as a node. Several children (`Cliente: {nombre}`)
 * are inserted as text nodes and are safe as well; to pass elements through (`{children}` of a
 * toolbar), wrap them in a fragment `<>{children}</>`, which React also inserts node by node.
 *
 * The lint rule `delego/texto-en-ionic` (apps/web/eslint/texto-en-ionic.js) finds the unsafe shape.
 * Shadow DOM components (IonItem, IonChip, IonBadge, IonNote, IonTitle, IonButton, ...) and
 * the `message` of alerts and toasts (with `innerHTMLTemplatesEnabled: false`) show text as text.
 */
export function Texto({ children, className }: Props) {
  return <span className={className}>{children}</span>;
}
