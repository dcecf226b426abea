import type { KeyboardEvent } from 'react';

/**
 * Enter in a single-line field submits its form (the native inputs live inside Ionic's components,
 * which do not submit on their own); Ctrl+Enter (or ⌘+Enter) submits from a text area.
 */
export function enviarConEnter(e: KeyboardEvent<HTMLFormElement>): void {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
  const enTextoLargo = e.target instanceof HTMLTextAreaElement;
  if ((e.target instanceof HTMLInputElement && !enTextoLargo) || (enTextoLargo && (e.ctrlKey || e.metaKey))) {
    e.preventDefault();
    e.currentTarget.requestSubmit();
  }
}
