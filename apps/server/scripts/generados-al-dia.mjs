// npm run check:generados (and a step of npm test): the generated files match their sources.
//  - Migrations: `drizzle-kit generate` over the tables (src/modules/*/*.tables.ts) would write
//    nothing. It runs on a temporary copy of drizzle/ (the real folder is never written), with
//    drizzle.config.ts's own settings and only `out` moved to the copy.
//  - docs/API.md: what `npm run docs:api` writes from the contract's route table, byte for byte.
// Both run side by side; each says what to run when it fails. Exit 1 if either fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(SERVER, '../..');
const DRIZZLE = path.join(SERVER, 'drizzle');
const LIMITE_MS = 120_000;

/** Runs a command with its output kept (stdin closed: a prompt cannot wait for an answer). */
function correr(cmd, args, cwd) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const reloj = setTimeout(() => child.kill('SIGKILL'), LIMITE_MS);
    child.on('close', (code, signal) => {
      clearTimeout(reloj);
      resolve({ code: code ?? 1, signal, out });
    });
    child.on('error', (e) => {
      clearTimeout(reloj);
      resolve({ code: 127, signal: null, out: String(e) });
    });
  });
}

/** Every file under a folder, as paths relative to it. */
function archivos(dir) {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((e) => {
    if (!e.isFile()) return [];
    return [path.relative(dir, path.join(e.parentPath, e.name))];
  });
}

async function migracionesAlDia() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-drizzle-'));
  try {
    const copia = path.join(tmp, 'drizzle');
    fs.cpSync(DRIZZLE, copia, { recursive: true });
    // drizzle-kit reads `out` relative to the working directory (apps/server), absolute paths included.
    const config = path.join(tmp, 'drizzle.config.ts');
    fs.writeFileSync(
      config,
      `import base from ${JSON.stringify(path.join(SERVER, 'drizzle.config.ts'))};\n` +
        `export default { ...base, out: ${JSON.stringify(path.relative(SERVER, copia))} };\n`,
    );
    const r = await correr('npx', ['--no-install', 'drizzle-kit', 'generate', `--config=${config}`], SERVER);
    const antes = new Map(archivos(DRIZZLE).map((f) => [f, fs.readFileSync(path.join(DRIZZLE, f), 'utf8')]));
    const nuevos = archivos(copia).filter((f) => antes.get(f) !== fs.readFileSync(path.join(copia, f), 'utf8'));
    const sql = nuevos.filter((f) => f.endsWith('.sql'));
    if (nuevos.length) {
      const detalle = sql.map((f) => `--- ${f}\n${fs.readFileSync(path.join(copia, f), 'utf8').trim()}`).join('\n');
      return {
        ok: false,
        texto:
          'Las tablas (src/modules/*/*.tables.ts) cambiaron sin su migración: drizzle-kit escribiría ' +
          `${nuevos.join(', ')}.\n${detalle}\n` +
          'Genere la migración con `npm run db:generate -w apps/server -- --name <nombre>`, revísela y ' +
          'confírmela con su snapshot (drizzle/meta).',
      };
    }
    if (/Interactive prompts require a TTY/.test(r.out)) {
      return {
        ok: false,
        texto:
          'Las tablas (src/modules/*/*.tables.ts) cambiaron sin su migración y drizzle-kit pregunta si una ' +
          'columna o tabla se renombró. Ejecute `npm run db:generate -w apps/server -- --name <nombre>` en una ' +
          'terminal, responda, revise la migración y confírmela con su snapshot (drizzle/meta).',
      };
    }
    if (r.code !== 0 || r.signal || !/No schema changes/.test(r.out)) {
      return {
        ok: false,
        texto:
          'drizzle-kit generate no pudo comparar las tablas con las migraciones' +
          (r.signal ? ` (cortado a los ${LIMITE_MS / 1000} s: ¿pregunta si una columna o tabla se renombró?)` : '') +
          '. Ejecute `npm run db:generate -w apps/server` y resuelva lo que diga:\n' +
          r.out.trim(),
      };
    }
    return { ok: true, texto: 'Migraciones al día con las tablas (drizzle-kit generate no escribiría nada).' };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function apiMdAlDia() {
  const r = await correr(
    'npx',
    ['--no-install', 'tsx', '--tsconfig', 'apps/server/tsconfig.dev.json', 'apps/server/scripts/api-doc.ts', '--check'],
    ROOT,
  );
  return { ok: r.code === 0, texto: r.out.trim() };
}

const resultados = await Promise.all([
  migracionesAlDia().then((r) => ({ nombre: 'Migraciones', ...r })),
  apiMdAlDia().then((r) => ({ nombre: 'docs/API.md', ...r })),
]);
for (const r of resultados) {
  const lineas = r.texto.split('\n').map((l) => `    ${l}`);
  console.log(`  ${r.ok ? '✓' : '✗'} ${r.nombre}\n${lineas.join('\n')}`);
}
if (resultados.some((r) => !r.ok)) {
  console.error('\nArchivos generados desactualizados: vea arriba qué ejecutar.');
  process.exit(1);
}
