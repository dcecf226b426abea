// Small helpers shared by the root scripts (start, test, bench, dev).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function say(msg) {
  console.log(`\n\x1b[1m▶ ${msg}\x1b[0m`);
}

/** Runs a command with inherited output; resolves to its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export async function runOrDie(cmd, args, opts = {}) {
  const code = await run(cmd, args, opts);
  if (code !== 0) {
    console.error(`\nFalló: ${cmd} ${args.join(' ')} (código ${code})`);
    process.exit(code);
  }
}

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) {
    if (e === 'node_modules' || e === 'dist') continue;
    max = Math.max(max, newestMtime(path.join(p, e)));
  }
  return max;
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export async function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  const stale =
    !fs.existsSync(marker) || (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs + 1000);
  if (stale) {
    say('Instalando dependencias (npm install)');
    const args = fs.existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
    await runOrDie('npm', args);
  }
}

const BUILD_INPUTS = [
  'packages/contract/src',
  'apps/server/src',
  'apps/server/scripts/empaquetar.mjs',
  'apps/server/drizzle',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/sw',
  'apps/web/vite.config.ts',
  'apps/web/ionic-perezoso.ts',
  'package-lock.json',
];
const STAMP = path.join(ROOT, 'node_modules', '.cache', 'delego-build-stamp');

/** Builds contract, server and web unless nothing changed since the last build. */
export async function ensureBuilt({ force = false } = {}) {
  const newest = Math.max(...BUILD_INPUTS.map((p) => newestMtime(path.join(ROOT, p))));
  const built =
    fs.existsSync(STAMP) &&
    fs.existsSync(path.join(ROOT, 'apps/server/dist/main.js')) &&
    fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'));
  if (!force && built && fs.statSync(STAMP).mtimeMs >= newest) return;
  say('Compilando (contract, server, web)');
  await runOrDie('npm', ['run', 'build']);
  fs.mkdirSync(path.dirname(STAMP), { recursive: true });
  fs.writeFileSync(STAMP, new Date().toISOString());
}

/**
 * The project's Node: the `node` devDependency (package.json) ships its binary here. Scripts that
 * npm runs find it first on PATH (node_modules/.bin), but on a fresh machine `npm start` and
 * `npm test` begin on the system's Node, before node_modules exists.
 */
export const NODE_DEL_PROYECTO = path.join(ROOT, 'node_modules', 'node', 'bin', 'node');

/**
 * Once installed, runs this same script again under the project's Node when another Node started
 * it (the server and every child spawned with process.execPath then run on it too), with
 * node_modules/.bin first on PATH so that `node` and `npm` in child processes resolve to it.
 * Without the binary (an install that skipped it) the script goes on on the Node it has.
 */
export async function enNodeDelProyecto() {
  if (!fs.existsSync(NODE_DEL_PROYECTO)) return;
  if (fs.realpathSync(process.execPath) === fs.realpathSync(NODE_DEL_PROYECTO)) return;
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'node', 'package.json'), 'utf8'));
  say(`Empezó en Node ${process.version}; sigue en el Node del proyecto, v${version}`);
  const bin = path.join(ROOT, 'node_modules', '.bin');
  const child = spawn(NODE_DEL_PROYECTO, process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
  const code = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  process.exit(code);
}

export function hasCommand(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}
