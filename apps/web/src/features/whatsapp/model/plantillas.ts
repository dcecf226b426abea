/** A piece of a template's text: literal text, or the parameter `{{n}}` with the name of what goes there. */
export type ParteDePlantilla = { tipo: 'texto'; texto: string } | { tipo: 'parametro'; numero: number; nombre: string };

/**
 * A template's text in pieces (issue 35): `{{n}}` becomes the name of its parameter (the n-th of
 * `parametros`, or `{{n}}` itself when it has none). The pieces are shown as text, never as HTML.
 */
export function partesDePlantilla(texto: string, parametros: readonly string[]): ParteDePlantilla[] {
  const partes: ParteDePlantilla[] = [];
  let desde = 0;
  for (const m of texto.matchAll(/\{\{(\d+)\}\}/g)) {
    if (m.index > desde) partes.push({ tipo: 'texto', texto: texto.slice(desde, m.index) });
    const numero = Number(m[1]);
    partes.push({ tipo: 'parametro', numero, nombre: parametros[numero - 1] ?? m[0] });
    desde = m.index + m[0].length;
  }
  if (desde < texto.length) partes.push({ tipo: 'texto', texto: texto.slice(desde) });
  return partes;
}
