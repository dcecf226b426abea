import { inflateRawSync } from 'node:zlib';

export interface EntradaZip {
  nombre: string;
  datos: Buffer;
  comprimido: boolean;
  /** The entry's MS-DOS date and time as written (no zone), 'YYYY-MM-DD HH:MM:SS', as zipinfo shows it. */
  fecha: string;
}

/**
 * Reads a ZIP from memory (central directory, stored and deflated entries): enough to check what
 * the server sends, without depending on an unzip program on the machine.
 */
export function leerZip(buf: Buffer): EntradaZip[] {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('no es un ZIP: falta el fin del directorio central');
  const total = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out: EntradaZip[] = [];
  for (let i = 0; i < total; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('directorio central dañado');
    const flags = buf.readUInt16LE(p + 8);
    const metodo = buf.readUInt16LE(p + 10);
    const hora = buf.readUInt16LE(p + 12);
    const dia = buf.readUInt16LE(p + 14);
    const tamComp = buf.readUInt32LE(p + 20);
    const largoNombre = buf.readUInt16LE(p + 28);
    const largoExtra = buf.readUInt16LE(p + 30);
    const largoComentario = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const nombre = buf.subarray(p + 46, p + 46 + largoNombre).toString(flags & 0x800 ? 'utf8' : 'latin1');
    const inicio = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const crudo = buf.subarray(inicio, inicio + tamComp);
    const dos = (n: number) => String(n).padStart(2, '0');
    const fecha =
      `${1980 + (dia >> 9)}-${dos((dia >> 5) & 0xf)}-${dos(dia & 0x1f)} ` +
      `${dos(hora >> 11)}:${dos((hora >> 5) & 0x3f)}:${dos((hora & 0x1f) * 2)}`;
    out.push({
      nombre,
      datos: metodo === 8 ? inflateRawSync(crudo) : Buffer.from(crudo),
      comprimido: metodo === 8,
      fecha,
    });
    p += 46 + largoNombre + largoExtra + largoComentario;
  }
  return out;
}
