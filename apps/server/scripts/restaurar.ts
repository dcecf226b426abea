/**
 * npm run restaurar -- <archivo> [DATABASE_URL]
 * Restores a backup into an empty target: the PostgreSQL of the URL, or else the embedded database
 * of DATA_DIR; the files go to the store of DATA_DIR (docs/DESPLIEGUE.md, «Copias de seguridad»).
 */
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { abrirPg, abrirPglite, type Abierta } from '../src/datos/abrir.js';
import { almacenDe } from '../src/datos/almacen.js';
import { sinClave } from '../src/datos/conexion.js';
import { migrarHasta } from '../src/datos/nivel.js';
import { restaurar } from '../src/datos/restaurar.js';
import { correrComando } from './comando.js';

async function main(): Promise<void> {
  const arg = process.argv[2];
  const url = process.argv[3];
  if (!arg || (url && !/^postgres(ql)?:\/\//.test(url))) {
    throw new Error('Uso: npm run restaurar -- <archivo> [postgres://usuario@host:5432/base_vacia]');
  }
  const archivo = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  const config = loadConfig();
  const storage = almacenDe(config);
  const dataDir = path.resolve(config.dataDir);
  console.log(`Restaurando ${archivo} en ${url ? sinClave(url) : `la base embebida de ${dataDir}`}`);
  const inicio = Date.now();
  let destino: Abierta | undefined;
  try {
    destino = url ? await abrirPg(url) : await abrirPglite(dataDir, { nueva: true });
    const cliente = destino.cliente;
    const m = await restaurar({
      archivo,
      destino: destino.conexion,
      migrar: (nivel) => migrarHasta(cliente, nivel),
      storage,
      informar: (l) => console.log(l),
    });
    const filas = Object.values(m.tablas).reduce((a, t) => a + t.filas, 0);
    console.log(
      [
        '',
        `Listo en ${((Date.now() - inicio) / 1000).toFixed(1)} s: ${filas} filas y ${Object.keys(m.archivos).length} archivos, ` +
          'verificados contra el manifiesto (cantidades y sumas de verificación).',
        `Inicie Delego con ${url ? `DATABASE_URL=${sinClave(url)} y ` : ''}DATA_DIR=${dataDir}.`,
      ].join('\n'),
    );
  } finally {
    storage.close?.();
    await destino?.cerrar().catch(() => undefined);
  }
}

correrComando(main, 'No se pudo restaurar');
