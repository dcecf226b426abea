// npm run check: the inner loop before a commit. Types and lint side by side, then unit tests and the
// API tests on in-memory PGlite without the slow reliability files (fuzz, kill -9, slow
// connections), which `npm test` runs along with PostgreSQL, the build and Chromium.
import { spawn } from 'node:child_process';
import { ROOT, ensureInstalled, say } from './lib.mjs';

const started = Date.now();
const times = [];
const secs = (ms) => `${Math.round(ms / 1000)} s`;

/** Runs a command with its output kept until it ends, so that two can run side by side; `ms` is its own time. */
function quiet(cmd, args, env = {}) {
  const inicio = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code: code ?? 1, out, ms: Date.now() - inicio }));
    child.on('error', (e) => resolve({ code: 127, out: String(e), ms: Date.now() - inicio }));
  });
}

/** Prints the output of each step that failed, notes each step's time, and says whether any failed. */
function anotar(pasos) {
  for (const [name, r] of pasos) {
    if (r.code !== 0) console.log(`\n── ${name} ──\n${r.out}`);
    times.push({ name, ok: r.code === 0, ms: r.ms });
  }
  return pasos.some(([, r]) => r.code !== 0);
}

function finish(failed) {
  console.log('\nPasos:');
  for (const t of times) console.log(`  ${t.ok ? '✓' : '✗'} ${t.name} (${secs(t.ms)})`);
  console.log(`Total: ${secs(Date.now() - started)}`);
  process.exit(failed ? 1 : 0);
}

await ensureInstalled();
say('Tipos (typecheck) y estilo (lint), en paralelo');
// The inner loop keeps what it learnt between runs (node_modules/.cache/delego-check): tsc's
// incremental state per project and ESLint's per-file cache. A run after a small change re-checks
// little. `npm test` (and CI) check everything from scratch: ESLint's cache keys on each file's
// own content, so a type-aware rule in an unchanged file can miss a change made elsewhere.
const CACHE = 'node_modules/.cache/delego-check';
const PROYECTOS_TS = [
  ['contrato', 'packages/contract/tsconfig.json'],
  ['servidor', 'apps/server/tsconfig.json'],
  ['web', 'apps/web/tsconfig.json'],
  ['e2e', 'e2e/tsconfig.json'],
];
async function typecheck() {
  const inicio = Date.now();
  let out = '';
  let code = 0;
  for (const [nombre, proyecto] of PROYECTOS_TS) {
    const r = await quiet('npx', [
      'tsc',
      '--noEmit',
      '-p',
      proyecto,
      '--incremental',
      '--tsBuildInfoFile',
      `${CACHE}/tsc-${nombre}.tsbuildinfo`,
    ]);
    out += r.out;
    code ||= r.code;
  }
  return { code, out, ms: Date.now() - inicio };
}
const [types, lint, ciclos] = await Promise.all([
  typecheck(),
  quiet('npx', [
    'eslint',
    '--max-warnings=0',
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    `${CACHE}/eslint`,
    '.',
  ]),
  // The rest of `npm run lint`: no import cycle between web features (scripts/ciclos.mjs).
  quiet('node', ['scripts/ciclos.mjs']),
]);
if (
  anotar([
    ['Tipos (typecheck)', types],
    ['Estilo (lint)', lint],
    ['Ciclos entre módulos', ciclos],
  ])
) {
  finish(true);
}
say('Pruebas unitarias y de API sobre PGlite (sin las de fiabilidad), en paralelo');
const [unit, web, api] = await Promise.all([
  quiet('npm', ['run', 'test:unit', '-w', 'packages/contract', '-w', 'apps/server']),
  // The web's suite is the longest; two workers use the time the API tests spend waiting.
  quiet('npm', ['run', 'test:unit', '-w', 'apps/web', '--', '--maxWorkers=2']),
  // TEST_QUICK: apps/server/vitest.config.ts leaves out fiabilidad-* and seguridad-conexiones-lentas.
  quiet('npm', ['run', 'test:api'], { TEST_DB: 'pglite', TEST_QUICK: '1' }),
]);
finish(
  anotar([
    ['Pruebas unitarias (contrato y servidor)', unit],
    ['Pruebas unitarias de la web', web],
    ['Pruebas de API sobre PGlite (rápidas)', api],
  ]),
);
