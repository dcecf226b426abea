import { CredentialsService } from '../src/modules/identity/credentials.service.js';
import { EntidadesService } from '../src/modules/entidades/entidades.service.js';
import { setTimeout as esperar } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PERMISOS_GLOBALES } from '@delego/contract';
import { testConfig } from '../src/config.js';
import { usuarioPermisos, usuarios } from '../src/db/schema.js';
import { AuthService } from '../src/modules/identity/auth.service.js';
import { CredentialCache } from '../src/modules/identity/credential-cache.js';
import { hashSecret, verifySecret } from '../src/modules/identity/password.js';
import { auth, createTestEnv, makeEntidad, makeUsuario, md5, type TestEnv } from './helpers.js';

/** How long a verified header is served before it must be verified again, in this file. */
const TTL_MS = 40;
const vencer = () => esperar(TTL_MS + 20);
const IP = '203.0.113.7';

let env: TestEnv;
let demo: number;
/** The service as the app builds it, with its own short-lived cache and argon2 counted. */
let servicio: AuthService;
let verificaciones = 0;

beforeAll(async () => {
  env = await createTestEnv({ config: testConfig({ credentialCacheTtlMs: TTL_MS }) });
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo Servicios S.A.', plan: 'Pyme', now });
  const otra = await makeEntidad(db, { nombre: 'Otra Empresa S.R.L.', plan: 'Pyme', now });
  for (const usuario of ['renueva', 'cambiada', 'baja', 'permisos', 'http'])
    await makeUsuario(db, { entidadId: demo, usuario, nombre: 'Ana', permisos: PERMISOS_GLOBALES });
  await makeUsuario(db, { entidadId: otra, usuario: 'otra', nombre: 'Roberto', permisos: PERMISOS_GLOBALES });
  const credenciales = new CredentialsService(db);
  servicio = new AuthService({
    users: credenciales,
    permissions: credenciales,
    plans: env.puertos().plans,
    entidades: new EntidadesService(db),
    credenciales: new CredentialCache(TTL_MS),
    verificar: (hash, md5Hex) => {
      verificaciones++;
      return verifySecret(hash, md5Hex);
    },
  });
});
afterAll(() => env?.close());

const entrar = (usuario: string, password?: string) => servicio.authenticate(auth(usuario, password).authorization, IP);
/** A refused password or user: LOGIN_INVALIDO (403 over HTTP, SPEC §3). */
const rechazo = { code: 'LOGIN_INVALIDO' };

describe('renovación de una credencial vencida (ADR 0003)', () => {
  it('el mismo encabezado contra el mismo hash guardado se renueva sin otro argon2', async () => {
    const antes = verificaciones;
    expect((await entrar('renueva')).usuario).toBe('renueva');
    expect(verificaciones).toBe(antes + 1);
    for (let i = 0; i < 3; i++) {
      await vencer();
      expect(servicio.cached(auth('renueva').authorization, IP)).toBeUndefined();
      expect(await entrar('renueva')).toMatchObject({ usuario: 'renueva', entidadId: demo });
    }
    expect(verificaciones).toBe(antes + 1);
  });

  it('otra contraseña del mismo usuario se verifica entera y no entra', async () => {
    await entrar('renueva');
    await vencer();
    const antes = verificaciones;
    await expect(entrar('renueva', 'Otra1234!')).rejects.toMatchObject(rechazo);
    expect(verificaciones).toBe(antes + 1);
  });

  it('una contraseña cambiada en la base (sin evento) deja de valer al vencer', async () => {
    await entrar('cambiada');
    const nuevo = await hashSecret(md5('Nueva1234!'));
    await env.database.db.update(usuarios).set({ passwordHash: nuevo }).where(eq(usuarios.usuario, 'cambiada'));
    await vencer();
    const antes = verificaciones;
    await expect(entrar('cambiada')).rejects.toMatchObject(rechazo);
    expect(verificaciones).toBe(antes + 1);
    expect((await entrar('cambiada', 'Nueva1234!')).usuario).toBe('cambiada');
  });

  it('la renovación vuelve a leer al usuario: una baja y los permisos cambiados en la base cuentan', async () => {
    await entrar('baja');
    await env.database.db.update(usuarios).set({ activo: false }).where(eq(usuarios.usuario, 'baja'));
    await vencer();
    await expect(entrar('baja')).rejects.toMatchObject(rechazo);

    expect((await entrar('permisos')).permisosResumen.length).toBeGreaterThan(0);
    // Straight in the database, as a change that no event announces.
    const db = env.database.db;
    const [fila] = await db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.usuario, 'permisos'));
    await db.delete(usuarioPermisos).where(eq(usuarioPermisos.usuarioId, Number(fila?.id)));
    await vencer();
    const antes = verificaciones;
    expect((await entrar('permisos')).permisosResumen).toEqual([]);
    expect(verificaciones).toBe(antes);
  });

  it('el encabezado de un usuario no renueva a otro, ni de otra empresa', async () => {
    await entrar('renueva');
    await vencer();
    const antes = verificaciones;
    const otra = await entrar('otra');
    expect(otra.usuario).toBe('otra');
    expect(otra.entidadId).not.toBe(demo);
    expect(verificaciones).toBe(antes + 1);
  });

  it('por HTTP: una credencial vencida se renueva y la llamada responde como siempre', async () => {
    const login = () => env.app.inject({ method: 'GET', url: '/api/v4/login', headers: auth('http') });
    expect((await login()).statusCode).toBe(200);
    await vencer();
    const r = await login();
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ usuario: 'http', entidadId: demo });
    await env.database.db.update(usuarios).set({ activo: false }).where(eq(usuarios.usuario, 'http'));
    await vencer();
    expect((await login()).statusCode).toBe(403);
  });
});
