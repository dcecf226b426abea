import { Writable } from 'node:stream';
import { MENSAJE_TEXTO_INVALIDO, type Archivo } from '@delego/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.js';
import { archivosGuardados, fixture, llamar, pdf, type Fixture } from './files-fixture.js';
import { auth, md5 } from './helpers.js';
import { connectFrame, listen, rawSocket, stompConnect } from './live-helpers.js';

/**
 * Issue 10, item 5: a NUL or a lone UTF-16 surrogate in any text is a 400 that names the field,
 * never a 500 (PostgreSQL cannot store either) and never a dropped connection; nothing is stored.
 * Item 9 (b): ids that are not canonical decimal positive int32 are refused alike.
 */

let f: Fixture;
let api: ReturnType<typeof llamar>;
let ordenId: number;
let archivo: Archivo;

beforeAll(async () => {
  f = await fixture();
  api = llamar(f);
  ordenId = (await api.crearOrden()).id;
  const r = await api.subir(ordenId, 'admin', [{ name: 'archivos', filename: 'acta.pdf', content: pdf() }]);
  archivo = (r.json() as Archivo[])[0] as Archivo;
});
afterAll(() => f?.close());

const TABLAS = [
  'ordenes',
  'orden_eventos',
  'orden_responsables',
  'orden_archivos',
  'clientes',
  'areas',
  'tipos_orden',
  'usuarios',
  'usuario_roles',
  'usuario_permisos',
  'registro_gastos',
  'registro_horas',
  'dispositivos',
  'e5s_areas',
] as const;

async function foto() {
  const db = f.env.database.db;
  const filas: Record<string, unknown[]> = {};
  for (const t of TABLAS) filas[t] = (await db.execute(sql`select * from ${sql.identifier(t)} order by 1, 2`)).rows;
  return { filas, archivos: archivosGuardados(f.dir) };
}

const MALOS = { nul: 'a\u0000b', sustituto: 'a\ud800b', sustitutoBajo: '\udc00' } as const;
const DIA = Date.UTC(2026, 10, 20, 15);
/** A key as the 400 names it: each bad character shown as U+FFFD. */
// eslint-disable-next-line no-control-regex -- NUL is one of the characters shown as U+FFFD
const legible = (s: string) => s.replace(/[\u0000\ud800-\udfff]/g, '\ufffd');

/** [what, method, url, body, field the 400 must name]: texts of every kind of route. */
function casos(malo: string): [string, 'GET' | 'POST' | 'PUT', string, unknown, string][] {
  return [
    ['alta de orden: título', 'POST', '/api/v2/ordenes/save', { titulo: malo, cliente: f.cli[0] }, 'titulo'],
    [
      'alta de orden: detalle',
      'POST',
      '/api/v2/ordenes/save',
      { titulo: 'Ok', detalle: `Hola ${malo}`, cliente: f.cli[0] },
      'detalle',
    ],
    [
      'alta de orden: campo libre',
      'POST',
      '/api/v2/ordenes/save',
      { titulo: 'Ok', cliente: f.cli[0], registroResponsable: { nota: [malo] } },
      'registroResponsable.nota.0',
    ],
    [
      'alta de orden: clave',
      'POST',
      '/api/v2/ordenes/save',
      { titulo: 'Ok', cliente: f.cli[0], archivos: [{ [`n${malo}`]: 1 }] },
      `archivos.0.n${legible(malo)}`,
    ],
    [
      'cambio de estado: comentario',
      'PUT',
      `/api/v2/estado/${ordenId}`,
      { estado: 2, comentarios: malo },
      'comentarios',
    ],
    [
      'cambio de responsables: comentario',
      'PUT',
      `/api/v3/responsable/${ordenId}`,
      { responsable: [f.u.operario], comentarios: malo },
      'comentarios',
    ],
    ['título', 'POST', `/api/v2/titulo/${ordenId}`, { titulo: malo }, 'titulo'],
    ['cliente', 'POST', '/api/v2/cliente', { nombre: 'Cliente nuevo', direccion: malo }, 'direccion'],
    ['área', 'POST', '/api/v3/areas', { nombre: malo }, 'nombre'],
    ['renombrar tipo de orden', 'PUT', `/api/v2/tipoOrden/${f.cat.tipos[0]}`, { nombre: malo }, 'nombre'],
    [
      'usuario',
      'POST',
      '/api/v4/usuario',
      { usuario: 'nuevo.usuario', nombre: malo, email: 'nuevo@demo.com', password: md5('Clave123!') },
      'nombre',
    ],
    ['perfil', 'PUT', '/api/v2/profile', { apellido: malo }, 'apellido'],
    [
      'gasto',
      'PUT',
      `/api/v2/registro-gastos/${ordenId}`,
      {
        gastos: [
          { fecha: DIA, concepto: 'Ok', monto: 5 },
          { fecha: DIA, concepto: malo, monto: 5 },
        ],
      },
      'gastos.1.concepto',
    ],
    [
      'horas',
      'PUT',
      `/api/v2/registro-gastos/${ordenId}`,
      { horas: [{ fecha: DIA, horas: 1, descripcion: malo }] },
      'horas.0.descripcion',
    ],
    ['lista de órdenes', 'POST', '/api/v4/ordenes/all/filtered', { buscar: malo }, 'buscar'],
    ['exportación a Excel', 'POST', '/api/v2/ordenes/exportar', { buscar: malo }, 'buscar'],
    ['áreas E5S', 'POST', '/api/v2/e5s/areas/importar', { csv: `A1;${malo}` }, 'csv'],
    ['logo', 'PUT', '/api/v3/entidad/logo', { logo: malo }, 'logo'],
  ];
}

function esperar400(
  r: { statusCode: number; body: string; json: () => Record<string, unknown> },
  campo: string,
  que: string,
) {
  expect(r.statusCode, `${que}: ${r.body}`).toBe(400);
  const body = r.json();
  expect(body).toMatchObject({ code: 'DATOS_INVALIDOS', field: campo });
  expect(body.message, que).toBe(`Dato inválido en "${campo}": ${MENSAJE_TEXTO_INVALIDO}`);
  expect(typeof body.requestId).toBe('string');
}

describe('texto con NUL o sustitutos sueltos', () => {
  for (const [nombre, malo] of Object.entries(MALOS)) {
    it(`${nombre}: 400 que nombra el campo en cuerpos de cada módulo, y nada se guarda`, async () => {
      const antes = await foto();
      for (const [que, metodo, url, body, campo] of casos(malo))
        esperar400(await api.call(metodo, url, 'admin', body), campo, que);
      expect(await foto()).toEqual(antes);
    });
  }

  it('en la dirección y en la consulta (parámetros de rutas con esquemas propios)', async () => {
    const antes = await foto();
    esperar400(await api.call('GET', '/api/v4/buscar/ana%00', 'admin'), 'texto', 'búsqueda de usuarios');
    esperar400(
      await api.call('GET', '/api/v2/notificaciones/registrar/true/token-de-prueba%00x', 'admin'),
      'deviceToken',
      'dispositivo',
    );
    esperar400(
      await api.call('GET', `/api/v2/archivos/${ordenId}/descargar/${archivo.id}?inline=%00`, 'admin'),
      'inline',
      'descarga',
    );
    esperar400(await api.call('GET', `/api/v2/imprimirReporte/${ordenId}?eventos=%00`, 'admin'), 'eventos', 'reporte');
    // A lone surrogate cannot be written in UTF-8: its percent-encoding is refused as a bad URL.
    for (const url of ['/api/v4/buscar/a%ED%A0%80b', `/api/v2/orden/${ordenId}%ED%A0%80`]) {
      const r = await api.call('GET', url, 'admin');
      expect(r.statusCode, url).toBe(400);
      expect(r.json()).toMatchObject({ code: 'DATOS_INVALIDOS', message: expect.stringMatching(/dirección/) });
      expect(r.body).not.toContain('tsp=');
    }
    expect(await foto()).toEqual(antes);
  });

  it('nombres de archivo: un NUL se rechaza sin guardar nada, y un sustituto no puede llegar en UTF-8', async () => {
    const antes = await foto();
    const r = await api.subir(ordenId, 'admin', [
      { name: 'archivos', filename: 'bien.pdf', content: pdf() },
      { name: 'archivos', filename: 'ma\u0000l.pdf', content: pdf() },
    ]);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toMatchObject({ code: 'DATOS_INVALIDOS', field: 'archivos' });
    expect(await foto()).toEqual(antes);
    // The same name with a lone surrogate travels as U+FFFD (what UTF-8 can carry) and is stored so.
    const ok = await api.subir(ordenId, 'admin', [{ name: 'archivos', filename: 'a\ud800.pdf', content: pdf() }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as Archivo[]).map((a) => a.nombre)).toContain('a\ufffd.pdf');
  });

  it('los textos bien formados (acentos, emojis) pasan y se guardan tal cual', async () => {
    const r = await api.call('POST', `/api/v2/titulo/${ordenId}`, 'admin', { titulo: 'Revisión ¿urgente? 😀' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ titulo: 'Revisión ¿urgente? 😀' });
  });
});

describe('canal en vivo (STOMP): un NUL termina el frame y nada se cae', () => {
  it('NUL dentro de un encabezado o un destino, y bytes que no son UTF-8: ERROR y cierre de ese socket, y el servidor sigue', async () => {
    const url = await listen(f.env.app);
    const casos: [string, string | Buffer][] = [
      ['NUL en el login', 'CONNECT\naccept-version:1.2\nlogin:adm\u0000in\npasscode:x\n\n\u0000'],
      [
        'sustituto en bytes',
        Buffer.concat([
          Buffer.from('CONNECT\naccept-version:1.2\nlogin:a'),
          Buffer.from([0xed, 0xa0, 0x80]),
          Buffer.from(`\npasscode:${md5('Demo1234!')}\n\n\u0000`),
        ]),
      ],
      ['NUL en el destino', `${connectFrame('admin')}SUBSCRIBE\nid:1\ndestination:/entidad/${f.demo}\u0000x\n\n\u0000`],
    ];
    for (const [que, frame] of casos) {
      const s = await rawSocket(url);
      s.ws.send(frame);
      await s.closed;
      expect(
        s.received.some((x) => x.startsWith('ERROR')),
        que,
      ).toBe(true);
      expect(
        s.received.some((x) => x.startsWith('MESSAGE')),
        que,
      ).toBe(false);
      s.ws.close();
    }
    const sano = await stompConnect(url, 'admin');
    expect(sano.client.connected).toBe(true);
    await sano.stop();
    expect((await f.env.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('ids que no son un entero positivo escrito en forma canónica', () => {
  const RAZON = 'Debe ser un número entero positivo (el id de un registro).';

  it('en la dirección, la consulta y el cuerpo: 400 con el motivo de siempre', async () => {
    const antes = await foto();
    for (const id of ['00001', '1e3', '%201', '+1', '-1', '0', '1.0', '0x1', '2147483648', 'true']) {
      const r = await api.call('GET', `/api/v3/ordenDTO/${id}`, 'admin');
      expect(r.statusCode, id).toBe(400);
      expect(r.json()).toMatchObject({
        code: 'DATOS_INVALIDOS',
        field: 'id',
        message: `Dato inválido en "id": ${RAZON}`,
      });
    }
    const canonico = await api.call('GET', `/api/v3/ordenDTO/${ordenId}`, 'admin');
    expect(canonico.statusCode).toBe(200);
    const ceros = await api.call('GET', `/api/v3/ordenDTO/0${ordenId}`, 'admin');
    expect(ceros.statusCode).toBe(400);

    for (const cliente of ['00001', '1e3', ' 1', true, 1.5, -1, '']) {
      const r = await api.call('POST', '/api/v2/ordenes/save', 'admin', { titulo: 'Ok', cliente });
      expect(r.statusCode, JSON.stringify(cliente)).toBe(400);
      expect(r.json()).toMatchObject({
        field: 'cliente',
        message: 'Dato inválido en "cliente": Elija el cliente de la orden.',
      });
    }
    for (const estado of ['02', true, '2 ']) {
      const r = await api.call('PUT', `/api/v2/estado/${ordenId}`, 'admin', { estado, comentarios: 'Listo' });
      expect(r.statusCode, JSON.stringify(estado)).toBe(400);
      expect(r.json()).toMatchObject({ field: 'estado', message: `Dato inválido en "estado": ${RAZON}` });
    }
    const filtro = await api.call('POST', '/api/v4/ordenes/all/filtered', 'admin', { estados: [1, '01'] });
    expect(filtro.json()).toMatchObject({ field: 'estados.1' });
    expect(await foto()).toEqual(antes);
  });

  it('un id como texto canónico sigue valiendo (formularios y campos multipart)', async () => {
    const r = await api.call('PUT', `/api/v2/estado/${ordenId}`, 'admin', { estado: '2', comentarios: 'En marcha' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ estado: { id: 2 } });
  });
});

describe('registro', () => {
  it('un error de la base con un hash y un email en sus valores deja una línea sin secretos', async () => {
    const lineas: string[] = [];
    const destino = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lineas.push(chunk.toString());
        cb();
      },
    });
    const { buildApp } = await import('../src/app.js');
    const app = await buildApp({
      config: testConfig({ logLevel: 'info' }),
      database: f.env.database,
      clock: f.env.clock,
      push: null,
      logStream: destino,
    });
    await app.ready();
    const db = f.env.database.db;
    // Every new user now fails inside PostgreSQL, with the row's values in the error's detail.
    await db.execute(sql`create or replace function falla_usuarios() returns trigger language plpgsql as $$
      begin raise exception 'falla de prueba' using detail = 'Key (email)=(' || new.email || ') ' || new.password_hash; end $$`);
    await db.execute(
      sql`create trigger falla_usuarios before insert on usuarios for each row execute function falla_usuarios()`,
    );
    try {
      const clave = md5('OtraClave99!');
      const r = await app.inject({
        method: 'POST',
        url: '/api/v4/usuario?tsp=1&k=secreto-de-enlace',
        headers: auth('admin'),
        payload: { usuario: 'ana.secreta', nombre: 'Ana', email: 'ana.secreta@demo.com', password: clave },
      });
      expect(r.statusCode, r.body).toBe(500);
      expect(r.json()).toMatchObject({ code: 'ERROR_INTERNO' });
      expect(r.body).not.toContain('falla de prueba');
      // Something with the secrets goes through the app's logger too: message and fields.
      app.log.info(
        { headers: auth('admin'), url: '/x?k=secreto-de-enlace' },
        `${auth('admin').authorization} k=secreto-de-enlace`,
      );
      await app.close();

      const t = lineas.join('');
      const interno = lineas
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.msg === 'error.interno');
      expect(interno, t).toMatchObject({ err: { tipo: 'DrizzleQueryError', causa: { sqlState: 'P0001' } } });
      for (const secreto of [
        '$argon2',
        'argon2id',
        'ana.secreta@demo.com',
        clave,
        md5('Demo1234!'),
        'secreto-de-enlace',
        'Key (email)',
      ]) {
        expect(t, secreto).not.toContain(secreto);
      }
    } finally {
      await db.execute(sql`drop trigger if exists falla_usuarios on usuarios`);
      await db.execute(sql`drop function if exists falla_usuarios()`);
    }
  });
});
