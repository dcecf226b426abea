/**
 * npm run respaldo -- <archivo>
 * One consistent archive (tar + gzip) of the database (DATABASE_URL, or the embedded one of
 * DATA_DIR) and of the attached files, with a manifest (docs/DESPLIEGUE.md, «Copias de seguridad»).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { abrirPg, abrirPglite, type Abierta } from '../src/datos/abrir.js';
import { almacenDe } from '../src/datos/almacen.js';
import { sinClave } from '../src/datos/conexion.js';
import { respaldar } from '../src/datos/respaldo.js';
import { correrComando } from './comando.js';

async function main(): Promise<void> {
  const arg = process.argv[2];
  if (!arg) throw new Error('Uso: npm run respaldo -- <archivo>  (por ejemplo delego-2026-12-01.tar.gz)');
  const destino = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  if (fs.existsSync(destino)) throw new Error(`${destino} ya existe: elija otro nombre.`);
  const config = loadConfig();
  const storage = almacenDe(config);
  const origenTexto = config.databaseUrl
    ? sinClave(config.databaseUrl)
    : `la base embebida de ${path.resolve(config.dataDir)}`;
  console.log(`Respaldando ${origenTexto} en ${destino}`);
  const inicio = Date.now();
  let origen: Abierta | undefined;
  try {
    origen = config.databaseUrl ? await abrirPg(config.databaseUrl) : await abrirPglite(path.resolve(config.dataDir));
    const m = await respaldar({
      conexion: origen.conexion,
      storage,
      destino,
      informar: (l) => console.log(l),
    });
    console.log(
      `\nListo en ${((Date.now() - inicio) / 1000).toFixed(1)} s: ${destino} (${(fs.statSync(destino).size / 1e6).toFixed(1)} MB, ` +
        `migración ${m.nivelDeMigracion.ultima}).`,
    );
    if (m.faltantes.length > 0) {
      console.log(
        `Aviso: ${m.faltantes.length} archivos nombrados por la base ya no estaban en el almacén (borrados durante el respaldo): ${m.faltantes.slice(0, 5).join(', ')}`,
      );
    }
  } finally {
    storage.close?.();
    await origen?.cerrar().catch(() => undefined);
  }
}

correrComando(main, 'No se pudo respaldar');
