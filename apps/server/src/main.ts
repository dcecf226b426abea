import v8 from 'node:v8';
import vm from 'node:vm';
import { configuracionOSalir } from './config.js';
import { boot } from './boot.js';
import { detenerConOrden } from './infra/apagado.js';
import { EstadoInstancia } from './kernel/estado-instancia.js';
import { dondeEstanLosArchivos } from './modules/files/index.js';
import { DEMO_LOGINS, DEMO_PASSWORD } from './seed/demo.js';

async function main(): Promise<void> {
  const config = configuracionOSalir();
  if (!config.databaseUrl) {
    // PGlite is PostgreSQL compiled to WASM. V8 compiles it with its baseline compiler and then
    // recompiles the busiest functions with its optimizing one: those second copies and their
    // compilation hold about 70 MB for good, to save CPU only on heavy SQL (the API's short
    // queries cost the same). Set before the module is compiled (issue 18, docs/BENCHMARKS.md).
    v8.setFlagsFromString('--liftoff-only');
  }
  const estado = new EstadoInstancia('migrando');
  const { app, database, seeded } = await boot(config, estado);
  if (!config.databaseUrl) {
    // A new PGlite data folder is made by initdb, a second WASM instance whose heap (hundreds of
    // MB) is garbage once it is done, and V8 would keep it until its next full collection.
    v8.setFlagsFromString('--expose-gc');
    (vm.runInNewContext('gc') as () => void)();
  }
  await app.listen({ port: config.port, host: config.host });
  // Which Node runs the server (package.json's `node`, 26, through npm start; docs/DESPLIEGUE.md «Node»).
  app.log.info({ node: process.version, base: database.kind, puerto: config.port }, 'servidor.iniciado');
  const url = `http://localhost:${config.port}`;
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.dataDir}`;
  const lines = [
    '',
    `  Delego está funcionando en ${url}`,
    `  Base de datos: ${where}${seeded ? ' — datos de demostración creados' : ''}`,
    `  Archivos adjuntos: ${dondeEstanLosArchivos(config)}`,
    `  Documentación de la API: ${url}/docs`,
    `  Node.js ${process.version}`,
    '',
    `  Usuarios de demostración (contraseña ${DEMO_PASSWORD}):`,
    ...DEMO_LOGINS.map((l) => `    ${l.usuario.padEnd(12)} ${l.descripcion}`),
    '',
  ];
  console.log(lines.join('\n'));

  // SIGTERM/SIGINT: not ready, drain, stop the workers, close, exit 0 (infra/apagado.ts).
  detenerConOrden(app, estado, config);
}

main().catch((e: unknown) => {
  console.error('No se pudo iniciar Delego:', e);
  process.exit(1);
});
