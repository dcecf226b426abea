import type { CSSProperties } from 'react';

/**
 * An ionicons icon without ion-icon (the first-stage Inicio, issue 17): the icon's SVG (a data URL
 * from `ionicons/icons`) becomes a CSS mask painted in the text colour. Outline icons draw with
 * classes that ion-icon styles (`ionicon-fill-none`, `ionicon-stroke-width`); they are written
 * here as attributes, since a mask image sees no page style.
 */
export function mascaraDeIcono(icono: string): string {
  const svg = decodeURIComponent(icono.slice(icono.indexOf(',') + 1))
    .replace(/class='ionicon-fill-none ionicon-stroke-width'/g, "fill='none' stroke='black' stroke-width='32'")
    .replace(/class='ionicon-fill-none'/g, "fill='none' stroke='black'")
    .replace(/class='ionicon-stroke-width'/g, "stroke='black' stroke-width='32'");
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

const mascaras = new Map<string, string>();

/** The icon, decorative (aria-hidden): the control around it carries the name. */
export function IconoLigero({ icono, className }: { icono: string; className?: string }) {
  let mascara = mascaras.get(icono);
  if (mascara === undefined) {
    mascara = mascaraDeIcono(icono);
    mascaras.set(icono, mascara);
  }
  const estilo = { '--il-icono': mascara } as CSSProperties;
  return <span className={className ? `il-icono ${className}` : 'il-icono'} style={estilo} aria-hidden="true" />;
}
