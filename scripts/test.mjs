// npm test: the whole suite. Installs what it needs; where it cannot, it says exactly why.
import fs from 'node:fs';
import net from 'node:net';
import { ROOT, enNodeDelProyecto, ensureBuilt, ensureInstalled, hasCommand, run, say } from './lib.mjs';

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';
const results = [];

function fail(why) {
  console.error(`\n✗ ${why}`);
  process.exit(1);
}

async function step(name, cmd, args, opts) {
  say(name);
  const code = await run(cmd, args, opts);
  results.push({ name, ok: code === 0 });
  if (code !== 0) {
    summary();
    fail(`${name} falló (código ${code}).`);
  }
}

function summary() {
  const passed = results.filter((r) => r.ok).length;
  console.log('\nPasos:');
  for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name}`);
  console.log(`${passed} passed, ${results.length - passed} failed`);
}

function reachable(url) {
  return new Promise((resolve) => {
    let host = '127.0.0.1';
    let port = 5432;
    try {
      const u = new URL(url);
      host = u.hostname || host;
      port = Number(u.port || 5432);
    } catch {
      resolve(false);
      return;
    }
    const s = net.connect({ host, port });
    s.setTimeout(2000);
    s.on('connect', () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });
}

/**
 * A program from Debian's packages that the suite needs (`bin`, from package `paquete`): installed
 * with apt-get when missing and running as root, otherwise npm test stops and says how to get it.
 */
async function asegurarPrograma(bin, paquete, para) {
  if (fs.existsSync(bin)) return;
  if (process.getuid?.() === 0 && hasCommand('apt-get')) {
    say(`Instalando ${paquete} de Debian para ${para}`);
    let code = await run('apt-get', ['install', '-y', '--no-install-recommends', paquete]);
    if (code !== 0) {
      await run('apt-get', ['update']);
      code = await run('apt-get', ['install', '-y', '--no-install-recommends', paquete]);
    }
    if (code === 0 && fs.existsSync(bin)) return;
  }
  fail(
    `Falta ${bin}, que usan ${para}. Instálelo con \`sudo apt-get install ${paquete}\` (Debian/Ubuntu) ` +
      'y vuelva a ejecutar npm test.',
  );
}

await ensureInstalled();
// From here on, on the project's Node (26) even when the system's (20) ran the install.
await enNodeDelProyecto();
await asegurarPrograma('/usr/bin/chromium', 'chromium', 'las pruebas de navegador');
// The cluster test (apps/server/test/cluster.pg.test.ts) puts HAProxy in front of two instances.
await asegurarPrograma(process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy', 'haproxy', 'la prueba del clúster');
// The PDF tests render pages (poppler's pdftoppm) and read the QR codes of the label sheets back (zbarimg).
await asegurarPrograma('/usr/bin/pdftoppm', 'poppler-utils', 'las pruebas que dibujan PDF');
await asegurarPrograma('/usr/bin/zbarimg', 'zbar-tools', 'la prueba que lee los códigos QR de las etiquetas');
// The maintenance journey moves its server's clock with libfaketime (e2e/reloj.ts).
await asegurarPrograma('/usr/bin/faketime', 'faketime', 'el recorrido que adelanta el reloj del servidor');

let pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  if (process.env.CI)
    fail('En CI TEST_DATABASE_URL es obligatoria: las pruebas de API deben correr también sobre PostgreSQL.');
  pgUrl = DEFAULT_PG;
}
if (!(await reachable(pgUrl))) {
  fail(
    `No hay un PostgreSQL en ${pgUrl.replace(/:[^:@/]*@/, ':***@')}. Las pruebas de API corren sobre PGlite y ` +
      'sobre PostgreSQL: inicie PostgreSQL o defina TEST_DATABASE_URL=postgres://usuario@host:puerto/base.',
  );
}

await step('Tipos (typecheck)', 'npm', ['run', 'typecheck']);
await step('Estilo (lint)', 'npm', ['run', 'lint']);
await step('Formato (prettier)', 'npm', ['run', 'format:check']);
// Migrations and docs/API.md against their sources (tables, contract): a few seconds, no database.
await step('Archivos generados al día', 'npm', ['run', 'check:generados']);
// The build comes before the unit tests: the first-load budget (apps/web/src/app/
// presupuesto-carga.test.ts) is a unit test over the fresh build.
say('Compilación');
await ensureBuilt();
results.push({ name: 'Compilación', ok: true });
await step('Pruebas unitarias', 'npm', ['run', 'test:unit']);
await step('Pruebas de API sobre PGlite', 'npm', ['run', 'test:api'], { env: { TEST_DB: 'pglite' } });
await step('Pruebas de API sobre PostgreSQL', 'npm', ['run', 'test:api'], {
  env: { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl },
});
await step('Recorridos en Chromium (Playwright)', 'npx', ['playwright', 'test'], { cwd: ROOT });
summary();
