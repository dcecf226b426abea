/**
 * Files bench (issue 5), against the running server:
 *   1. Excel export of 100,000 orders of one company ("Empresa Grande", seeded once);
 *   2. ZIP of 1 GB of files (20 files of 50 MB, written straight into the storage once).
 * For each: time, bytes, and the server's peak RSS sampled every 50 ms while it runs.
 * The .xlsx is read back (streaming) to count its rows; the ZIP's directory is checked.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/kernel/db/client.js';
import { entidades, ordenArchivos, ordenes } from '../src/db/schema.js';
import { hashSecret } from '../src/modules/identity/password.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { inicioDeMes, md5 } from '../src/seed/factories.js';
import { makeOrdenesHistoricas } from '../src/seed/historial.js';
import { PASSWORD_BENCH, sembrarEmpresaBench } from './seed-bench.js';

const EMPRESA = 'Empresa Grande';
const USUARIO = 'grande';
const ORDENES = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const ARCHIVOS = 20;
const MB_POR_ARCHIVO = Number(process.env.BENCH_ZIP_FILE_MB ?? 50);

export interface FilesBenchResult {
  export: {
    rows: number;
    rowsRead: number;
    bytes: number;
    seconds: number;
    rowsPerSecond: number;
    rssBeforeMb: number;
    peakRssMb: number;
  };
  zip: {
    files: number;
    bytes: number;
    zipBytes: number;
    entries: number;
    seconds: number;
    mbPerSecond: number;
    rssBeforeMb: number;
    peakRssMb: number;
  };
}

/** Samples the server's RSS while `fn` runs. */
async function conPico<T>(
  rssMb: () => number,
  fn: () => Promise<T>,
): Promise<{ value: T; peakMb: number; beforeMb: number }> {
  const beforeMb = rssMb();
  let peakMb = beforeMb;
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb());
  }, 50);
  try {
    const value = await fn();
    peakMb = Math.max(peakMb, rssMb());
    return { value, peakMb: Math.round(peakMb), beforeMb: Math.round(beforeMb) };
  } finally {
    clearInterval(timer);
  }
}

/** One company with ORDENES orders (with history, hours and expenses), seeded once. */
async function sembrarEmpresaGrande(db: Db): Promise<{ entidadId: number }> {
  const [existe] = await db.select({ id: entidades.id }).from(entidades).where(eq(entidades.nombre, EMPRESA));
  if (existe) {
    const n = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ordenes where entidad_id = ${existe.id}`,
    );
    if ((n.rows[0]?.n ?? 0) >= ORDENES) return { entidadId: existe.id };
    throw new Error(`${EMPRESA} existe con menos de ${ORDENES} órdenes: use BENCH_RESEED=1`);
  }
  console.log(`  sembrando ${EMPRESA}: ${ORDENES.toLocaleString('es-AR')} órdenes...`);
  const t = Date.now();
  const now = new Date();
  await seedCatalogo(db);
  const hash = await hashSecret(md5(PASSWORD_BENCH));
  const { entidadId: e, historial } = await sembrarEmpresaBench(db, {
    nombre: EMPRESA,
    now,
    clientes: { cuantos: 50, de: EMPRESA },
    usuario: USUARIO,
    hash,
    duenio: { nombre: 'Dueña', apellido: 'Grande' },
    operarios: { cuantos: 20, apellido: 'Grande' },
  });
  const lote = 10_000;
  for (let i = 0; i < ORDENES; i += lote) {
    await db.transaction(async (tx) => {
      await makeOrdenesHistoricas(tx, {
        ...historial,
        count: Math.min(lote, ORDENES - i),
        desde: inicioDeMes(now, -24),
        hasta: now,
        seed: 1000 + i,
      });
    });
    process.stdout.write(`  ${Math.min(i + lote, ORDENES).toLocaleString('es-AR')} órdenes\r`);
  }
  // Hours on a third of the orders and expenses on a fifth, so the export's last columns have data.
  await db.execute(sql`
    insert into registro_horas (entidad_id, orden_id, usuario_id, autor_id, fecha, dia, minutos, descripcion)
    select o.entidad_id, o.id, r.usuario_id, r.usuario_id, o.creada, (o.creada at time zone 'America/Argentina/Buenos_Aires')::date,
           30 + (o.id % 8) * 30, 'Trabajo en sitio'
    from ordenes o join lateral (select usuario_id from orden_responsables where orden_id = o.id limit 1) r on true
    where o.entidad_id = ${e} and o.id % 3 = 0`);
  await db.execute(sql`
    insert into registro_gastos (entidad_id, orden_id, autor_id, fecha, concepto, centavos, moneda)
    select o.entidad_id, o.id, o.registro_responsable_id, o.creada, 'Materiales', 10000 + (o.id % 50) * 1000, case when o.id % 10 = 0 then 'USD' else 'ARS' end
    from ordenes o where o.entidad_id = ${e} and o.id % 5 = 0`);
  await db.execute(sql`analyze`);
  console.log(`\n  ${EMPRESA} lista en ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return { entidadId: e };
}

/** An order of Empresa Grande with 20 files of 50 MB, written straight into the storage (once). */
async function prepararArchivos(
  db: Db,
  entidadId: number,
  storageDir: string,
): Promise<{ ordenId: number; bytes: number }> {
  const [o] = await db
    .select({ id: ordenes.id, usuario: ordenes.registroResponsableId })
    .from(ordenes)
    .where(eq(ordenes.entidadId, entidadId))
    .orderBy(ordenes.id)
    .limit(1);
  if (!o) throw new Error('sin órdenes');
  const bytes = MB_POR_ARCHIVO * 1024 * 1024;
  const filas = await db.select({ id: ordenArchivos.id }).from(ordenArchivos).where(eq(ordenArchivos.ordenId, o.id));
  const claves = Array.from(
    { length: ARCHIVOS },
    (_, i) => `e${entidadId}/o${o.id}/bench-${String(i + 1).padStart(2, '0')}`,
  );
  const faltan = claves.filter((k) => {
    try {
      return fs.statSync(path.join(storageDir, k)).size !== bytes;
    } catch {
      return true;
    }
  });
  if (faltan.length) {
    console.log(`  escribiendo ${faltan.length} archivos de ${MB_POR_ARCHIVO} MB en el almacenamiento...`);
    for (const k of faltan) {
      const p = path.join(storageDir, k);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      let left = bytes;
      const src = Readable.from(
        (function* () {
          while (left > 0) {
            const n = Math.min(left, 1024 * 1024);
            left -= n;
            yield randomBytes(n);
          }
        })(),
      );
      await pipeline(src, fs.createWriteStream(p));
    }
  }
  if (filas.length !== ARCHIVOS) {
    await db.delete(ordenArchivos).where(eq(ordenArchivos.ordenId, o.id));
    await db.insert(ordenArchivos).values(
      claves.map((clave, i) => ({
        entidadId,
        ordenId: o.id,
        nombre: `foto-${String(i + 1).padStart(2, '0')}.jpg`,
        mime: 'image/jpeg',
        tamanio: bytes,
        sha256: 'bench',
        esImagen: true,
        clave,
        claveMiniatura: null,
        usuarioId: o.usuario,
      })),
    );
  }
  return { ordenId: o.id, bytes: bytes * ARCHIVOS };
}

/** Reads the .xlsx back with exceljs' streaming reader and counts the data rows. */
async function contarFilas(file: string): Promise<number> {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
  });
  for await (const ws of reader) {
    for await (const row of ws) {
      if (row.number > 1) rows++;
    }
  }
  return rows;
}

export async function benchFiles(o: {
  url: string;
  dbUrl: string;
  dataDir: string;
  outDir: string;
  rssMb: () => number;
}): Promise<FilesBenchResult> {
  const database = await openDatabase({ databaseUrl: o.dbUrl });
  await database.migrate();
  let ordenId: number;
  let bytes: number;
  try {
    const { entidadId } = await sembrarEmpresaGrande(database.db);
    ({ ordenId, bytes } = await prepararArchivos(database.db, entidadId, path.join(o.dataDir, 'archivos')));
  } finally {
    await database.close();
  }
  const headers = { authorization: `${USUARIO}#${md5(PASSWORD_BENCH)}` };

  // 1. Excel export of every order of the company.
  const xlsx = path.join(o.outDir, 'ordenes-100k.xlsx');
  const t0 = Date.now();
  const ex = await conPico(o.rssMb, async () => {
    const r = await fetch(`${o.url}/api/v2/ordenes/exportar?tsp=1`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    if (r.status !== 200 || !r.body) throw new Error(`exportar: ${r.status} ${await r.text()}`);
    await pipeline(Readable.fromWeb(r.body as import('node:stream/web').ReadableStream), fs.createWriteStream(xlsx));
    return fs.statSync(xlsx).size;
  });
  const exSeconds = (Date.now() - t0) / 1000;
  const rowsRead = await contarFilas(xlsx);

  // 2. ZIP of 1 GB.
  const t1 = Date.now();
  const zp = await conPico(o.rssMb, async () => {
    const r = await fetch(`${o.url}/api/v2/descargarZip/${ordenId}?tsp=1`, { headers });
    if (r.status !== 200 || !r.body) throw new Error(`zip: ${r.status} ${await r.text()}`);
    let total = 0;
    let cola = Buffer.alloc(0);
    for await (const chunk of r.body as AsyncIterable<Uint8Array>) {
      total += chunk.length;
      cola = Buffer.concat([cola, Buffer.from(chunk)]).subarray(-4096);
    }
    // ZIP64 end record or classic end of central directory: count the entries.
    const eocd = cola.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const entries = eocd >= 0 ? cola.readUInt16LE(eocd + 10) : -1;
    return { total, entries };
  });
  const zipSeconds = (Date.now() - t1) / 1000;

  return {
    export: {
      rows: ORDENES,
      rowsRead,
      bytes: ex.value,
      seconds: Math.round(exSeconds * 10) / 10,
      rowsPerSecond: Math.round(rowsRead / exSeconds),
      rssBeforeMb: ex.beforeMb,
      peakRssMb: ex.peakMb,
    },
    zip: {
      files: ARCHIVOS,
      bytes,
      zipBytes: zp.value.total,
      entries: zp.value.entries,
      seconds: Math.round(zipSeconds * 10) / 10,
      mbPerSecond: Math.round(zp.value.total / 1024 / 1024 / zipSeconds),
      rssBeforeMb: zp.beforeMb,
      peakRssMb: zp.peakMb,
    },
  };
}
