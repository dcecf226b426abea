import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zPerfil } from '@delego/contract';
import { sql } from 'drizzle-orm';
import { adminFixture, caller, rechazada, type AdminFixture } from './admin-fixture.js';
import { auth, md5 } from './helpers.js';

let f: AdminFixture;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  f = await adminFixture();
  call = caller(f.env);
});
afterAll(() => f?.env.close());

const login = (who: string | { authorization: string }) => call('GET', '/api/v4/login', who);

const imagen = (format: 'png' | 'jpeg' | 'webp', w = 600, h = 300) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 31, g: 95, b: 168 } } })
    .toFormat(format)
    .toBuffer();

async function dims(dataUrl: string): Promise<[number | undefined, number | undefined, string | undefined]> {
  const m = await sharp(Buffer.from(dataUrl.split(',')[1] as string, 'base64')).metadata();
  return [m.width, m.height, m.format];
}

describe('entre empresas', () => {
  it('el perfil y el logo de otra empresa no tocan nada de Demo', async () => {
    await rechazada(f, () => call('POST', '/api/v2/profile', 'otra', { username: 'ADMIN' }), 409, /ya está en uso/);
    const png = (await imagen('png')).toString('base64');
    const r = await call('PUT', '/api/v3/entidad/logo', 'otra', { logo: `data:image/png;base64,${png}` });
    expect(r.statusCode, r.body).toBe(200);
    expect((await login('otra')).json().logo).toBe(r.json().logo);
    expect((await login('operario')).json().logo).toBeNull();
    const p = await call('PUT', '/api/v2/profile', 'otra', { nombre: 'Roberto Carlos' });
    expect(p.json()).toMatchObject({ id: f.u.otra, nombre: 'Roberto Carlos' });
  });
});

describe('PUT /api/v2/profile {profile}', () => {
  it('cualquier usuario cambia sus datos; el login los muestra enseguida', async () => {
    expect((await login('operario')).json().nombre).toBe('Diego');
    const r = await call('PUT', '/api/v2/profile', 'operario', {
      nombre: 'Diego Martín',
      apellido: 'Sosa Paz',
      email: 'diego@demo.com.ar',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(zPerfil.strict().parse(r.json())).toEqual({
      id: f.u.operario,
      usuario: 'operario',
      nombre: 'Diego Martín',
      apellido: 'Sosa Paz',
      email: 'diego@demo.com.ar',
    });
    expect((await login('operario')).json()).toMatchObject({
      nombre: 'Diego Martín',
      apellido: 'Sosa Paz',
      email: 'diego@demo.com.ar',
    });
    // A field left out keeps its value.
    expect((await call('PUT', '/api/v2/profile', 'operario', { apellido: 'Sosa' })).json()).toMatchObject({
      nombre: 'Diego Martín',
      apellido: 'Sosa',
    });
  });

  it('cambia la contraseña con la actual; el encabezado anterior deja de servir enseguida', async () => {
    const viejo = auth('operario');
    expect((await login(viejo)).statusCode).toBe(200);
    const r = await call('PUT', '/api/v2/profile', viejo, {
      passwordActual: md5('Demo1234!'),
      passwordNueva: md5('Nueva5678!'),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((await call('GET', '/api/v2/plan/estado', viejo)).statusCode).toBe(403);
    expect((await login(auth('operario', 'Nueva5678!'))).statusCode).toBe(200);
    // Back to the demo password for the other tests.
    await call('PUT', '/api/v2/profile', auth('operario', 'Nueva5678!'), {
      passwordActual: md5('Nueva5678!'),
      passwordNueva: md5('Demo1234!'),
    });
    expect((await login(viejo)).statusCode).toBe(200);
  });

  it('contraseña actual incorrecta, incompleta o sin MD5, email o nombre inválidos: 400 y nada cambia', async () => {
    const casos: [Record<string, unknown>, string, RegExp][] = [
      [
        { passwordActual: md5('equivocada'), passwordNueva: md5('Otra1234!') },
        'passwordActual',
        /contraseña actual no es correcta/,
      ],
      [{ passwordNueva: md5('Otra1234!') }, 'passwordActual', /la actual y la nueva/],
      [{ passwordActual: md5('Demo1234!'), passwordNueva: 'Otra1234!' }, 'passwordNueva', /MD5/],
      [{ email: 'diego(at)demo' }, 'email', /email no es una dirección válida/],
      [{ nombre: '' }, 'nombre', /nombre es obligatorio/],
      [{ nombre: 'N'.repeat(101) }, 'nombre', /hasta 100/],
    ];
    for (const [body, field, msg] of casos) {
      const r = await rechazada(f, () => call('PUT', '/api/v2/profile', 'operario', body), 400, msg);
      expect(r.field).toBe(field);
    }
    await rechazada(f, () => call('PUT', '/api/v2/profile', 'operario', { nombre: 'N'.repeat(10 * 1024 * 1024) }), 413);
    expect((await login('operario')).statusCode).toBe(200);
  });
});

describe('avisos de Mi cuenta a la dirección anterior', () => {
  const avisosA = async (para: string) =>
    (
      await f.env.database.db.execute<{ asunto: string; texto: string }>(
        sql`select asunto, texto from correo_salida where tipo = 'seguridad_cuenta' and para = ${para} order by id`,
      )
    ).rows;

  it('un email nuevo con la contraseña actual: se guarda y la dirección anterior recibe el aviso, sin la nueva entera', async () => {
    const antes = (await avisosA('laura@demo.com.ar')).length;
    const mal = await rechazada(
      f,
      () => call('PUT', '/api/v2/profile', 'duenia', { email: 'otra.laura@correo.com.ar', passwordActual: md5('x') }),
      400,
      /contraseña actual no es correcta/,
    );
    expect(mal.field).toBe('passwordActual');
    expect((await login('duenia')).json().email).toBe('laura@demo.com.ar');
    expect(await avisosA('laura@demo.com.ar')).toHaveLength(antes);

    const r = await call('PUT', '/api/v2/profile', 'duenia', {
      email: 'otra.laura@correo.com.ar',
      passwordActual: md5('Demo1234!'),
    });
    expect(r.statusCode, r.body).toBe(200);
    const avisos = await avisosA('laura@demo.com.ar');
    expect(avisos).toHaveLength(antes + 1);
    expect(avisos.at(-1)!.asunto).toBe('Cambió el email de su cuenta de Delego');
    expect(avisos.at(-1)!.texto).toContain('o•••@correo[.]com[.]ar');
    expect(avisos.at(-1)!.texto).not.toContain('otra.laura');

    // A password change tells the address the account has now; back to the fixture's email after.
    await call('PUT', '/api/v2/profile', 'duenia', {
      passwordActual: md5('Demo1234!'),
      passwordNueva: md5('Demo1234!'),
    });
    expect((await avisosA('otra.laura@correo.com.ar')).map((a) => a.asunto)).toEqual([
      'Cambió la contraseña de su cuenta de Delego',
    ]);
    await call('PUT', '/api/v2/profile', 'duenia', { email: 'laura@demo.com.ar', passwordActual: md5('Demo1234!') });
  });
});

describe('POST /api/v2/profile {username}', () => {
  it('cambia el login propio; el anterior deja de servir enseguida', async () => {
    expect((await login('gestor')).statusCode).toBe(200);
    const r = await call('POST', '/api/v2/profile', 'gestor', { username: 'carla.ruiz' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ id: f.u.gestor, usuario: 'carla.ruiz' });
    expect((await call('GET', '/api/v2/plan/estado', 'gestor')).statusCode).toBe(403);
    expect((await login('carla.ruiz')).json()).toMatchObject({ usuario: 'carla.ruiz', id: f.u.gestor });
    // Changing only the case of one's own name is allowed.
    expect((await call('POST', '/api/v2/profile', 'carla.ruiz', { username: 'Carla.Ruiz' })).statusCode).toBe(200);
  });

  it('un login ocupado (en cualquier empresa, con cualquier mayúscula) o inválido: 4xx y nada cambia', async () => {
    for (const username of ['Admin', 'OTRA', 'duenia']) {
      const r = await rechazada(
        f,
        () => call('POST', '/api/v2/profile', 'operario', { username }),
        409,
        /ya está en uso/,
      );
      expect(r.field).toBe('username');
    }
    for (const username of ['con espacio', 'ab', 'ñandú', '', 'x'.repeat(61)]) {
      await rechazada(f, () => call('POST', '/api/v2/profile', 'operario', { username }), 400, /3 a 60 caracteres/);
    }
    await rechazada(f, () => call('POST', '/api/v2/profile', 'operario', {}), 400);
  });
});

describe('PUT /api/v3/entidad/logo {logo}', () => {
  it('solo administradores', async () => {
    const png = (await imagen('png')).toString('base64');
    await rechazada(
      f,
      () => call('PUT', '/api/v3/entidad/logo', 'operario', { logo: png }),
      403,
      /Solo un administrador o el propietario/,
    );
  });

  it('PNG, JPEG y WebP se reducen a 256x256 como máximo, se guardan como PNG y el login los devuelve', async () => {
    for (const fmt of ['png', 'jpeg', 'webp'] as const) {
      const b64 = (await imagen(fmt)).toString('base64');
      const r = await call('PUT', '/api/v3/entidad/logo', 'admin', {
        logo: fmt === 'jpeg' ? b64 : `data:image/${fmt};base64,${b64}`,
      });
      expect(r.statusCode, r.body).toBe(200);
      const logo = r.json().logo as string;
      expect(logo.startsWith('data:image/png;base64,')).toBe(true);
      expect(await dims(logo)).toEqual([256, 128, 'png']);
      expect((await login('operario')).json().logo).toBe(logo);
    }
  });

  it('un .exe renombrado, un GIF, algo que no es base64 o una imagen dañada: 4xx y nada cambia', async () => {
    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
      Buffer.alloc(4000, 0x41),
    ]);
    await rechazada(
      f,
      () => call('PUT', '/api/v3/entidad/logo', 'admin', { logo: `data:image/png;base64,${exe.toString('base64')}` }),
      415,
      /PNG, JPEG o WebP/,
    );
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await rechazada(f, () => call('PUT', '/api/v3/entidad/logo', 'admin', { logo: gif.toString('base64') }), 415);
    await rechazada(f, () => call('PUT', '/api/v3/entidad/logo', 'admin', { logo: '<svg onload="x">' }), 400, /base64/);
    const png = await imagen('png');
    const roto = Buffer.concat([png.subarray(0, 60), Buffer.alloc(500, 3)]);
    await rechazada(
      f,
      () => call('PUT', '/api/v3/entidad/logo', 'admin', { logo: roto.toString('base64') }),
      400,
      /No se pudo leer la imagen/,
    );
    await rechazada(f, () => call('PUT', '/api/v3/entidad/logo', 'admin', { logo: '' }), 400);
  });

  it('una imagen de 3 MB y un logo de 50 MB: 413 JSON en español, nada cambia, el servidor sigue', async () => {
    const tres = Buffer.alloc(3 * 1024 * 1024, 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(tres);
    await rechazada(
      f,
      () => call('PUT', '/api/v3/entidad/logo', 'admin', { logo: tres.toString('base64') }),
      413,
      /no puede superar los 2 MB/,
    );
    const cincuenta = 'A'.repeat(50 * 1024 * 1024);
    const body = await rechazada(
      f,
      () => call('PUT', '/api/v3/entidad/logo', 'admin', { logo: cincuenta }),
      413,
      /no puede superar los 2 MB/,
    );
    expect(body.code).toBe('DEMASIADO_GRANDE');
    expect((await login('admin')).statusCode).toBe(200);
  });

  it('null quita el logo', async () => {
    const r = await call('PUT', '/api/v3/entidad/logo', 'admin', { logo: null });
    expect(r.json()).toEqual({ logo: null });
    expect((await login('operario')).json().logo).toBeNull();
  });
});
