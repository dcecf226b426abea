/**
 * npm run cluster (scripts/cluster.mjs builds first): two instances of the built server on one
 * PostgreSQL behind HAProxy, on this machine (docs/DESPLIEGUE.md «Clúster con HAProxy»).
 *   DATABASE_URL      the cluster's database (default postgres://postgres@127.0.0.1:5432/delego_cluster,
 *                     created if missing; the first instance migrates it and seeds the demo)
 *   CLUSTER_PORT      HAProxy's port (8080); CLUSTER_HOST its address (127.0.0.1)
 *   CLUSTER_INSTANCE_PORTS  the instances' ports, one per instance (8081,8082)
 *   CLUSTER_DIR       haproxy.cfg, its socket and the shared DATA_DIR (.cluster/ at the repository root)
 *   S3_URL, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION  files in object storage (otherwise
 *                     in CLUSTER_DIR/datos, shared by the instances)
 * Ctrl-C stops the instances and HAProxy.
 */
import path from 'node:path';
import { REPO_ROOT } from '../../src/config.js';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../src/seed/demo.js';
import { crearBaseSiFalta, iniciarCluster } from './cluster.js';

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/delego_cluster';
const puerto = Number(process.env.CLUSTER_PORT || 8080);
const puertos = (process.env.CLUSTER_INSTANCE_PORTS || '8081,8082').split(',').map((p) => Number(p.trim()));
const dir = path.resolve(process.env.CLUSTER_DIR || path.join(REPO_ROOT, '.cluster'));
const host = process.env.CLUSTER_HOST || '127.0.0.1';
const soloEstaMaquina = ['127.0.0.1', 'localhost', '::1'].includes(host);
const sinClave = databaseUrl.replace(/:[^:@/]*@/, ':***@');

if (puertos.length < 1 || [puerto, ...puertos].some((p) => !Number.isInteger(p) || p < 0 || p > 65535)) {
  console.error('CLUSTER_PORT y CLUSTER_INSTANCE_PORTS deben ser puertos (por ejemplo 8080 y 8081,8082).');
  process.exit(2);
}
try {
  if (await crearBaseSiFalta(databaseUrl)) console.log(`Base creada: ${sinClave}`);
} catch (e) {
  console.error(`No se pudo usar la base ${sinClave}: ${(e as Error).message}`);
  process.exit(1);
}
const cluster = await iniciarCluster({
  databaseUrl,
  dir,
  puerto,
  host,
  puertosInstancias: puertos,
  env: {
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    // As `npm start` on this machine: the demo pays in test mode unless told otherwise (docs/PLANES.md).
    ...(soloEstaMaquina && !process.env.MERCADOPAGO_ACCESS_TOKEN && !process.env.PAGOS_MODO_PRUEBA
      ? { PAGOS_MODO_PRUEBA: 'true' }
      : {}),
  },
}).catch((e: unknown) => {
  console.error(`No se pudo iniciar el clúster: ${(e as Error).message}`);
  process.exit(1);
});
const url = `http://localhost:${cluster.puerto}`;
console.log(
  [
    '',
    `  Delego en clúster: ${url} (HAProxy, ${path.join(dir, 'haproxy.cfg')})`,
    ...cluster.instancias.map((i) => `    instancia ${i.nombre}: ${i.url}`),
    `  Base de datos: PostgreSQL ${sinClave}`,
    `  Archivos: ${process.env.S3_URL ? `S3 en ${process.env.S3_URL}` : `carpeta compartida ${path.join(dir, 'datos')}`}`,
    '',
    `  Usuarios de demostración (contraseña ${DEMO_PASSWORD}):`,
    ...DEMO_LOGINS.map((l) => `    ${l.usuario.padEnd(12)} ${l.descripcion}`),
    '',
    '  Ctrl-C detiene todo.',
    '',
  ].join('\n'),
);

let deteniendo = false;
const detener = () => {
  if (deteniendo) return;
  deteniendo = true;
  console.log('\nDeteniendo el clúster…');
  cluster.detener().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', detener);
process.on('SIGTERM', detener);
// An instance or HAProxy that dies on its own is said, not hidden: the other keeps serving.
for (const i of cluster.instancias) {
  i.child.on('exit', (code, signal) => {
    if (!deteniendo)
      console.error(`La instancia ${i.nombre} terminó (${code ?? signal}); HAProxy la saca del reparto.`);
  });
}
