/** HTTP details of downloads: the file name header and byte ranges. Pure, tested beside. */

/**
 * Content-Disposition with the original name: an ASCII fallback in `filename` and the exact name in
 * `filename*` (RFC 6266 / RFC 5987), so accents survive in every browser.
 */
export function contentDisposition(nombre: string, inline = false): string {
  const ascii = nombre
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(nombre).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A name someone wrote as a part of a file name: lowercase ASCII words joined by '-', at most `max`
 * characters («Aire acondicionado (split)» → «aire-acondicionado-split»); '' when nothing is left.
 */
export function parteDeNombreArchivo(texto: string, max = 40): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

export type Rango = { start: number; end: number } | 'invalido' | null;

/**
 * Parses a Range header for a file of `size` bytes. null: serve the whole file (no header, another
 * unit, or several ranges, which a server may ignore); 'invalido': 416; otherwise the inclusive range.
 */
export function parseRange(header: string | undefined, size: number): Rango {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!m) return null;
  const specs = (m[1] ?? '').split(',');
  if (specs.length !== 1) return null;
  const spec = (specs[0] ?? '').trim();
  const r = /^(\d*)-(\d*)$/.exec(spec);
  if (!r) return 'invalido';
  const [, a = '', b = ''] = r;
  if (a === '' && b === '') return 'invalido';
  if (a === '') {
    // Suffix: the last b bytes.
    const n = Number(b);
    if (n === 0 || size === 0) return 'invalido';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  let end = b === '' ? size - 1 : Number(b);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return 'invalido';
  if (start >= size || end < start) return 'invalido';
  end = Math.min(end, size - 1);
  return { start, end };
}
