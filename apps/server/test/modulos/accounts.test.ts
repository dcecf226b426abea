import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DbOrTx } from '../../src/kernel/db/client.js';
import { moduloCuentas, type DepsCuentas } from '../../src/modules/accounts/index.js';
import type { CuentaRow, Invitaciones, PropietarioNuevo } from '../../src/modules/identity/index.js';
import { makeUsuario, md5 } from '../helpers.js';
import { bancoDeModulo, type Banco } from './banco.js';

/**
 * The accounts module alone: the kernel's database and clock, and fakes of exactly the ports it
 * declares: identity's sign-up side, entidades' names, and the outbox.
 */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

interface Encolado {
  tipo: string;
  para: string;
  entidadId: number | null;
}

/** Identity's sign-up side over an in-memory list of accounts, and an outbox that records. */
function falsos(cuentas: CuentaRow[]) {
  const encolados: Encolado[] = [];
  const propietarios: PropietarioNuevo[] = [];
  const confirmadas: number[] = [];
  let invitaciones: Invitaciones | undefined;
  const identidad: DepsCuentas['identidad'] = {
    findCuenta: async (id) => cuentas.find((c) => c.id === id),
    listCuentas: async (v) => cuentas.filter((c) => c.usuario === v || c.email === v),
    loginTaken: async (_tx, u) => cuentas.some((c) => c.usuario === u),
    emailTaken: async (_tx, e) => cuentas.some((c) => c.email === e),
    // The links' tokens name a real user (a foreign key): the fake writes the row identity would.
    createPropietario: async (tx: DbOrTx, p) => {
      propietarios.push(p);
      return makeUsuario(tx, {
        entidadId: p.entidadId,
        usuario: p.usuario,
        nombre: p.nombre,
        passwordHash: p.passwordHash,
      });
    },
    confirmCuenta: async (_tx, id) => {
      confirmadas.push(id);
    },
    credencialesCambiadas: () => undefined,
    setInvitaciones: (i) => {
      invitaciones = i;
    },
  };
  const deps: DepsCuentas = {
    identidad,
    entidades: { find: async (id) => ({ id, nombre: id === b.entidadId ? 'Módulo SA' : 'Otra SA', logo: null }) },
    mail: {
      kick: () => undefined,
      avisoRegistroPermitido: async () => true,
      enqueue: async (_tx, m) => {
        encolados.push({ tipo: m.tipo, para: m.para, entidadId: m.entidadId });
      },
    },
  };
  return { deps, encolados, propietarios, confirmadas, invitaciones: () => invitaciones };
}

it('se da a identity para las invitaciones, registra una empresa y recupera solo la cuenta nombrada', async () => {
  const cuenta = (o: Partial<CuentaRow>): CuentaRow => ({
    id: 0,
    entidadId: b.entidadId,
    usuario: 'diego',
    nombre: 'Diego',
    email: 'diego@modulo.com.ar',
    activo: true,
    confirmado: true,
    invitacionPendiente: false,
    ...o,
  });
  const db = b.database.db;
  const diego = await makeUsuario(db, { entidadId: b.entidadId, usuario: 'diego', nombre: 'Diego' });
  const eva = await makeUsuario(db, { entidadId: b.otraEntidadId, usuario: 'eva', nombre: 'Eva' });
  const f = falsos([
    cuenta({ id: diego }),
    cuenta({ id: eva, entidadId: b.otraEntidadId, usuario: 'eva', email: 'eva@otra.com' }),
  ]);
  const m = moduloCuentas(b.nucleo, f.deps);
  expect(f.invitaciones()).toBeDefined();
  const app = await b.servir(m, b.actor());

  const registro = await app.inject({
    method: 'POST',
    url: '/api/v2/registrar/usuario',
    payload: {
      usuario: 'nueva',
      password: md5('Nueva1234!'),
      nombre: 'Nora',
      apellido: 'Nueva',
      email: 'nora@nueva.com.ar',
      entidadNombre: 'Nueva SRL',
      aceptaTerminos: true,
    },
  });
  expect(registro.statusCode, registro.body).toBe(201);
  expect(f.propietarios).toMatchObject([{ usuario: 'nueva', email: 'nora@nueva.com.ar' }]);
  expect(f.encolados).toContainEqual(expect.objectContaining({ tipo: 'confirmacion', para: 'nora@nueva.com.ar' }));

  const antes = f.encolados.length;
  const r = await app.inject({ method: 'GET', url: '/api/v2/recuperarPassword?username=diego' });
  expect(r.statusCode).toBe(200);
  await m.puerto.idle();
  const nuevos = f.encolados.slice(antes);
  // Only the account named: never the other company's.
  expect(nuevos).toEqual([{ tipo: 'recuperacion', para: 'diego@modulo.com.ar', entidadId: b.entidadId }]);
  const otra = await app.inject({ method: 'GET', url: '/api/v2/recuperarPassword?username=nadie' });
  expect(otra.statusCode).toBe(200);
  await m.puerto.idle();
  expect(f.encolados.length).toBe(antes + 1);

  // The invitation identity asks for, in the caller's transaction: a link and its mail.
  await b.database.db.transaction(async (tx) => {
    await f.invitaciones()!.invite(tx, b.actor(), { id: diego, usuario: 'diego', nombre: 'Diego', email: 'd@x.com' });
  });
  expect(f.encolados.at(-1)).toEqual({ tipo: 'invitacion', para: 'd@x.com', entidadId: b.entidadId });
});
