import fs from 'node:fs';
import path from 'node:path';

/**
 * The processes (other than this one) holding files open under `carpeta`: a server running on an
 * embedded database keeps its PGlite files open for as long as it runs. Reads /proc (Linux);
 * elsewhere it finds nothing and the caller relies on its other check.
 */
export function procesosQueUsan(carpeta: string): number[] {
  let raiz: string;
  try {
    raiz = fs.realpathSync(carpeta);
  } catch {
    return [];
  }
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid);
  } catch {
    return [];
  }
  const usan: number[] = [];
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // another user's process, or gone
    }
    for (const fd of fds) {
      let destino: string;
      try {
        destino = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (destino === raiz || destino.startsWith(raiz + path.sep)) {
        usan.push(Number(pid));
        break;
      }
    }
  }
  return usan;
}

/** Throws, in Spanish, when a process has the embedded database of `dataDir` open. */
export function exigirPgliteLibre(dataDir: string): void {
  const carpeta = path.join(dataDir, 'pglite');
  const pids = procesosQueUsan(carpeta);
  if (pids.length > 0) {
    throw new Error(
      `La base embebida de ${carpeta} está abierta por otro proceso (pid ${pids.join(', ')}): probablemente ` +
        'un servidor de Delego en marcha. Deténgalo (Ctrl+C o kill <pid>) y vuelva a intentar; ' +
        'copiar una base abierta daría una copia inconsistente.',
    );
  }
}
