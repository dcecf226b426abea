import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import type { Database } from '../src/kernel/db/client.js';
import { cifradorCon } from '../src/modules/client-side/index.js';
import { nuevasClavesVapid, secretosDeInstancia } from '../src/modules/secretos/index.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { auth, makeEntidad, makeUsuario, openTestDatabase } from './helpers.js';

/**
 * The installation's secrets live in the database (secretos_instancia): an upgraded data folder's
 * vapid.json and enlaces.key are imported once, every app on the database reads the same values,
 * and no value reaches the log.
 */
let database: Database;
let drop: () => Promise<void>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-secretos-'));
const lineas: string[] = [];
const logStream = new Writable({
  write(c: Buffer, _e, cb) {
    lineas.push(c.toString());
    cb();
  },
});

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.migrate();
  await seedCatalogo(database.db);
  const now = new Date();
  const entidadId = await makeEntidad(database.db, { nombre: 'Secretos S.A.', plan: 'Pyme', now });
  await makeUsuario(database.db, { entidadId, usuario: 'ana', nombre: 'Ana', apellido: 'Paz' });
});
afterAll(async () => {
  await drop?.();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** An app on the shared database, with the default Web Push sender (its VAPID keys from the table). */
async function instancia() {
  const app = await buildApp({
    config: testConfig({ dataDir: dir, logLevel: 'info' }),
    database,
    logStream,
  });
  await app.ready();
  const r = await app.inject({ method: 'GET', url: '/api/v2/notificaciones/vapid', headers: auth('ana') });
  expect(r.statusCode, r.body).toBe(200);
  await app.close();
  return (r.json() as { publicKey: string }).publicKey;
}

const filas = async () =>
  (await database.db.execute<{ nombre: string }>(sql`select nombre from secretos_instancia order by nombre`)).rows.map(
    (r) => r.nombre,
  );

describe('secretos de la instancia en la base', () => {
  it('una carpeta de datos anterior: vapid.json y enlaces.key se importan una vez, y nada se escribe en el log', async () => {
    const vapid = nuevasClavesVapid();
    const clave = randomBytes(32);
    fs.writeFileSync(path.join(dir, 'vapid.json'), JSON.stringify(vapid));
    fs.writeFileSync(path.join(dir, 'enlaces.key'), clave.toString('base64url'));
    expect(await filas()).toEqual([]);

    expect(await instancia()).toBe(vapid.publicKey);
    expect(await filas()).toEqual(['enlaces', 'vapid']);
    const cifrado = cifradorCon(clave).cifrar('token-de-un-enlace') as string;
    const leidos = await secretosDeInstancia({ db: database.db, config: testConfig({ dataDir: dir }), log: silencio });
    expect(leidos.vapid).toEqual(vapid);
    expect(cifradorCon(leidos.claveEnlaces).descifrar(cifrado)).toBe('token-de-un-enlace');

    const log = lineas.join('');
    expect(log).toContain('secretos.importado');
    expect(log).toContain('vapid.json');
    for (const secreto of [vapid.privateKey, vapid.publicKey, clave.toString('base64url')]) {
      expect(log).not.toContain(secreto);
    }

    // Once in the table, the files are not read again: another pair there changes nothing.
    fs.writeFileSync(path.join(dir, 'vapid.json'), JSON.stringify(nuevasClavesVapid()));
    fs.rmSync(path.join(dir, 'enlaces.key'));
    expect(await instancia()).toBe(vapid.publicKey);
    const otra = await secretosDeInstancia({ db: database.db, config: testConfig({ dataDir: dir }), log: silencio });
    expect(otra.claveEnlaces.equals(clave)).toBe(true);
  });

  it('sin archivos: las claves se crean una vez y todas las apps de la base leen las mismas', async () => {
    await database.db.execute(sql`delete from secretos_instancia`);
    fs.rmSync(path.join(dir, 'vapid.json'), { force: true });
    const [a, b] = await Promise.all([instancia(), instancia()]);
    expect(a).toBe(b);
    expect(Buffer.from(a, 'base64url')).toHaveLength(65);
    expect(await instancia()).toBe(a);
    expect(fs.existsSync(path.join(dir, 'vapid.json'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'enlaces.key'))).toBe(false);
    const s = await secretosDeInstancia({ db: database.db, config: testConfig({ dataDir: dir }), log: silencio });
    expect(s.claveEnlaces).toHaveLength(32);
    expect(s.vapid.publicKey).toBe(a);
    expect(Buffer.from(s.vapid.privateKey, 'base64url')).toHaveLength(32);
  });

  it('un vapid.json dañado no se importa: se crean claves nuevas', async () => {
    await database.db.execute(sql`delete from secretos_instancia`);
    fs.writeFileSync(path.join(dir, 'vapid.json'), '{"publicKey": "corta"');
    const k = await instancia();
    expect(Buffer.from(k, 'base64url')).toHaveLength(65);
  });
});

const silencio = { info: () => undefined } as unknown as Parameters<typeof secretosDeInstancia>[0]['log'];
