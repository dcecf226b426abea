import { afterAll, beforeAll, expect, it } from 'vitest';
import { MENSAJES, type UsuarioAdmin } from '@delego/contract';
import type { DbOrTx } from '../../src/kernel/db/client.js';
import { AppError } from '../../src/kernel/errors.js';
import { TenantCache } from '../../src/kernel/tenant-cache.js';
import { CredentialCache } from '../../src/modules/identity/credential-cache.js';
import { moduloIdentidad, type Invitaciones } from '../../src/modules/identity/index.js';
import type { CorreoNuevo } from '../../src/modules/mail/index.js';
import { auth, makeUsuario } from '../helpers.js';
import { bancoDeModulo, type Banco } from './banco.js';

/**
 * The identity module alone: the kernel's database and bus, its two caches, fakes of the three
 * ports it declares (clients, entidades, plans) and a fake of the invitations' writer (accounts).
 */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

const IP = '203.0.113.9';

/** An invitations' writer that records what it was asked, and in which transaction. */
function invitacionesFalsas(o: { falla?: boolean } = {}) {
  const invitados: { tx: DbOrTx; id: number; email: string }[] = [];
  let enviadas = 0;
  const inv: Invitaciones = {
    invite: async (tx, _actor, invitado) => {
      if (o.falla) throw new AppError('DEMASIADOS_INTENTOS', 'Demasiadas invitaciones.');
      invitados.push({ tx, id: invitado.id, email: invitado.email });
    },
    revoke: async () => undefined,
    flush: () => {
      enviadas++;
    },
  };
  return { inv, invitados, enviadas: () => enviadas };
}

/** A mail port that records what Mi cuenta queues, and in which transaction. */
const correos: { tx: DbOrTx; correo: CorreoNuevo }[] = [];
let despertado = 0;

function armar() {
  return moduloIdentidad(b.nucleo, {
    clients: { find: async () => undefined },
    entidades: { find: async (id) => ({ id, nombre: id === b.entidadId ? 'Módulo SA' : 'Otra SA', logo: null }) },
    plans: { estado: async () => null },
    usuarios: new TenantCache<UsuarioAdmin[]>({ ttlMs: 60_000, maxEntradas: 10 }),
    credenciales: new CredentialCache(60_000),
    mail: {
      enqueueHasta: async (tx, correo) => {
        correos.push({ tx, correo });
        return true;
      },
      kick: () => {
        despertado++;
      },
    },
    publicUrl: 'https://delego.example',
  });
}

it('autentica un encabezado, sirve sus rutas y no ve los usuarios de otra empresa', async () => {
  const m = armar();
  const falsas = invitacionesFalsas();
  m.puerto.setInvitaciones(falsas.inv);
  const db = b.database.db;
  await makeUsuario(db, {
    entidadId: b.entidadId,
    usuario: 'ana.mod',
    nombre: 'Ana',
    roles: ['PROPIETARIO'],
    permisos: ['altaUsuarios'],
  });
  const roberto = await makeUsuario(db, { entidadId: b.otraEntidadId, usuario: 'roberto.mod', nombre: 'Roberto' });

  await expect(m.puerto.authenticate(auth('ana.mod', 'Otra1234!').authorization, IP)).rejects.toMatchObject({
    code: 'LOGIN_INVALIDO',
    message: MENSAJES.loginInvalido,
  });
  const actor = await m.puerto.authenticate(auth('ana.mod').authorization, IP);
  expect(actor).toMatchObject({ usuario: 'ana.mod', entidadId: b.entidadId });
  expect(m.puerto.cached(auth('ana.mod').authorization, IP)).toMatchObject({ usuario: 'ana.mod' });

  const app = await b.servir(m, actor);
  const h = { authorization: 'prueba' };
  const login = await app.inject({ method: 'GET', url: '/api/v4/login', headers: h });
  expect(login.statusCode, login.body).toBe(200);
  expect(login.json()).toMatchObject({ usuario: 'ana.mod', entidadNombre: 'Módulo SA' });

  const lista = await app.inject({ method: 'GET', url: '/api/v2/usuarios', headers: h });
  expect((lista.json() as UsuarioAdmin[]).map((u) => u.usuario)).toEqual(['ana.mod']);
  const ajeno = await app.inject({ method: 'GET', url: `/api/v4/usuario/${roberto}`, headers: h });
  expect(ajeno.statusCode).toBe(404);

  // An invited user: the writer is called inside the save's transaction, then told to send.
  const alta = await app.inject({
    method: 'POST',
    url: '/api/v4/usuario',
    headers: h,
    payload: { usuario: 'bruno.mod', nombre: 'Bruno', email: 'bruno@modulo.com.ar', invitar: true },
  });
  expect(alta.statusCode, alta.body).toBe(200);
  const bruno = alta.json() as UsuarioAdmin;
  expect(bruno.invitacionPendiente).toBe(true);
  expect(falsas.invitados).toEqual([{ tx: expect.anything(), id: bruno.id, email: 'bruno@modulo.com.ar' }]);
  expect(falsas.invitados[0]?.tx).not.toBe(db);
  expect(falsas.enviadas()).toBe(1);
  expect(b.eventos).toContainEqual({ type: 'usuarios.cambiados', entidadId: b.entidadId });

  // The port, as accounts and the order screens use it.
  expect((await m.puerto.listCuentas('bruno@modulo.com.ar')).map((c) => c.id)).toEqual([bruno.id]);
  expect((await m.puerto.activosDeEmpresa(b.otraEntidadId)).map((u) => u.id)).toEqual([roberto]);
  expect((await m.puerto.activosDeEmpresa(b.entidadId)).map((u) => u.usuario).sort()).toEqual(['ana.mod', 'bruno.mod']);

  expect(() => m.puerto.setInvitaciones(invitacionesFalsas().inv)).toThrow();
  const sinSesion = await app.inject({ method: 'GET', url: '/api/v2/usuarios' });
  expect(sinSesion.statusCode).toBe(401);
});

it('la invitación va en la transacción del usuario: si el escritor la rechaza, el usuario no queda', async () => {
  const m = armar();
  const falsas = invitacionesFalsas({ falla: true });
  m.puerto.setInvitaciones(falsas.inv);
  const admin = b.actor({
    roles: [{ id: 1, nombre: 'PROPIETARIO', descripcion: 'Propietario' }],
    permisosResumen: [{ nombre: 'altaUsuarios' }],
  });
  const app = await b.servir(m, admin);
  const r = await app.inject({
    method: 'POST',
    url: '/api/v4/usuario',
    headers: { authorization: 'prueba' },
    payload: { usuario: 'carla.mod', nombre: 'Carla', email: 'carla@modulo.com.ar', invitar: true },
  });
  expect(r.statusCode).toBe(429);
  expect(await m.puerto.listCuentas('carla.mod')).toEqual([]);
  expect(falsas.enviadas()).toBe(0);
});

it('Mi cuenta: un email nuevo avisa a la dirección anterior, en la transacción del cambio; sin cambios, nada', async () => {
  const m = armar();
  await makeUsuario(b.database.db, {
    entidadId: b.entidadId,
    usuario: 'dora.mod',
    nombre: 'Dora',
    email: 'dora@modulo.com.ar',
  });
  const actor = await m.puerto.authenticate(auth('dora.mod').authorization, IP);
  const app = await b.servir(m, actor);
  const perfil = (payload: object) =>
    app.inject({ method: 'PUT', url: '/api/v2/profile', headers: { authorization: 'prueba' }, payload });
  correos.length = 0;
  despertado = 0;

  expect((await perfil({ nombre: 'Dora' })).statusCode).toBe(200);
  expect(correos).toEqual([]);

  const r = await perfil({ email: 'dora.nueva@modulo.com.ar' });
  expect(r.statusCode, r.body).toBe(200);
  expect(correos).toHaveLength(1);
  expect(correos[0]!.tx).not.toBe(b.database.db);
  expect(correos[0]!.correo).toMatchObject({
    tipo: 'seguridad_cuenta',
    para: 'dora@modulo.com.ar',
    entidadId: b.entidadId,
  });
  expect(correos[0]!.correo.contenido.texto).toContain('d•••@modulo[.]com[.]ar');
  expect(correos[0]!.correo.contenido.texto).not.toContain('dora.nueva');
  expect(despertado).toBe(1);
});
