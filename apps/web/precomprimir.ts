import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const comprimirBrotli = promisify(brotliCompress);
const comprimirGzip = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already, maps are rarely read. */
const EXTENSIONES = new Set(['.js', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);
/** Below this size the headers weigh more than what compression saves. */
const MINIMO_BYTES = 1024;

async function archivos(carpeta: string): Promise<string[]> {
  const entradas = await readdir(carpeta, { withFileTypes: true });
  const listas = await Promise.all(
    entradas.map((e) => {
      const ruta = path.join(carpeta, e.name);
      return e.isDirectory() ? archivos(ruta) : Promise.resolve([ruta]);
    }),
  );
  return listas.flat();
}

/** Writes `x.br` and `x.gz` beside every text file of a folder. */
export async function precomprimirCarpeta(carpeta: string): Promise<number> {
  const candidatos = (await archivos(carpeta)).filter((f) => EXTENSIONES.has(path.extname(f)));
  let escritos = 0;
  await Promise.all(
    candidatos.map(async (archivo) => {
      if ((await stat(archivo)).size < MINIMO_BYTES) return;
      const contenido = await readFile(archivo);
      const [br, gz] = await Promise.all([
        comprimirBrotli(contenido, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: contenido.length,
          },
        }),
        comprimirGzip(contenido, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${archivo}.br`, br), writeFile(`${archivo}.gz`, gz)]);
      escritos += 1;
    }),
  );
  return escritos;
}

/**
 * Vite plugin: after the build, brotli and gzip copies of the output's text files, which the
 * server sends as they are to browsers that accept them (@fastify/static `preCompressed`).
 */
export function precomprimir(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'delego-precomprimir',
    apply: 'build',
    configResolved(resuelta) {
      config = resuelta;
    },
    async closeBundle() {
      const carpeta = path.resolve(config.root, config.build.outDir);
      const escritos = await precomprimirCarpeta(carpeta);
      config.logger.info(`precomprimidos ${escritos} archivos (.br y .gz)`);
    },
  };
}
