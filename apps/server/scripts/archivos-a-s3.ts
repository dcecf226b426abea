// npm run archivos-a-s3: copies the attached files of DATA_DIR/archivos to the bucket of S3_URL
// (docs/DESPLIEGUE.md, «Archivos en almacenamiento de objetos»). Reads the server's variables
// (DATA_DIR, S3_URL, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION, S3_PREFIX); can run
// again: what is already in the bucket with the same size is skipped. Exits 1 if any file failed.
import { configuracionOSalir } from '../src/config.js';
import { copiarCarpetaABucket } from '../src/modules/files/copiar-a-s3.js';
import { carpetaDeArchivos, dondeEstanLosArchivos, FsStorage, S3Storage } from '../src/modules/files/index.js';

const config = configuracionOSalir();
if (!config.s3) {
  console.error('Falta S3_URL (con S3_BUCKET, S3_ACCESS_KEY y S3_SECRET_KEY): ¿a qué bucket copiar?');
  process.exit(2);
}
const carpeta = carpetaDeArchivos(config);
const destino = new S3Storage(config.s3);
console.log(`Copiando los archivos de ${carpeta} al ${dondeEstanLosArchivos(config)}…`);
const r = await copiarCarpetaABucket(carpeta, new FsStorage(carpeta), destino);
destino.close();
for (const f of r.fallidos) console.error(`  falló ${f.clave}: ${f.error}`);
console.log(`Copiados: ${r.copiados}. Ya estaban: ${r.omitidos}. Fallidos: ${r.fallidos.length}.`);
if (r.fallidos.length) {
  console.error('Algunos archivos no se copiaron: corrija el problema y vuelva a correr el comando.');
  process.exit(1);
}
