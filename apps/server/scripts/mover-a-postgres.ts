/**
 * npm run mover-a-postgres -- <DATABASE_URL>
 * Copies the embedded database of DATA_DIR (default ./data) into an empty PostgreSQL, verifies
 * every table, and says what to set next (docs/DESPLIEGUE.md, «De PGlite a PostgreSQL»).
 */
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { abrirPg, abrirPglite, type Abierta } from '../src/datos/abrir.js';
import { sinClave } from '../src/datos/conexion.js';
import { moverAPostgres } from '../src/datos/mover.js';
import { correrComando } from './comando.js';

async function main(): Promise<void> {
  const url = process.argv[2];
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('Uso: npm run mover-a-postgres -- postgres://usuario@host:5432/base  (una base vacía)');
  }
  const config = loadConfig();
  const dataDir = path.resolve(config.dataDir);
  console.log(`Moviendo la base embebida de ${dataDir} a ${sinClave(url)}`);
  let origen: Abierta | undefined;
  let destino: Abierta | undefined;
  try {
    origen = await abrirPglite(dataDir);
    destino = await abrirPg(url);
    const inicio = Date.now();
    const copiado = await moverAPostgres({ origen, destino, donde: sinClave(url), informar: (l) => console.log(l) });
    const filas = Object.values(copiado).reduce((a, t) => a + t.filas, 0);
    const archivos = (await origen.conexion.query<{ n: number }>('select count(*)::int as n from orden_archivos'))[0]
      ?.n;
    console.log(
      [
        '',
        `Listo: ${Object.keys(copiado).length} tablas, ${filas} filas, verificadas tabla por tabla (cantidad y suma de verificación) en ${((Date.now() - inicio) / 1000).toFixed(1)} s.`,
        '',
        'Ahora:',
        `  1. Inicie Delego con DATABASE_URL=${sinClave(url)}`,
        `  2. Mantenga DATA_DIR=${dataDir}: los ${archivos ?? 0} archivos adjuntos siguen en ${path.join(dataDir, 'archivos')}`,
        '     y deben seguir disponibles para el servidor (con varias instancias, en una carpeta compartida),',
        '     o cópielos al almacén S3 con `npm run archivos-a-s3` y configure S3_URL.',
        `  3. Reinicie el servidor. La base embebida de ${path.join(dataDir, 'pglite')} queda intacta: bórrela cuando`,
        '     haya comprobado que todo funciona sobre PostgreSQL.',
      ].join('\n'),
    );
  } finally {
    await destino?.cerrar().catch(() => undefined);
    await origen?.cerrar().catch(() => undefined);
  }
}

correrComando(main, 'No se pudo mover la base');
