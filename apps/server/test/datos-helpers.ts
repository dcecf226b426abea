/** Shared by the data tool tests (move, backup, restore): the npm scripts as real processes. */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { basePgNueva } from './helpers.js';
import { testConfig } from '../src/config.js';
import type { Database } from '../src/kernel/db/client.js';

export const REPO = path.resolve(import.meta.dirname, '..', '..', '..');

/** Runs `npm run <script> -- args` from the repository's root; resolves with its exit code and output. */
export function npmRun(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: REPO, env: childEnv });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** A new, empty database on the test PostgreSQL; `drop` removes it. */
export const baseVacia = basePgNueva;

/**
 * Orders for the demo's «Otra Empresa» straight into its tables (triggers and rollups as the app's
 * own inserts fire them), numbered after its last one: thousands in a second.
 */
export async function muchasOrdenes(database: Database, cuantas: number): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ordenes (entidad_id, numero, titulo, detalle, estado_id, cliente_id, fecha_inicio,
                           registro_responsable_id, creada, actualizada, finalizada)
      select u.entidad_id, e.ultimo_numero_orden + g, 'Orden masiva ' || g, 'Revisión n.º ' || g || ' ñandú',
             1 + (g % 3), (select min(id) from clientes c where c.entidad_id = u.entidad_id),
             now() - g * interval '37 minutes', u.id, now() - g * interval '41 minutes', now(),
             case when g % 3 = 2 then now() - g * interval '13 minutes' end
        from usuarios u join entidades e on e.id = u.entidad_id, generate_series(1, ${cuantas}) g
       where u.usuario = 'otra'`);
    await tx.execute(sql`
      update entidades set ultimo_numero_orden = ultimo_numero_orden + ${cuantas}
       where id = (select entidad_id from usuarios where usuario = 'otra')`);
  });
}

/** What a user sees through the app: login, the first page of the order list, two statistics. */
export async function loQueVe(database: Database, usuario: string, authorization: string): Promise<unknown> {
  const app = await buildApp({ config: testConfig(), database, push: null });
  await app.ready();
  try {
    const headers = { authorization };
    const login = await app.inject({ method: 'GET', url: '/api/v4/login', headers });
    const lista = await app.inject({
      method: 'POST',
      url: '/api/v4/ordenes/all/filtered',
      headers,
      payload: { orden: 'recientes' },
    });
    const rango = { fechaDesde: Date.now() - 4 * 365 * 86_400_000, fechaHasta: Date.now() + 86_400_000 };
    const porEstado = await app.inject({
      method: 'POST',
      url: '/api/v2/estadisticas/ordenes-por-estado',
      headers,
      payload: rango,
    });
    const semanas = await app.inject({
      method: 'POST',
      url: '/api/v2/estadisticas/creadas-vs-finalizadas-mes',
      headers,
      payload: rango,
    });
    for (const r of [login, lista, porEstado, semanas]) {
      if (r.statusCode !== 200) throw new Error(`${usuario}: ${r.statusCode} ${r.body}`);
    }
    return { login: login.json(), lista: lista.json(), porEstado: porEstado.json(), semanas: semanas.json() };
  } finally {
    await app.close();
  }
}

/** A small PNG of one colour (each `n` a different picture), so uploads make a thumbnail too. */
export async function png(n: number): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({
    create: { width: 48, height: 32, channels: 3, background: { r: n % 256, g: (n * 7) % 256, b: (n * 13) % 256 } },
  })
    .png()
    .toBuffer();
}

/** Reads the manifest at the end of a backup archive (with tar-stream itself, not the restore's reader). */
export async function manifiestoDe(archivo: string): Promise<import('../src/datos/respaldo.js').Manifiesto> {
  const { createGunzip } = await import('node:zlib');
  const { extract } = await import('tar-stream');
  for await (const e of fs.createReadStream(archivo).pipe(createGunzip()).pipe(extract())) {
    const partes: Buffer[] = [];
    for await (const t of e) partes.push(t as Buffer);
    if (e.header.name === 'manifiesto.json') return JSON.parse(Buffer.concat(partes).toString('utf8'));
  }
  throw new Error('sin manifiesto');
}

/** SHA-256 of every file under a folder, by its key (path relative to the folder). */
export function sumasDeArchivos(carpeta: string): Record<string, string> {
  const sumas: Record<string, string> = {};
  const recorrer = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) recorrer(p);
      else
        sumas[path.relative(carpeta, p).split(path.sep).join('/')] = createHash('sha256')
          .update(fs.readFileSync(p))
          .digest('hex');
    }
  };
  if (fs.existsSync(carpeta)) recorrer(carpeta);
  return sumas;
}
