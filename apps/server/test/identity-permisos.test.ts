import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zPermisosDeUsuario } from '@delego/contract';
import { adminFixture, caller, rechazada, type AdminFixture } from './admin-fixture.js';

let f: AdminFixture;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  f = await adminFixture();
  call = caller(f.env);
});
afterAll(() => f?.env.close());

const toggle = (who: string, user: number, body: Record<string, unknown>) =>
  call('POST', `/api/v4/permisos/toggle/${user}`, who, body);
const login = async (who: string) => {
  const r = await call('GET', '/api/v4/login', who);
  expect(r.statusCode).toBe(200);
  return r.json();
};

describe('entre empresas', () => {
  it('otra empresa no lee ni cambia los permisos de un usuario de Demo', async () => {
    await rechazada(f, () => call('GET', `/api/v4/permisos/${f.u.gestor}`, 'otra'), 404, /No se encontró el usuario/);
    await rechazada(
      f,
      () => toggle('otra', f.u.operario, { cliente: f.cli[0], permiso: 'delegarOrden', accion: true }),
      404,
    );
    await rechazada(
      f,
      () => toggle('otra', f.u.operario, { cliente: null, permiso: 'altaUsuarios', accion: true }),
      404,
    );
    await rechazada(
      f,
      () => toggle('otra', f.u.operario, { cliente: f.cliOtra[0], permiso: 'delegarOrden', accion: true }),
      404,
    );
    await rechazada(f, () => call('DELETE', `/api/v4/permisos/${f.u.gestor}/${f.cli[0]}`, 'otra'), 404);
  });

  it('dar un permiso sobre un cliente de otra empresa: 404 y nada cambia', async () => {
    const body = await rechazada(
      f,
      () => toggle('admin', f.u.operario, { cliente: f.cliOtra[0], permiso: 'delegarOrden', accion: true }),
      404,
      /No se encontró el cliente/,
    );
    expect(body.code).toBe('NO_ENCONTRADO');
    await rechazada(f, () => call('DELETE', `/api/v4/permisos/${f.u.gestor}/${f.cliOtra[0]}`, 'admin'), 404, /cliente/);
    expect((await login('operario')).permisos.clientes).toEqual([]);
  });
});

describe('GET /api/v4/permisos/{user}', () => {
  it('devuelve permisos globales y por cliente; los admin los tienen todos', async () => {
    const r = await call('GET', `/api/v4/permisos/${f.u.gestor}`, 'admin');
    expect(r.statusCode).toBe(200);
    expect(zPermisosDeUsuario.strict().parse(r.json())).toEqual({
      usuarioId: f.u.gestor,
      esAdmin: false,
      globales: ['altaUsuarios', 'crearOrden'],
      clientes: [{ clienteID: f.cli[0], delegarOrden: true, modificarOrden: false, borrarOrden: false }],
    });
    const admin = (await call('GET', `/api/v4/permisos/${f.u.duenia}`, 'gestor')).json();
    expect(admin.esAdmin).toBe(true);
    expect((await call('GET', '/api/v4/permisos/999999', 'admin')).statusCode).toBe(404);
    // The catalogue keeps its own path.
    expect((await call('GET', '/api/v4/permisos', 'operario')).json()).toHaveLength(10);
  });
});

describe('POST /api/v4/permisos/toggle/{user}', () => {
  it('un permiso por cliente rige en la siguiente llamada del usuario, al dar y al quitar', async () => {
    const c2 = f.cli[1] as number;
    expect((await login('operario')).permisos.clientes).toEqual([]);
    const asignables = async () => (await call('GET', '/api/v2/empresasAsignables', 'operario')).json();
    expect(await asignables()).toEqual([]);

    const r = await toggle('admin', f.u.operario, { cliente: c2, permiso: 'delegarOrden', accion: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().clientes).toEqual([
      { clienteID: c2, delegarOrden: true, modificarOrden: false, borrarOrden: false },
    ]);
    expect((await login('operario')).permisos.clientes).toEqual([
      { clienteID: c2, delegarOrden: true, modificarOrden: false, borrarOrden: false },
    ]);
    expect(await asignables()).toEqual([{ id: c2, nombre: 'Hotel Los Andes' }]);

    await toggle('admin', f.u.operario, { cliente: c2, permiso: 'borrarOrden', accion: true });
    expect((await login('operario')).permisos.clientes[0]).toMatchObject({ delegarOrden: true, borrarOrden: true });
    // Granting twice is harmless.
    await toggle('admin', f.u.operario, { cliente: c2, permiso: 'borrarOrden', accion: true });

    await toggle('admin', f.u.operario, { cliente: c2, permiso: 'delegarOrden', accion: false });
    await toggle('admin', f.u.operario, { cliente: c2, permiso: 'borrarOrden', accion: false });
    expect((await login('operario')).permisos.clientes).toEqual([]);
    expect(await asignables()).toEqual([]);
  });

  it('un permiso global (cliente null) rige en la siguiente llamada', async () => {
    const antes = await call('POST', '/api/v2/cliente', 'operario', { nombre: 'Cliente de prueba' });
    expect(antes.statusCode).toBe(403);
    const r = await toggle('admin', f.u.operario, { cliente: null, permiso: 'altaClientes', accion: true });
    expect(r.json().globales).toEqual(['altaClientes', 'finalizarOrden']);
    expect((await login('operario')).permisosResumen.map((p: { nombre: string }) => p.nombre).sort()).toEqual([
      'altaClientes',
      'finalizarOrden',
    ]);
    await toggle('admin', f.u.operario, { permiso: 'altaClientes', accion: false });
    expect((await login('operario')).permisosResumen).toEqual([{ nombre: 'finalizarOrden' }]);
  });

  it('quien no es admin da o quita solo permisos que tiene', async () => {
    const [c1, c2] = f.cli as [number, number];
    // operario holds finalizarOrden, which gestor lacks: gestor cannot change operario at all.
    await rechazada(
      f,
      () => toggle('gestor', f.u.operario, { cliente: c1, permiso: 'delegarOrden', accion: true }),
      403,
      /tiene «Finalizar órdenes» y usted no/,
    );
    expect(
      (await toggle('admin', f.u.gestor, { cliente: null, permiso: 'finalizarOrden', accion: true })).statusCode,
    ).toBe(200);
    const ok = await toggle('gestor', f.u.operario, { cliente: c1, permiso: 'delegarOrden', accion: true });
    expect(ok.statusCode, ok.body).toBe(200);
    await rechazada(
      f,
      () => toggle('gestor', f.u.operario, { cliente: c2, permiso: 'delegarOrden', accion: true }),
      403,
      /permisos que usted tiene/,
    );
    await rechazada(
      f,
      () => toggle('gestor', f.u.operario, { cliente: c1, permiso: 'modificarOrden', accion: true }),
      403,
      /«Modificar órdenes»/,
    );
    await rechazada(
      f,
      () => toggle('gestor', f.u.operario, { cliente: null, permiso: 'altaEtiquetas', accion: true }),
      403,
      /«Áreas y tipos de orden»/,
    );
    const global = await toggle('gestor', f.u.operario, { cliente: null, permiso: 'crearOrden', accion: true });
    expect(global.statusCode).toBe(200);
    await rechazada(
      f,
      () => toggle('gestor', f.u.gestor, { cliente: null, permiso: 'altaUsuarios', accion: false }),
      409,
      /quitarse a sí mismo/,
    );
    await rechazada(
      f,
      () => toggle('gestor', f.u.admin, { cliente: null, permiso: 'crearOrden', accion: false }),
      403,
      /administrador/,
    );
    await rechazada(
      f,
      () => toggle('admin', f.u.duenia, { cliente: null, permiso: 'crearOrden', accion: false }),
      403,
      /propietario/,
    );
  });

  it('datos inválidos: 400 con el campo, y nada cambia', async () => {
    const casos: [Record<string, unknown>, string][] = [
      [{ cliente: f.cli[0], permiso: 'serDios', accion: true }, 'permiso'],
      [{ cliente: f.cli[0], permiso: 'altaUsuarios', accion: true }, 'permiso'],
      [{ cliente: null, permiso: 'delegarOrden', accion: true }, 'permiso'],
      [{ cliente: f.cli[0], permiso: 'delegarOrden', accion: 'agregar' }, 'accion'],
      [{ cliente: 'uno', permiso: 'delegarOrden', accion: true }, 'cliente'],
    ];
    for (const [body, field] of casos) {
      const r = await rechazada(f, () => toggle('admin', f.u.operario, body), 400);
      expect(r.field).toBe(field);
    }
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/permisos/toggle/abc', 'admin', { cliente: null, permiso: 'crearOrden', accion: true }),
      400,
    );
    await rechazada(f, () => toggle('admin', 999999, { cliente: null, permiso: 'crearOrden', accion: true }), 404);
  });
});

describe('DELETE /api/v4/permisos/{user}/{client}', () => {
  it('quita todos los permisos del usuario sobre el cliente; rige en la siguiente llamada', async () => {
    const c3 = f.cli[2] as number;
    await toggle('admin', f.u.gestor, { cliente: c3, permiso: 'modificarOrden', accion: true });
    await toggle('admin', f.u.gestor, { cliente: c3, permiso: 'borrarOrden', accion: true });
    expect((await login('gestor')).permisos.clientes.map((c: { clienteID: number }) => c.clienteID)).toContain(c3);
    const r = await call('DELETE', `/api/v4/permisos/${f.u.gestor}/${c3}`, 'admin');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().clientes.map((c: { clienteID: number }) => c.clienteID)).toEqual([f.cli[0]]);
    expect((await login('gestor')).permisos.clientes.map((c: { clienteID: number }) => c.clienteID)).toEqual([
      f.cli[0],
    ]);
    // Removing what is not there changes nothing and is not an error.
    expect((await call('DELETE', `/api/v4/permisos/${f.u.gestor}/${c3}`, 'admin')).statusCode).toBe(200);
  });

  it('quien no es admin no quita permisos que no tiene', async () => {
    const c2 = f.cli[1] as number;
    await toggle('admin', f.u.operario, { cliente: c2, permiso: 'delegarOrden', accion: true });
    await rechazada(
      f,
      () => call('DELETE', `/api/v4/permisos/${f.u.operario}/${c2}`, 'gestor'),
      403,
      /Hotel Los Andes/,
    );
  });
});
