/**
 * A minimal tar (ustar) writer and reader, streaming both ways: the backup's one archive. Only
 * regular files; names up to 255 bytes (prefix + name). Enough for what the backup writes, and
 * `tar -tzf` lists it.
 */
import { Readable } from 'node:stream';

const BLOQUE = 512;

function campo(h: Buffer, texto: string, desde: number, largo: number): void {
  const b = Buffer.from(texto, 'utf8');
  if (b.length > largo) throw new Error(`campo de tar demasiado largo: ${texto}`);
  b.copy(h, desde);
}

function octal(n: number, largo: number): string {
  return n.toString(8).padStart(largo - 1, '0');
}

/** The 512-byte header of a regular file. */
export function cabecera(nombre: string, tamanio: number, mtime = Math.floor(Date.now() / 1000)): Buffer {
  const h = Buffer.alloc(BLOQUE);
  let prefijo = '';
  let corto = nombre;
  if (Buffer.byteLength(nombre) > 100) {
    const corte = nombre.lastIndexOf('/', nombre.length - 1);
    prefijo = nombre.slice(0, corte);
    corto = nombre.slice(corte + 1);
    if (corte < 0 || Buffer.byteLength(prefijo) > 155 || Buffer.byteLength(corto) > 100) {
      throw new Error(`nombre demasiado largo para el archivo: ${nombre}`);
    }
  }
  campo(h, corto, 0, 100);
  campo(h, '0000644', 100, 8);
  campo(h, '0000000', 108, 8);
  campo(h, '0000000', 116, 8);
  campo(h, octal(tamanio, 12), 124, 12);
  campo(h, octal(mtime, 12), 136, 12);
  h.fill(' ', 148, 156);
  campo(h, '0', 156, 1);
  campo(h, 'ustar', 257, 6);
  campo(h, '00', 263, 2);
  campo(h, prefijo, 345, 155);
  let suma = 0;
  for (const b of h) suma += b;
  campo(h, `${suma.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return h;
}

/** The zeros that complete an entry of `tamanio` bytes to a whole block. */
export function relleno(tamanio: number): Buffer {
  const r = tamanio % BLOQUE;
  return Buffer.alloc(r === 0 ? 0 : BLOQUE - r);
}

/** The two zero blocks that end an archive. */
export const FIN = Buffer.alloc(BLOQUE * 2);

/** Reads exact byte counts from a stream of chunks. */
class Lector {
  private resto: Buffer = Buffer.alloc(0);
  constructor(private readonly it: AsyncIterator<Buffer>) {}

  private async mas(): Promise<boolean> {
    const r = await this.it.next();
    if (r.done) return false;
    this.resto = this.resto.length > 0 ? Buffer.concat([this.resto, r.value]) : r.value;
    return true;
  }

  async leer(n: number): Promise<Buffer | null> {
    while (this.resto.length < n) if (!(await this.mas())) return null;
    const b = this.resto.subarray(0, n);
    this.resto = this.resto.subarray(n);
    return b;
  }

  async *trozos(n: number): AsyncGenerator<Buffer> {
    let faltan = n;
    while (faltan > 0) {
      if (this.resto.length === 0 && !(await this.mas())) throw new Error('El archivo de respaldo está cortado.');
      const t = this.resto.subarray(0, Math.min(faltan, this.resto.length));
      this.resto = this.resto.subarray(t.length);
      faltan -= t.length;
      yield Buffer.from(t);
    }
  }
}

export interface EntradaTar {
  nombre: string;
  tamanio: number;
  /** The entry's bytes as a stream: read it to its end before asking for the next entry. */
  cuerpo(): Readable;
  /** The entry's bytes in one buffer (small entries only). */
  leer(): Promise<Buffer>;
}

function texto(h: Buffer, desde: number, largo: number): string {
  const b = h.subarray(desde, desde + largo);
  const fin = b.indexOf(0);
  return b.subarray(0, fin === -1 ? largo : fin).toString('utf8');
}

/** The entries of a tar stream, one after another. */
export async function* entradas(origen: AsyncIterable<Buffer>): AsyncGenerator<EntradaTar> {
  const lector = new Lector(origen[Symbol.asyncIterator]());
  for (;;) {
    const h = await lector.leer(BLOQUE);
    if (!h) throw new Error('El archivo de respaldo está cortado (falta su final).');
    if (h.every((b) => b === 0)) return;
    let suma = 0;
    for (let i = 0; i < BLOQUE; i++) suma += i >= 148 && i < 156 ? 32 : (h[i] ?? 0);
    if (suma !== parseInt(texto(h, 148, 8).trim(), 8)) throw new Error('El archivo de respaldo está dañado.');
    const prefijo = texto(h, 345, 155);
    const nombre = prefijo ? `${prefijo}/${texto(h, 0, 100)}` : texto(h, 0, 100);
    const tamanio = parseInt(texto(h, 124, 12).trim(), 8);
    let leida = false;
    const cuerpo = (): Readable => {
      leida = true;
      return Readable.from(lector.trozos(tamanio));
    };
    yield {
      nombre,
      tamanio,
      cuerpo,
      async leer() {
        const partes: Buffer[] = [];
        for await (const t of cuerpo()) partes.push(t as Buffer);
        return Buffer.concat(partes);
      },
    };
    if (!leida) for await (const _ of lector.trozos(tamanio)) void _;
    await lector.leer(relleno(tamanio).length);
  }
}
