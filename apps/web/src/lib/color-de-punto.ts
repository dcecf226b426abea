import type { CSSProperties } from 'react';

/**
 * A dot in one of the theme's colours (a state, a priority, a step of the public history): sets
 * `--color-punto` to `var(--ion-color-<color>)`. The stylesheets paint the dot with
 * `var(--color-punto, <grey>)`, so one rule serves every colour, and a name the theme lacks is grey.
 */
export function colorDePunto(color: string): CSSProperties {
  return { '--color-punto': `var(--ion-color-${color})` } as CSSProperties;
}
