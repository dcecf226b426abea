import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/kernel/db/client.js';
import { cifradorCon } from '../src/modules/client-side/index.js';
import { secretosDeInstancia } from '../src/modules/secretos/index.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { auth, basePgNueva, makeEntidad, makeUsuario } from './helpers.js';

/**
 * Two instances, each with its own pool and its own data folder, on one PostgreSQL database that
 * has no secrets yet, started at the same moment: both end with the same VAPID key and link key.
 */
let url = '';
let borrarBase = async () => undefined as void;
const bases: Database[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  ({ url, drop: borrarBase } = await basePgNueva());
  for (let i = 0; i < 2; i++) {
    bases.push(await openDatabase({ databaseUrl: url }));
    dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `delego-instancia-${i}-`)));
  }
  await bases[0]?.migrate();
  const db = (bases[0] as Database).db;
  await seedCatalogo(db);
  const entidadId = await makeEntidad(db, { nombre: 'Cluster S.A.', plan: 'Pyme', now: new Date() });
  await makeUsuario(db, { entidadId, usuario: 'ana', nombre: 'Ana', apellido: 'Paz' });
});
afterAll(async () => {
  for (const b of bases) await b.close();
  await borrarBase();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('dos instancias en un PostgreSQL', () => {
  it('arrancan juntas y tienen la misma clave VAPID y la misma clave de enlaces', async () => {
    const apps = await Promise.all(
      bases.map((database, i) => buildApp({ config: testConfig({ dataDir: dirs[i] as string }), database })),
    );
    const claves = await Promise.all(
      apps.map(async (app) => {
        const r = await app.inject({ method: 'GET', url: '/api/v2/notificaciones/vapid', headers: auth('ana') });
        expect(r.statusCode, r.body).toBe(200);
        return (r.json() as { publicKey: string }).publicKey;
      }),
    );
    expect(claves[0]).toBe(claves[1]);
    for (const app of apps) await app.close();

    const log = { info: () => undefined } as unknown as Parameters<typeof secretosDeInstancia>[0]['log'];
    const [s0, s1] = await Promise.all(
      bases.map((b, i) => secretosDeInstancia({ db: b.db, config: testConfig({ dataDir: dirs[i] as string }), log })),
    );
    const enlace = cifradorCon(s0!.claveEnlaces).cifrar('token') as string;
    expect(cifradorCon(s1!.claveEnlaces).descifrar(enlace)).toBe('token');
    expect(s0!.vapid).toEqual(s1!.vapid);
    // Nothing was written to either data folder.
    for (const d of dirs) expect(fs.readdirSync(d)).toEqual([]);
  });
});
