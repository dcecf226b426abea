import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rol } from '@delego/contract';
import { eq } from 'drizzle-orm';
import { usuarios } from '../src/db/schema.js';
import { adminFixture, caller, rechazada, type AdminFixture } from './admin-fixture.js';
import { auth, makeUsuario, md5 } from './helpers.js';

/**
 * Issue 10, item 4: nobody changes the password, roles or permissions of a user who holds
 * something they do not hold, nor raises their own role or permissions; only owners set another
 * user's password directly.
 */

let f: AdminFixture;
let call: ReturnType<typeof caller>;
let rol: Record<string, number>;
/** Only altaUsuarios, role OPERARIO: the attacker of the issue. */
let intruso: number;
/** A supervisor with more than the attacker: crearOrden and delegarOrden on Hotel Los Andes. */
let jefa: number;
/** A plain user below everybody. */
let peon: number;

beforeAll(async () => {
  f = await adminFixture();
  call = caller(f.env);
  const db = f.env.database.db;
  const [, c2] = f.cli as [number, number];
  intruso = await makeUsuario(db, {
    entidadId: f.demo,
    usuario: 'intruso',
    nombre: 'Iván',
    apellido: 'Paz',
    roles: ['OPERARIO'],
    permisos: ['altaUsuarios'],
  });
  jefa = await makeUsuario(db, {
    entidadId: f.demo,
    usuario: 'jefa',
    nombre: 'Julia',
    apellido: 'Sur',
    roles: ['SUPERVISOR'],
    permisos: ['crearOrden'],
    clientes: [{ clienteId: c2, delegarOrden: true }],
  });
  peon = await makeUsuario(db, {
    entidadId: f.demo,
    usuario: 'peon',
    nombre: 'Pedro',
    apellido: 'Luna',
    roles: ['OPERARIO'],
  });
  // admin2: an admin without altaClientes.
  await makeUsuario(db, {
    entidadId: f.demo,
    usuario: 'admin2',
    nombre: 'Ana',
    apellido: 'Vega',
    roles: ['ADMIN'],
    permisos: ['altaUsuarios'],
  });
  const roles = (await call('GET', '/api/v2/roles', 'admin')).json() as Rol[];
  rol = Object.fromEntries(roles.map((r) => [r.nombre, r.id]));
});
afterAll(() => f?.env.close());

const login = (who: string | { authorization: string }) => call('GET', '/api/v4/login', who);

async function hashDe(id: number): Promise<string | undefined> {
  const [row] = await f.env.database.db.select({ h: usuarios.passwordHash }).from(usuarios).where(eq(usuarios.id, id));
  return row?.h ?? undefined;
}

describe('entre empresas', () => {
  it('el propietario de otra empresa no cambia la contraseña ni los permisos de un usuario de Demo: 404', async () => {
    const antes = await hashDe(jefa);
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'otra', {
          id: jefa,
          usuario: 'jefa',
          nombre: 'Julia',
          password: md5('Robada123!'),
        }),
      404,
      /No se encontró el usuario/,
    );
    await rechazada(
      f,
      () =>
        call('POST', `/api/v4/permisos/toggle/${jefa}`, 'otra', {
          cliente: null,
          permiso: 'altaUsuarios',
          accion: true,
        }),
      404,
    );
    expect(await hashDe(jefa)).toBe(antes);
    expect((await login('jefa')).statusCode).toBe(200);
  });
});

describe('el ataque del issue: altaUsuarios no alcanza para tomar la cuenta de un superior', () => {
  it('cambiar la contraseña de la supervisora: 403 en español, el hash no cambia y entra con la anterior', async () => {
    const antes = await hashDe(jefa);
    const body = await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'intruso', {
          id: jefa,
          usuario: 'jefa',
          nombre: 'Julia',
          password: md5('Robada123!'),
        }),
      403,
      /Solo un propietario puede cambiar la contraseña de otro usuario/,
    );
    expect(body.code).toBe('SIN_PERMISO');
    expect(await hashDe(jefa)).toBe(antes);
    expect((await login('jefa')).statusCode).toBe(200);
    expect((await login(auth('jefa', 'Robada123!'))).statusCode).toBe(403);
  });

  it('tampoco modifica sus datos, su estado ni sus permisos: tiene más que él', async () => {
    const mensaje =
      /No puede modificar a Julia Sur: tiene el rol SUPERVISOR, «Crear órdenes», «Delegar órdenes» en Hotel Los Andes y usted no/;
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'intruso', {
          id: jefa,
          usuario: 'jefa',
          nombre: 'Julia',
          email: 'yo@intruso.com',
        }),
      403,
      mensaje,
    );
    await rechazada(
      f,
      () => call('POST', '/api/v4/usuario', 'intruso', { id: jefa, usuario: 'jefa', nombre: 'Julia', activo: false }),
      403,
      mensaje,
    );
    await rechazada(
      f,
      () =>
        call('POST', `/api/v4/permisos/toggle/${jefa}`, 'intruso', {
          cliente: null,
          permiso: 'altaUsuarios',
          accion: true,
        }),
      403,
      mensaje,
    );
    await rechazada(f, () => call('DELETE', `/api/v4/permisos/${jefa}/${f.cli[1]}`, 'intruso'), 403, mensaje);
  });

  it('no se sube el rol a sí mismo', async () => {
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'intruso', {
          id: intruso,
          usuario: 'intruso',
          nombre: 'Iván',
          roles: [rol.SUPERVISOR],
        }),
      403,
      /No puede asignar ni quitar el rol SUPERVISOR/,
    );
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'intruso', {
          id: intruso,
          usuario: 'intruso',
          nombre: 'Iván',
          roles: [rol.OPERARIO, rol.ADMIN],
        }),
      403,
      /rol ADMIN/,
    );
    // An admin does not make themselves an owner either.
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'admin', {
          id: f.u.admin,
          usuario: 'admin',
          nombre: 'Martín',
          roles: [rol.ADMIN, rol.PROPIETARIO],
        }),
      403,
      /PROPIETARIO/,
    );
    expect((await login('intruso')).json().roles.map((r: Rol) => r.nombre)).toEqual(['OPERARIO']);
  });

  it('no se otorga permisos que no tiene, ni a sí mismo ni a otros', async () => {
    const [c1] = f.cli as [number];
    await rechazada(
      f,
      () =>
        call('POST', `/api/v4/permisos/toggle/${intruso}`, 'intruso', {
          cliente: null,
          permiso: 'crearOrden',
          accion: true,
        }),
      403,
      /No tiene: «Crear órdenes»/,
    );
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'intruso', {
          id: intruso,
          usuario: 'intruso',
          nombre: 'Iván',
          permisos: ['altaUsuarios', 'verEstadisticas'],
        }),
      403,
      /No tiene: «Estadísticas»/,
    );
    await rechazada(
      f,
      () =>
        call('POST', `/api/v4/permisos/toggle/${intruso}`, 'intruso', {
          cliente: c1,
          permiso: 'delegarOrden',
          accion: true,
        }),
      403,
      /«Delegar órdenes»/,
    );
    await rechazada(
      f,
      () =>
        call('POST', `/api/v4/permisos/toggle/${peon}`, 'intruso', {
          cliente: null,
          permiso: 'altaClientes',
          accion: true,
        }),
      403,
      /«Clientes»/,
    );
    // A new user is born with nothing the creator lacks.
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'intruso', {
          usuario: 'complice',
          nombre: 'Cómplice',
          password: md5('Clave1234!'),
          roles: [rol.SUPERVISOR],
          permisos: [],
        }),
      403,
      /rol SUPERVISOR/,
    );
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'intruso', {
          usuario: 'complice',
          nombre: 'Cómplice',
          password: md5('Clave1234!'),
          permisos: ['altaUsuarios', 'crearOrden'],
        }),
      403,
      /No tiene: «Crear órdenes»/,
    );
    // Being an admin is not enough to grant a global permission one lacks.
    await rechazada(
      f,
      () =>
        call('POST', `/api/v4/permisos/toggle/${peon}`, 'admin2', {
          cliente: null,
          permiso: 'altaClientes',
          accion: true,
        }),
      403,
      /No tiene: «Clientes»/,
    );
    expect((await login('intruso')).json().permisosResumen).toEqual([{ nombre: 'altaUsuarios' }]);
  });

  it('la propia contraseña se cambia en Datos personales, no en la ficha de usuario', async () => {
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'intruso', {
          id: intruso,
          usuario: 'intruso',
          nombre: 'Iván',
          password: md5('Nueva1234!'),
        }),
      403,
      /Datos personales/,
    );
    const r = await call('PUT', '/api/v2/profile', 'intruso', {
      passwordActual: md5('Demo1234!'),
      passwordNueva: md5('Nueva1234!'),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((await login(auth('intruso', 'Nueva1234!'))).statusCode).toBe(200);
    await call('PUT', '/api/v2/profile', auth('intruso', 'Nueva1234!'), {
      passwordActual: md5('Nueva1234!'),
      passwordNueva: md5('Demo1234!'),
    });
  });
});

describe('quien tiene más no es modificado por quien tiene menos', () => {
  it('un supervisor sin delegarOrden en Hotel Los Andes no modifica a quien lo tiene', async () => {
    // gestor: SUPERVISOR, altaUsuarios, crearOrden, delegarOrden on Clínica San Martín only.
    await rechazada(
      f,
      () => call('POST', '/api/v4/usuario', 'gestor', { id: jefa, usuario: 'jefa', nombre: 'Julia Renombrada' }),
      403,
      /tiene «Delegar órdenes» en Hotel Los Andes y usted no/,
    );
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'admin2', { id: f.u.admin, usuario: 'admin', nombre: 'Martín', activo: false }),
      403,
      /«Clientes»/,
    );
  });
});

describe('lo que sigue permitido', () => {
  it('un propietario restablece la contraseña de otro usuario; rige enseguida', async () => {
    const antes = await hashDe(jefa);
    const r = await call('POST', '/api/v4/usuario', 'duenia', {
      id: jefa,
      usuario: 'jefa',
      nombre: 'Julia',
      password: md5('Nueva5678!'),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await hashDe(jefa)).not.toBe(antes);
    expect((await login(auth('jefa', 'Nueva5678!'))).statusCode).toBe(200);
    expect((await login('jefa')).statusCode).toBe(403);
  });

  it('un administrador cambia nombre y email de un usuario con menos, pero no su contraseña', async () => {
    const antes = await hashDe(peon);
    const r = await call('POST', '/api/v4/usuario', 'admin', {
      id: peon,
      usuario: 'peon',
      nombre: 'Pedro José',
      email: 'pedro@demo.com.ar',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      nombre: 'Pedro José',
      apellido: 'Luna',
      email: 'pedro@demo.com.ar',
      roles: [{ nombre: 'OPERARIO' }],
    });
    expect(await hashDe(peon)).toBe(antes);
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'admin', {
          id: peon,
          usuario: 'peon',
          nombre: 'Pedro José',
          password: md5('Otra1234!'),
        }),
      403,
      /Solo un propietario/,
    );
  });

  it('quien solo tiene altaUsuarios modifica a un usuario que no tiene más que él', async () => {
    const r = await call('POST', '/api/v4/usuario', 'intruso', {
      id: peon,
      usuario: 'peon',
      nombre: 'Pedro',
      roles: [rol.OPERARIO],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().nombre).toBe('Pedro');
  });
});
