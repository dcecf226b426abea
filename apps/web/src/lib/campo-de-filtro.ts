import type { PropsCampo } from './formularios';

/**
 * A field of a list's filters (a select of the bar, of the filter screen): its value and its
 * change, never in error nor disabled, since any choice is a valid filter.
 */
export function campoDeFiltro<V>(value: V, onChange: (valor: V) => void, name: string): PropsCampo<V> {
  return { name, value, onChange, error: undefined, disabled: false };
}
