import fs from 'node:fs';
import path from 'node:path';
import { claveValida, type Storage } from './storage.js';

export interface ResultadoCopia {
  copiados: number;
  /** Already in the bucket with the same size. */
  omitidos: number;
  /** Keys that could not be copied (each with why). */
  fallidos: { clave: string; error: string }[];
}

/** Every key under the folder: relative paths with `/`, leaving out unfinished writes (`*.part`). */
export function clavesDeCarpeta(raiz: string): string[] {
  const out: string[] = [];
  const recorrer = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) recorrer(p);
      else if (e.isFile() && !e.name.endsWith('.part')) out.push(path.relative(raiz, p).split(path.sep).join('/'));
    }
  };
  if (fs.existsSync(raiz)) recorrer(raiz);
  return out.sort();
}

/**
 * Copies every file of the folder (the FsStorage of DATA_DIR/archivos) to the bucket under the
 * same key, one at a time and streamed. A key already in the bucket with the same size is left
 * alone, so running it again copies only what is missing. The folder is only read.
 */
export async function copiarCarpetaABucket(
  raiz: string,
  origen: Storage,
  destino: Storage,
  avance: (clave: string, estado: 'copiado' | 'omitido' | 'fallido') => void = () => undefined,
): Promise<ResultadoCopia> {
  const r: ResultadoCopia = { copiados: 0, omitidos: 0, fallidos: [] };
  for (const clave of clavesDeCarpeta(raiz)) {
    try {
      if (!claveValida(clave)) throw new Error('no es una clave de Delego');
      const local = await origen.stat(clave);
      if (!local) continue;
      const remoto = await destino.stat(clave);
      if (remoto && remoto.size === local.size) {
        r.omitidos++;
        avance(clave, 'omitido');
        continue;
      }
      const { bytes } = await destino.put(clave, await origen.get(clave));
      if (bytes !== local.size) throw new Error(`se copiaron ${bytes} de ${local.size} bytes`);
      r.copiados++;
      avance(clave, 'copiado');
    } catch (e) {
      r.fallidos.push({ clave, error: (e as Error).message });
      avance(clave, 'fallido');
    }
  }
  return r;
}
