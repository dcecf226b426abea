// A second built server for the journeys that move the server's clock (issue 32): e2e/serve.mjs
// (a fresh data folder with the demo) under libfaketime, so production code has no clock hook.
// The offset is a file the journey rewrites (FAKETIME_TIMESTAMP_FILE, read again on every call with
// FAKETIME_NO_CACHE=1: "+<seconds>"). The monotonic clock stays real
// (FAKETIME_DONT_FAKE_MONOTONIC=1): Node's timers run on it, so the scheduler's minute keeps
// ticking while the date jumps. Debian's package: faketime (npm test and .ci/run install it).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const RAIZ = path.resolve(import.meta.dirname, '..');

/** libfaketime.so.1 of the machine's architecture (/usr/lib/<triplet>/faketime/). */
function libfaketime(): string {
  for (const dir of readdirSync('/usr/lib')) {
    const lib = path.join('/usr/lib', dir, 'faketime', 'libfaketime.so.1');
    if (existsSync(lib)) return lib;
  }
  throw new Error(
    'Falta libfaketime, con la que el recorrido adelanta el reloj del servidor: instálela con ' +
      '`sudo apt-get install faketime` (npm test la instala en Debian).',
  );
}

export interface ServidorConReloj {
  url: string;
  /** The server's clock: the real one plus the offset written last. */
  ahora(): number;
  /** Moves the server's clock so that it reads `instante` now (forward or back). */
  llevarA(instante: number): void;
  detener(): Promise<void>;
}

/** Starts the built server on `puerto` with a clock the test moves; waits for /api/health. */
export async function arrancarConReloj(puerto: number): Promise<ServidorConReloj> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'delego-e2e-reloj-'));
  const archivo = path.join(dir, 'faketime');
  let desfase = 0;
  const escribir = () => writeFileSync(archivo, `+${Math.round(desfase / 1000)}\n`);
  escribir();
  const hijo: ChildProcess = spawn(process.execPath, [path.join(RAIZ, 'e2e', 'serve.mjs')], {
    cwd: RAIZ,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(puerto),
      LD_PRELOAD: libfaketime(),
      FAKETIME_TIMESTAMP_FILE: archivo,
      FAKETIME_NO_CACHE: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
  });
  const url = `http://127.0.0.1:${puerto}`;
  const detener = async () => {
    if (hijo.exitCode === null && hijo.signalCode === null) {
      const salio = new Promise((r) => hijo.once('exit', r));
      hijo.kill('SIGTERM');
      await salio;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const limite = Date.now() + 180_000;
  for (;;) {
    if (hijo.exitCode !== null) {
      await detener();
      throw new Error(`El servidor con reloj terminó al arrancar (código ${hijo.exitCode}).`);
    }
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > limite) {
      await detener();
      throw new Error(`El servidor con reloj no respondió en ${url} en 180 s.`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    ahora: () => Date.now() + Math.round(desfase / 1000) * 1000,
    llevarA(instante) {
      desfase = instante - Date.now();
      escribir();
    },
    detener,
  };
}

/** The port of the clock journey's server: E2E_RELOJ_PORT, or the one after E2E_PORT's. */
export const PUERTO_RELOJ = Number(process.env.E2E_RELOJ_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 1);
