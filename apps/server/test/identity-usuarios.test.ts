import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zUsuarioAdmin, type Rol } from '@delego/contract';
import { eq, sql } from 'drizzle-orm';
import { usuarios } from '../src/db/schema.js';
import type { DomainEvent } from '../src/kernel/bus.js';
import { adminFixture, caller, rechazada, settle, snapshot, type AdminFixture } from './admin-fixture.js';
import { auth, md5 } from './helpers.js';

let f: AdminFixture;
let call: ReturnType<typeof caller>;
let rol: Record<string, number>;

beforeAll(async () => {
  f = await adminFixture();
  call = caller(f.env);
  const roles = (await call('GET', '/api/v2/roles', 'admin')).json() as Rol[];
  rol = Object.fromEntries(roles.map((r) => [r.nombre, r.id]));
});
afterAll(() => f?.env.close());

const nuevo = (extra: Record<string, unknown> = {}) => ({
  usuario: 'nuevo',
  nombre: 'Nuevo',
  apellido: 'Usuario',
  email: 'nuevo@demo.com.ar',
  password: md5('Clave1234!'),
  roles: [rol.OPERARIO],
  permisos: ['crearOrden'],
  ...extra,
});

const login = (who: string | { authorization: string }) => call('GET', '/api/v4/login', who);

describe('entre empresas', () => {
  it('un usuario de otra empresa no ve, no busca ni modifica usuarios de Demo', async () => {
    const list = await call('GET', '/api/v2/usuarios', 'otra');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((x: { id: number }) => x.id)).toEqual([f.u.otra]);

    await rechazada(f, () => call('GET', `/api/v4/usuario/${f.u.operario}`, 'otra'), 404, /No se encontró el usuario/);
    const buscar = await call('GET', '/api/v4/buscar/Laura', 'otra');
    expect(buscar.statusCode).toBe(200);
    expect(buscar.json()).toEqual([]);
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'otra', {
          id: f.u.operario,
          usuario: 'operario',
          nombre: 'Robado',
          activo: false,
        }),
      404,
    );
    // A supervisor from another company is not a user of this one.
    await rechazada(
      f,
      () =>
        call(
          'POST',
          '/api/v4/usuario',
          'otra',
          nuevo({ usuario: 'infiltrado', roles: [], permisos: [], supervisorId: f.u.duenia }),
        ),
      400,
      /supervisor/,
    );
    // Demo's user still works as before.
    expect((await login('operario')).statusCode).toBe(200);
  });
});

describe('sin altaUsuarios', () => {
  it('cada llamada de usuarios da 403 en español y no cambia nada', async () => {
    const calls: [() => ReturnType<typeof call>, string][] = [
      [() => call('GET', '/api/v2/usuarios', 'operario'), 'lista'],
      [() => call('GET', `/api/v4/usuario/${f.u.admin}`, 'operario'), 'detalle'],
      [() => call('POST', '/api/v4/usuario', 'operario', nuevo({ usuario: 'colado' })), 'alta'],
      [
        () =>
          call('POST', '/api/v4/usuario', 'operario', {
            id: f.u.operario,
            usuario: 'operario',
            nombre: 'Yo',
            permisos: ['altaUsuarios'],
          }),
        'auto-permiso',
      ],
      [() => call('GET', '/api/v4/buscar/a', 'operario'), 'búsqueda'],
      [() => call('GET', `/api/v4/permisos/${f.u.admin}`, 'operario'), 'permisos'],
      [
        () =>
          call('POST', `/api/v4/permisos/toggle/${f.u.operario}`, 'operario', {
            cliente: f.cli[0],
            permiso: 'delegarOrden',
            accion: true,
          }),
        'toggle',
      ],
      [() => call('DELETE', `/api/v4/permisos/${f.u.gestor}/${f.cli[0]}`, 'operario'), 'quitar'],
    ];
    for (const [c, what] of calls) {
      const body = await rechazada(f, c, 403);
      expect(body.message, what).toBe('No tiene permiso para administrar usuarios.');
    }
  });

  it('sin sesión: 401', async () => {
    const r = await f.env.app.inject({ method: 'GET', url: '/api/v2/usuarios' });
    expect(r.statusCode).toBe(401);
  });
});

describe('GET /api/v2/usuarios, /api/v4/usuario/{id}, /api/v4/buscar/{texto}', () => {
  it('lista los usuarios de la empresa con roles, permisos, estado y supervisor, sin hashes', async () => {
    const r = await call('GET', '/api/v2/usuarios', 'admin');
    expect(r.statusCode).toBe(200);
    const list = r.json() as Record<string, unknown>[];
    expect(list.map((x) => x.usuario).sort()).toEqual(['admin', 'duenia', 'gestor', 'operario']);
    for (const x of list) {
      zUsuarioAdmin.strict().parse(x);
      expect(JSON.stringify(x)).not.toMatch(/argon2|password/i);
    }
    const gestor = list.find((x) => x.usuario === 'gestor');
    expect(gestor).toMatchObject({
      id: f.u.gestor,
      nombre: 'Carla',
      apellido: 'Ruiz',
      activo: true,
      supervisorId: null,
      permisos: ['altaUsuarios', 'crearOrden'],
      roles: [{ id: rol.SUPERVISOR, nombre: 'SUPERVISOR' }],
    });
  });

  it('devuelve un usuario por id; un id inexistente o inválido da 404/400', async () => {
    const r = await call('GET', `/api/v4/usuario/${f.u.duenia}`, 'gestor');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      usuario: 'duenia',
      email: 'laura@demo.com.ar',
      roles: [{ nombre: 'PROPIETARIO' }],
    });
    expect((await call('GET', '/api/v4/usuario/999999', 'admin')).statusCode).toBe(404);
    const bad = await call('GET', '/api/v4/usuario/abc', 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('DATOS_INVALIDOS');
  });

  it('busca por usuario, nombre, apellido, nombre completo o email, sin comodines', async () => {
    const ids = async (t: string) =>
      ((await call('GET', `/api/v4/buscar/${encodeURIComponent(t)}`, 'admin')).json() as { id: number }[]).map(
        (x) => x.id,
      );
    expect(await ids('GEST')).toEqual([f.u.gestor]);
    expect(await ids('fernández')).toEqual([f.u.duenia]);
    expect(await ids('Carla Ruiz')).toEqual([f.u.gestor]);
    expect(await ids('laura@demo')).toEqual([f.u.duenia]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    // Like the order list (issue 36): accents and case aside, every word in any order.
    expect(await ids('FERNANDEZ')).toEqual([f.u.duenia]);
    expect(await ids('ruiz carla')).toEqual([f.u.gestor]);
    expect(await ids('laura fernandez demo')).toEqual([f.u.duenia]);
    expect(await ids('carla fernandez')).toEqual([]);
    const largo = await call('GET', `/api/v4/buscar/${'x'.repeat(150)}`, 'admin');
    expect(largo.statusCode).toBe(400);
    const vacio = await call('GET', `/api/v4/buscar/${encodeURIComponent('   ')}`, 'admin');
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().message).toMatch(/buscar/);
  });
});

describe('POST /api/v4/usuario {storeUser}', () => {
  let id: number;

  it('crea un usuario que entra enseguida con su contraseña, roles y permisos', async () => {
    const seen: DomainEvent[] = [];
    const off = f.env.app.bus.subscribe((e) => seen.push(e));
    const before = (await call('GET', '/api/v2/usuarios', 'admin')).json().length;
    const r = await call('POST', '/api/v4/usuario', 'admin', nuevo({ supervisorId: f.u.gestor }));
    expect(r.statusCode, r.body).toBe(200);
    const u = zUsuarioAdmin.strict().parse(r.json());
    id = u.id;
    expect(u).toMatchObject({
      usuario: 'nuevo',
      nombre: 'Nuevo',
      apellido: 'Usuario',
      email: 'nuevo@demo.com.ar',
      activo: true,
      supervisorId: f.u.gestor,
      permisos: ['crearOrden'],
      roles: [{ nombre: 'OPERARIO' }],
    });
    await settle();
    off();
    expect(seen).toContainEqual({ type: 'usuarios.cambiados', entidadId: f.demo });
    // The cached list is forgotten at once.
    expect((await call('GET', '/api/v2/usuarios', 'admin')).json()).toHaveLength(before + 1);

    const [row] = await f.env.database.db.select().from(usuarios).where(eq(usuarios.id, id));
    expect(row?.entidadId).toBe(f.demo);
    expect(row?.passwordHash?.startsWith('$argon2id$')).toBe(true);

    const l = await login(auth('nuevo', 'Clave1234!'));
    expect(l.statusCode).toBe(200);
    expect(l.json()).toMatchObject({ entidadId: f.demo, permisosResumen: [{ nombre: 'crearOrden' }] });
  });

  it('modifica solo lo que se envía; cambiar la contraseña (solo un propietario) invalida la anterior enseguida', async () => {
    const r = await call('POST', '/api/v4/usuario', 'duenia', {
      id,
      usuario: 'nuevo',
      nombre: 'Renovado',
      password: md5('Otra5678!'),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      nombre: 'Renovado',
      apellido: 'Usuario',
      email: 'nuevo@demo.com.ar',
      permisos: ['crearOrden'],
      supervisorId: f.u.gestor,
    });
    expect((await login(auth('nuevo', 'Clave1234!'))).statusCode).toBe(403);
    expect((await login(auth('nuevo', 'Otra5678!'))).statusCode).toBe(200);
    const email = await call('POST', '/api/v4/usuario', 'admin', {
      id,
      usuario: 'nuevo',
      nombre: 'Renovado',
      email: '',
    });
    expect(email.json().email).toBeNull();
  });

  it('un usuario desactivado no entra en su próxima llamada; reactivado vuelve a entrar', async () => {
    const h = auth('nuevo', 'Otra5678!');
    expect((await login(h)).statusCode).toBe(200);
    const r = await call('POST', '/api/v4/usuario', 'admin', {
      id,
      usuario: 'nuevo',
      nombre: 'Renovado',
      activo: false,
    });
    expect(r.json().activo).toBe(false);
    const next = await call('GET', '/api/v2/plan/estado', h);
    expect(next.statusCode).toBe(403);
    expect(next.json().message).toBe('Los datos de Login son inválidos');
    // Still listed (never deleted), marked inactive.
    const list = (await call('GET', '/api/v2/usuarios', 'admin')).json() as { id: number; activo: boolean }[];
    expect(list.find((x) => x.id === id)?.activo).toBe(false);
    await call('POST', '/api/v4/usuario', 'admin', { id, usuario: 'nuevo', nombre: 'Renovado', activo: true });
    expect((await login(h)).statusCode).toBe(200);
  });

  it('cambiar el login de un usuario deja sin efecto el encabezado anterior', async () => {
    expect((await login(auth('nuevo', 'Otra5678!'))).statusCode).toBe(200);
    const r = await call('POST', '/api/v4/usuario', 'admin', { id, usuario: 'renombrado', nombre: 'Renovado' });
    expect(r.json().usuario).toBe('renombrado');
    expect((await login(auth('nuevo', 'Otra5678!'))).statusCode).toBe(403);
    expect((await login(auth('renombrado', 'Otra5678!'))).statusCode).toBe(200);
  });

  it('quitar roles y permisos rige en la próxima llamada', async () => {
    const h = auth('renombrado', 'Otra5678!');
    expect((await login(h)).json().permisosResumen).toEqual([{ nombre: 'crearOrden' }]);
    await call('POST', '/api/v4/usuario', 'admin', {
      id,
      usuario: 'renombrado',
      nombre: 'Renovado',
      permisos: [],
      roles: [rol.SUPERVISOR],
    });
    const l = (await login(h)).json();
    expect(l.permisosResumen).toEqual([]);
    expect(l.roles.map((x: Rol) => x.nombre)).toEqual(['SUPERVISOR']);
  });

  it('un gestor sin rol de admin otorga solo permisos que tiene', async () => {
    const ok = await call('POST', '/api/v4/usuario', 'gestor', {
      id,
      usuario: 'renombrado',
      nombre: 'Renovado',
      permisos: ['crearOrden'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'gestor', {
          id,
          usuario: 'renombrado',
          nombre: 'Renovado',
          permisos: ['crearOrden', 'altaClientes'],
        }),
      403,
      /Solo puede otorgar o quitar permisos que usted tiene. No tiene: «Clientes»/,
    );
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'gestor', {
          id,
          usuario: 'renombrado',
          nombre: 'Renovado',
          roles: [rol.ADMIN],
        }),
      403,
      /rol ADMIN/,
    );
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'gestor', { id: f.u.admin, usuario: 'admin', nombre: 'Martín', activo: false }),
      403,
      /modificar a un administrador/,
    );
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'gestor', {
          id: f.u.gestor,
          usuario: 'gestor',
          nombre: 'Carla',
          permisos: ['crearOrden'],
        }),
      409,
      /quitarse a sí mismo/,
    );
  });

  it('supervisores: misma empresa, activos, sin ciclos', async () => {
    // nuevo/renombrado is supervised by gestor: gestor cannot be supervised by them.
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'admin', {
          id: f.u.gestor,
          usuario: 'gestor',
          nombre: 'Carla',
          supervisorId: id,
        }),
      400,
      /formaría un ciclo/,
    );
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'admin', {
          id: f.u.gestor,
          usuario: 'gestor',
          nombre: 'Carla',
          supervisorId: f.u.gestor,
        }),
      400,
      /su propio supervisor/,
    );
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'admin', {
          id,
          usuario: 'renombrado',
          nombre: 'Renovado',
          supervisorId: f.u.otra,
        }),
      400,
      /no es un usuario de su empresa/,
    );
    const ok = await call('POST', '/api/v4/usuario', 'admin', {
      id: f.u.operario,
      usuario: 'operario',
      nombre: 'Diego',
      supervisorId: id,
    });
    expect(ok.json().supervisorId).toBe(id);
    // A chain gestor -> renombrado -> operario: operario cannot supervise gestor.
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'admin', {
          id: f.u.gestor,
          usuario: 'gestor',
          nombre: 'Carla',
          supervisorId: f.u.operario,
        }),
      400,
      /ciclo/,
    );
    const quitar = await call('POST', '/api/v4/usuario', 'admin', {
      id: f.u.operario,
      usuario: 'operario',
      nombre: 'Diego',
      supervisorId: null,
    });
    expect(quitar.json().supervisorId).toBeNull();
  });
});

describe('roles PROPIETARIO y ADMIN', () => {
  it('solo un propietario asigna o quita PROPIETARIO; solo un propietario modifica a un propietario', async () => {
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'admin', {
          id: f.u.operario,
          usuario: 'operario',
          nombre: 'Diego',
          roles: [rol.PROPIETARIO],
        }),
      403,
      /Solo un propietario puede asignar o quitar el rol PROPIETARIO/,
    );
    await rechazada(
      f,
      () => call('POST', '/api/v4/usuario', 'admin', nuevo({ usuario: 'duenio2', roles: [rol.PROPIETARIO] })),
      403,
      /PROPIETARIO/,
    );
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'admin', { id: f.u.duenia, usuario: 'duenia', nombre: 'Laura', activo: false }),
      403,
      /Solo un propietario puede modificar a un propietario/,
    );
  });

  it('el último propietario activo no pierde el rol ni se desactiva', async () => {
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'duenia', {
          id: f.u.duenia,
          usuario: 'duenia',
          nombre: 'Laura',
          roles: [rol.ADMIN],
        }),
      409,
      /al menos un propietario activo/,
    );
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'duenia', {
          id: f.u.duenia,
          usuario: 'duenia',
          nombre: 'Laura',
          activo: false,
        }),
      409,
      /al menos un propietario activo/,
    );
  });

  it('con otro propietario activo, el rol puede pasar de uno a otro', async () => {
    const r = await call(
      'POST',
      '/api/v4/usuario',
      'duenia',
      nuevo({ usuario: 'socio', roles: [rol.PROPIETARIO], permisos: [] }),
    );
    expect(r.statusCode, r.body).toBe(200);
    const socio = r.json().id as number;
    // Nobody may deactivate themselves.
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'duenia', {
          id: f.u.duenia,
          usuario: 'duenia',
          nombre: 'Laura',
          activo: false,
        }),
      409,
      /propio usuario/,
    );
    const baja = await call('POST', '/api/v4/usuario', 'duenia', {
      id: socio,
      usuario: 'socio',
      nombre: 'Nuevo',
      roles: [rol.ADMIN],
    });
    expect(baja.statusCode, baja.body).toBe(200);
    // socio is no longer an owner: duenia is the last one again.
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'duenia', { id: f.u.duenia, usuario: 'duenia', nombre: 'Laura', roles: [] }),
      409,
      /propietario activo/,
    );
  });
});

describe('datos inválidos', () => {
  it('nombres de usuario repetidos en cualquier empresa y con cualquier mayúscula: 409', async () => {
    for (const usuario of ['ADMIN', 'Gestor', 'OTRA']) {
      const body = await rechazada(
        f,
        () => call('POST', '/api/v4/usuario', 'admin', nuevo({ usuario })),
        409,
        /ya está en uso/,
      );
      expect(body.field).toBe('usuario');
    }
    await rechazada(
      f,
      () => call('POST', '/api/v4/usuario', 'admin', { id: f.u.operario, usuario: 'Admin', nombre: 'Diego' }),
      409,
      /"Admin" ya está en uso/,
    );
  });

  it('la base rechaza un login repetido aunque dos altas lleguen juntas', async () => {
    const rs = await Promise.all(
      [0, 1, 2].map((i) => call('POST', '/api/v4/usuario', 'admin', nuevo({ usuario: i % 2 ? 'Carrera' : 'carrera' }))),
    );
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const n = await f.env.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from usuarios where lower(usuario) = 'carrera'`,
    );
    expect(n.rows[0]?.n).toBe(1);
  });

  it('email, nombre, login, contraseña, roles e id inválidos: 400 con el campo', async () => {
    const casos: [Record<string, unknown>, string, RegExp][] = [
      [nuevo({ usuario: 'xx1', email: 'no-es-un-email' }), 'email', /email no es una dirección válida/],
      [nuevo({ usuario: 'xx2', nombre: '   ' }), 'nombre', /nombre es obligatorio/],
      [nuevo({ usuario: 'xx3', nombre: 'N'.repeat(1000) }), 'nombre', /hasta 100 caracteres/],
      [nuevo({ usuario: 'con espacio' }), 'usuario', /letras sin acentos/],
      [nuevo({ usuario: 'ab' }), 'usuario', /3 a 60/],
      [nuevo({ usuario: 'xx4', password: 'Clave1234!' }), 'password', /MD5/],
      [nuevo({ usuario: 'xx5', password: undefined }), 'password', /obligatoria al crear/],
      [nuevo({ usuario: 'xx6', roles: [99999] }), 'roles', /rol 99999 no existe/],
      [nuevo({ usuario: 'xx7', permisos: ['serDios'] }), 'permisos.0', /.+/],
    ];
    for (const [body, field, msg] of casos) {
      const r = await rechazada(f, () => call('POST', '/api/v4/usuario', 'admin', body), 400, msg);
      expect(r.field).toBe(field);
    }
    await rechazada(
      f,
      () => call('POST', '/api/v4/usuario', 'admin', { id: 999999, usuario: 'fantasma', nombre: 'X' }),
      404,
      /No se encontró el usuario/,
    );
  });

  it('un nombre de 10 MB: 413 JSON y nada cambia', async () => {
    await rechazada(
      f,
      () =>
        call('POST', '/api/v4/usuario', 'admin', nuevo({ usuario: 'grande', nombre: 'N'.repeat(10 * 1024 * 1024) })),
      413,
      /tamaño permitido/,
    );
  });

  it('un cuerpo que no es JSON: 400 JSON', async () => {
    const antes = await snapshot(f.env, f.demo);
    const r = await f.env.app.inject({
      method: 'POST',
      url: '/api/v4/usuario',
      headers: { ...auth('admin'), 'content-type': 'application/json' },
      payload: '{usuario:',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/JSON/);
    expect(await snapshot(f.env, f.demo)).toEqual(antes);
  });
});

describe('OpenAPI', () => {
  it('documenta las rutas de administración', async () => {
    const doc = (await f.env.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v2/usuarios',
        '/api/v4/usuario',
        '/api/v4/usuario/{id}',
        '/api/v4/buscar/{texto}',
        '/api/v4/permisos/{usuario}',
        '/api/v4/permisos/toggle/{usuario}',
        '/api/v4/permisos/{usuario}/{cliente}',
        '/api/v4/clientes',
        '/api/v2/cliente',
        '/api/v2/empresasAsignables',
        '/api/v2/tipoOrden/all',
        '/api/v2/tipoOrden',
        '/api/v2/tipoOrden/{id}',
        '/api/v3/areas/all',
        '/api/v3/areas',
        '/api/v3/areas/{id}',
        '/api/v2/e5s/areas',
        '/api/v2/e5s/areas/importar',
        '/api/v2/profile',
        '/api/v3/entidad/logo',
      ]),
    );
  });
});
