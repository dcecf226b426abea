import { setTimeout as esperar } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { PERMISOS_GLOBALES } from '@delego/contract';
import { testConfig } from '../src/config.js';
import { usuarioPermisos, usuarios } from '../src/db/schema.js';
import { hashSecret } from '../src/modules/auth/password.js';
import { auth, createTestEnv, makeEntidad, makeUsuario, md5, type TestEnv } from './helpers.js';

// Counts the argon2 verifications the server runs (the real ones still run).
const verificaciones = vi.hoisted(() => ({ n: 0 }));
vi.mock('../src/modules/auth/password.js', async (original) => {
  const real = await original<typeof import('../src/modules/auth/password.js')>();
  return {
    ...real,
    verifySecret: (hash: string, md5Hex: string) => {
      verificaciones.n++;
      return real.verifySecret(hash, md5Hex);
    },
  };
});

/** How long a verified header is served before it must be verified again, in this file. */
const TTL_MS = 40;

let env: TestEnv;
let demo: number;

beforeAll(async () => {
  env = await createTestEnv({ config: testConfig({ credentialCacheTtlMs: TTL_MS }) });
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo Servicios S.A.', plan: 'Pyme', now });
  const otra = await makeEntidad(db, { nombre: 'Otra Empresa S.R.L.', plan: 'Pyme', now });
  for (const usuario of ['renueva', 'cambiada', 'baja', 'permisos'])
    await makeUsuario(db, { entidadId: demo, usuario, nombre: 'Ana', permisos: PERMISOS_GLOBALES });
  await makeUsuario(db, { entidadId: otra, usuario: 'otra', nombre: 'Roberto', permisos: PERMISOS_GLOBALES });
});
afterAll(() => env?.close());

const login = (headers: Record<string, string>) => env.app.inject({ method: 'GET', url: '/api/v4/login', headers });
// A refused password or user answers 403 LOGIN_INVALIDO (SPEC §3), as in auth.test.ts.
const vencer = () => esperar(TTL_MS + 20);

describe('renovación de una credencial vencida (ADR 0003)', () => {
  it('el mismo encabezado contra el mismo hash guardado se renueva sin otro argon2', async () => {
    const antes = verificaciones.n;
    expect((await login(auth('renueva'))).statusCode).toBe(200);
    expect(verificaciones.n).toBe(antes + 1);
    for (let i = 0; i < 3; i++) {
      await vencer();
      const r = await login(auth('renueva'));
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ usuario: 'renueva', entidadId: demo });
    }
    expect(verificaciones.n).toBe(antes + 1);
  });

  it('otra contraseña del mismo usuario se verifica entera y no entra', async () => {
    expect((await login(auth('renueva'))).statusCode).toBe(200);
    await vencer();
    const antes = verificaciones.n;
    expect((await login(auth('renueva', 'Otra1234!'))).statusCode).toBe(403);
    expect(verificaciones.n).toBe(antes + 1);
  });

  it('una contraseña cambiada en la base (sin evento) deja de valer al vencer', async () => {
    expect((await login(auth('cambiada'))).statusCode).toBe(200);
    const nuevo = await hashSecret(md5('Nueva1234!'));
    await env.database.db.update(usuarios).set({ passwordHash: nuevo }).where(eq(usuarios.usuario, 'cambiada'));
    await vencer();
    const antes = verificaciones.n;
    expect((await login(auth('cambiada'))).statusCode).toBe(403);
    expect(verificaciones.n).toBe(antes + 1);
    expect((await login(auth('cambiada', 'Nueva1234!'))).statusCode).toBe(200);
  });

  it('la renovación vuelve a leer al usuario: una baja y los permisos cambiados en la base cuentan', async () => {
    expect((await login(auth('baja'))).statusCode).toBe(200);
    await env.database.db.update(usuarios).set({ activo: false }).where(eq(usuarios.usuario, 'baja'));
    await vencer();
    expect((await login(auth('baja'))).statusCode).toBe(403);

    const r = await login(auth('permisos'));
    expect(r.json().permisosResumen.length).toBeGreaterThan(0);
    // Straight in the database, as a change that no event announces.
    const db = env.database.db;
    const [fila] = await db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.usuario, 'permisos'));
    await db.delete(usuarioPermisos).where(eq(usuarioPermisos.usuarioId, Number(fila?.id)));
    await vencer();
    const antes = verificaciones.n;
    const despues = await login(auth('permisos'));
    expect(despues.statusCode).toBe(200);
    expect(despues.json().permisosResumen).toEqual([]);
    expect(verificaciones.n).toBe(antes);
  });

  it('el encabezado de un usuario no renueva a otro, ni de otra empresa', async () => {
    expect((await login(auth('renueva'))).statusCode).toBe(200);
    await vencer();
    const antes = verificaciones.n;
    const r = await login(auth('otra'));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ usuario: 'otra' });
    expect(r.json().entidadId).not.toBe(demo);
    expect(verificaciones.n).toBe(antes + 1);
  });
});
