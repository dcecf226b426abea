import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import { AppError } from '../../kernel/errors.js';
import { decidirTipo, MENSAJES_ARCHIVOS, type TipoDecidido } from './tipos.js';

/** Bytes read before deciding the type: enough for every signature file-type knows, ZIP containers included. */
const CABEZA = 64 * 1024;

/**
 * Sits between an upload and the storage. It holds back the first 64 KiB, decides the real type
 * from them (and refuses before a single byte reaches the storage), then lets the rest through
 * while counting, hashing, and checking that text stays valid UTF-8. Memory: the head, at most.
 */
export class Inspector extends Transform {
  bytes = 0;
  tipo: TipoDecidido | null = null;
  private readonly hash = createHash('sha256');
  private cabeza: Buffer[] = [];
  private largoCabeza = 0;
  private utf8: TextDecoder | null = null;

  constructor(private readonly nombre: string) {
    super();
  }

  get sha256(): string {
    return this.hash.digest('hex');
  }

  private comprobarTexto(chunk: Buffer, final: boolean): void {
    if (!this.utf8) return;
    try {
      if (chunk.includes(0)) throw new Error('NUL');
      this.utf8.decode(chunk, { stream: !final });
    } catch {
      throw new AppError('TIPO_NO_SOPORTADO', MENSAJES_ARCHIVOS.textoInvalido(this.nombre), { field: 'archivos' });
    }
  }

  private async decidir(): Promise<void> {
    const head = Buffer.concat(this.cabeza);
    this.cabeza = [];
    let detectado: { ext: string; mime: string } | undefined;
    // file-type is loaded with the first upload, not with the server (issue 18).
    const { fileTypeFromBuffer } = await import('file-type');
    try {
      detectado = await fileTypeFromBuffer(head);
    } catch {
      detectado = undefined;
    }
    this.tipo = decidirTipo(this.nombre, detectado);
    if (this.tipo.texto) this.utf8 = new TextDecoder('utf-8', { fatal: true });
    this.comprobarTexto(head, false);
    this.push(head);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    if (this.tipo) {
      try {
        this.comprobarTexto(chunk, false);
      } catch (e) {
        cb(e as Error);
        return;
      }
      cb(null, chunk);
      return;
    }
    this.cabeza.push(chunk);
    this.largoCabeza += chunk.length;
    if (this.largoCabeza < CABEZA) {
      cb();
      return;
    }
    this.decidir().then(
      () => cb(),
      (e: unknown) => cb(e as Error),
    );
  }

  override _flush(cb: TransformCallback): void {
    if (this.bytes === 0) {
      cb(AppError.invalid('archivos', MENSAJES_ARCHIVOS.vacio(this.nombre)));
      return;
    }
    const fin = () => {
      try {
        this.comprobarTexto(Buffer.alloc(0), true);
        cb();
      } catch (e) {
        cb(e as Error);
      }
    };
    if (this.tipo) fin();
    else this.decidir().then(fin, (e: unknown) => cb(e as Error));
  }
}
