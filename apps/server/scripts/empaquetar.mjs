// The server as it runs (`npm start`, the browser journeys, `npm run bench`): src/main.ts and the
// packages it loads, bundled and minified into dist/main.js by esbuild, and src/proceso.ts into
// dist/proceso.js (the Node flags scripts/start.mjs reads). Nothing else is written to dist/: tsc
// only checks the types first (the server's `build`).
//
// Why (issue 18, docs/BENCHMARKS.md): V8 keeps the source text of every module it loads and every
// name in it. Loaded from ~600 files the server held 33.5 MB of heap at idle; bundled with short
// names, 28.9 MB, and under the bench's load it stays at 125–126 MB of RSS instead of 129–130.
// Function names are not kept (`keepNames`): esbuild would name every function as it is created,
// and that cost a third more CPU on the lightest calls.
//
// A stack trace in the log names minified functions at a column of dist/main.js; the map beside
// it gives the source's: `node --enable-source-maps apps/server/dist/main.js` (docs/ARCHITECTURE.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const servidor = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Left in node_modules, loaded by Node at run time:
 * - native addons: @node-rs/argon2, sharp (and pg-native, which pg asks for only when told to);
 * - packages that read their own files: PGlite (its WASM and data), pdfkit (font metrics),
 *   exceljs, @fastify/swagger-ui (the page's assets);
 * - packages the server loads on first use, so that one that never sends mail or takes a payment
 *   never holds them: mercadopago, nodemailer, web-push, file-type, archiver, and the AWS SDK
 *   (only with S3_URL).
 */
const EXTERNOS = [
  '@node-rs/argon2',
  'sharp',
  'pg-native',
  '@electric-sql/pglite',
  'pdfkit',
  'exceljs',
  '@fastify/swagger-ui',
  'mercadopago',
  'nodemailer',
  'web-push',
  'file-type',
  'archiver',
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
];

// A build of the earlier layout (one file per module) leaves nothing behind that could be run.
fs.rmSync(path.join(servidor, 'dist'), { recursive: true, force: true });

await build({
  absWorkingDir: servidor,
  entryPoints: ['src/main.ts', 'src/proceso.ts'],
  // In dist/, right under the server's folder: src/config.ts finds that folder as its own parent.
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  sourcemap: true,
  // The licences of what is bundled go to dist/main.js.LEGAL.txt. In the bundle one of them put a
  // character outside ASCII, and V8 then kept the whole 3 MB source as two bytes a character.
  legalComments: 'external',
  external: EXTERNOS,
  // The CommonJS packages inside (fastify, pg, pino…) require() Node's modules and their optional
  // ones (ws's bufferutil): an ES module has no require of its own.
  banner: {
    js: "import { createRequire as crearRequire } from 'node:module'; const require = crearRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

// A character outside ASCII left in the bundle (a regular expression's literal, a comment esbuild
// keeps) makes V8 keep the whole source as two bytes a character, 3 MB more of the server's memory.
// Write it as an escape (`\u00f3`). Said on a user's machine (the server still works); refused in CI
// (`CI` set), where a warning went unread for a day.
const fuente = fs.readFileSync(path.join(servidor, 'dist/main.js'), 'utf8');
let fuera = -1;
for (let i = 0; i < fuente.length && fuera < 0; i++) if (fuente.charCodeAt(i) > 0x7f) fuera = i;
if (fuera >= 0) {
  console.warn(
    `empaquetar: dist/main.js tiene un carácter fuera de ASCII cerca de «${fuente.slice(Math.max(0, fuera - 40), fuera + 10)}»: ` +
      'V8 guardaría todo el código con dos bytes por carácter (3 MB más de memoria).',
  );
  if (process.env.CI) process.exit(1);
}
