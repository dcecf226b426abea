import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zEquipo, zErrorBody, zImportarResultado, zPaginaEquipos, type Equipo } from '@delego/contract';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { testConfig } from '../src/config.js';
import { celdaDeEtiqueta } from '../src/modules/equipment/etiquetas.js';
import { adminFixture, caller, type AdminFixture } from './admin-fixture.js';

/**
 * Importing equipment from CSV or XLSX (preview with per-row errors, all or nothing) and the PDF
 * sheet of QR labels, rendered with pdftoppm and each code decoded back with zbarimg (issue 32).
 */

const ejecutar = promisify(execFile);

let f: AdminFixture;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  f = await adminFixture();
  call = caller(f.env);
});
afterAll(() => f?.env.close());

const URL_IMPORTAR = '/api/v4/equipos/importar';
const base64 = (texto: string) => Buffer.from(texto, 'utf8').toString('base64');

async function tablas(): Promise<unknown> {
  const db = f.env.database.db;
  return {
    ubicaciones: (await db.execute(sql`select * from ubicaciones order by id`)).rows,
    equipos: (await db.execute(sql`select * from equipos order by id`)).rows,
  };
}

async function xlsx(filas: string[][]): Promise<string> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Equipos');
  for (const fila of filas) hoja.addRow(fila);
  return Buffer.from(await libro.xlsx.writeBuffer()).toString('base64');
}

describe('POST /api/v4/equipos/importar', () => {
  it('otra empresa no puede nombrar clientes de Demo: cada fila es un error y no se escribe nada', async () => {
    const antes = await tablas();
    const csv = `cliente,nombre\nClínica San Martín,Caldera\n${f.cli[0]},Bomba\n`;
    const r = await call('POST', URL_IMPORTAR, 'otra', { nombreArchivo: 'e.csv', contenido: base64(csv) });
    const res = zImportarResultado.parse(r.json());
    expect(res).toMatchObject({ validas: 0, conErrores: 2, importadas: 0 });
    expect(res.filas.map((x) => x.errores[0]?.campo)).toEqual(['cliente', 'cliente']);
    expect(await tablas()).toEqual(antes);
  });

  it('la vista previa lista cada fila con sus errores en español (fila, columna, motivo) y no escribe nada', async () => {
    await call('POST', '/api/v4/equipos', 'admin', { nombre: 'Existente', codigo: 'EX-1', cliente: f.cli[0] });
    const antes = await tablas();
    const csv =
      'Cliente;Ubicación;Nombre;Código;Marca;Modelo;Serie;Ubicación interna;Notas\r\n' +
      'clinica san martin;Sede Central;Caldera;CAL-1;Peisa;Diva;S1;Sala de máquinas;\r\n' +
      `${f.cli[1]};;Bomba;ex-1;;;;;\r\n` +
      'Nadie S.A.;;Compresor;;;;;;\r\n' +
      'Hotel Los Andes;;;;;;;;sin nombre\r\n' +
      'Hotel Los Andes;;Otra caldera;cal-1;;;;;\r\n' +
      `Hotel Los Andes;;Equipo;;${'m'.repeat(121)};;;;\r\n`;
    const r = await call('POST', URL_IMPORTAR, 'admin', { nombreArchivo: 'equipos.csv', contenido: base64(csv) });
    expect(r.statusCode, r.body).toBe(200);
    const res = zImportarResultado.parse(r.json());
    expect(res).toMatchObject({ validas: 1, conErrores: 5, importadas: 0 });
    expect(res.filas.map((x) => [x.fila, x.estado, x.errores])).toEqual([
      [2, 'ok', []],
      [3, 'error', [{ campo: 'codigo', mensaje: 'Ya hay un equipo con el código «ex-1».' }]],
      [4, 'error', [{ campo: 'cliente', mensaje: 'No hay un cliente «Nadie S.A.».' }]],
      [5, 'error', [{ campo: 'nombre', mensaje: 'El nombre es obligatorio.' }]],
      [6, 'error', [{ campo: 'codigo', mensaje: 'El código «cal-1» ya está en la fila 2 del archivo.' }]],
      [7, 'error', [{ campo: 'marca', mensaje: 'La marca admite hasta 120 caracteres.' }]],
    ]);
    expect(res.filas[0]?.datos).toMatchObject({ ubicacioninterna: 'Sala de máquinas', ubicacion: 'Sede Central' });
    expect(await tablas()).toEqual(antes);

    // Confirmed with errors: refused (409) with every row's error, and still nothing written.
    const c = await call('POST', URL_IMPORTAR, 'admin', {
      nombreArchivo: 'equipos.csv',
      contenido: base64(csv),
      confirmar: true,
    });
    expect(c.statusCode, c.body).toBe(409);
    const err = zErrorBody.parse(c.json());
    expect(err.message).toBe('No se importó ninguna fila: 5 filas tienen errores. Corríjalas y vuelva a intentar.');
    expect(err.issues).toHaveLength(5);
    expect(err.issues?.[0]).toEqual({ field: 'fila.3.codigo', message: 'Ya hay un equipo con el código «ex-1».' });
    expect(await tablas()).toEqual(antes);
  });

  it('confirmada sin errores guarda todas las filas en una transacción y crea una vez cada ubicación nueva', async () => {
    await call('POST', '/api/v4/ubicaciones', 'admin', { cliente: f.cli[1], nombre: 'Edificio A', codigo: 'EA' });
    const filas = [
      ['cliente', 'ubicacion', 'nombre', 'codigo', 'marca', 'ubicacionInterna'],
      ['Hotel Los Andes', 'ea', 'Split 1', 'SP-1', 'BGH', 'Hab. 101'],
      ['Hotel Los Andes', 'Edificio A', 'Split 2', 'SP-2', 'BGH', 'Hab. 102'],
      ['Colegio Belgrano', 'Gimnasio', 'Termotanque', 'TT-1', 'Rheem', ''],
      ['Colegio Belgrano', 'gimnasio', 'Bomba', '', '', ''],
    ];
    const contenido = await xlsx(filas);
    const r = await call('POST', URL_IMPORTAR, 'admin', { nombreArchivo: 'equipos.xlsx', contenido, confirmar: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(zImportarResultado.parse(r.json())).toMatchObject({ validas: 4, conErrores: 0, importadas: 4 });
    const lista = zPaginaEquipos.parse((await call('GET', '/api/v4/equipos?porPagina=100', 'admin')).json());
    const por = (n: string) => lista.equipos.find((e) => e.nombre === n) as Equipo;
    expect(por('Split 1')).toMatchObject({
      ubicacion: { nombre: 'Edificio A' },
      ubicacionInterna: 'Hab. 101',
      marca: 'BGH',
    });
    expect(por('Split 2').ubicacion?.id).toBe(por('Split 1').ubicacion?.id);
    expect(por('Termotanque').ubicacion?.nombre).toBe('Gimnasio');
    expect(por('Bomba').ubicacion?.id).toBe(por('Termotanque').ubicacion?.id);
    const gimnasios = await f.env.database.db.execute(sql`select id from ubicaciones where lower(nombre) = 'gimnasio'`);
    expect(gimnasios.rows).toHaveLength(1);
  });

  it('sin altaClientes: 403; un archivo con demasiadas filas o una columna desconocida: 400 en archivo', async () => {
    const antes = await tablas();
    const r = await call('POST', URL_IMPORTAR, 'gestor', {
      nombreArchivo: 'e.csv',
      contenido: base64('cliente,nombre\nX,Y\n'),
    });
    expect(r.statusCode).toBe(403);
    const muchas = `cliente,nombre\n${'Hotel Los Andes,Equipo\n'.repeat(2001)}`;
    const g = zErrorBody.parse(
      (await call('POST', URL_IMPORTAR, 'admin', { nombreArchivo: 'e.csv', contenido: base64(muchas) })).json(),
    );
    expect(g).toMatchObject({
      field: 'archivo',
      message: 'El archivo tiene 2001 filas; se pueden importar hasta 2000 por vez.',
    });
    const col = zErrorBody.parse(
      (
        await call('POST', URL_IMPORTAR, 'admin', {
          nombreArchivo: 'e.csv',
          contenido: base64('cliente,nombre,color\nX,Y,Z\n'),
        })
      ).json(),
    );
    expect(col).toMatchObject({ field: 'archivo' });
    expect(col.message).toMatch(/La columna «color» no se conoce/);
    expect(await tablas()).toEqual(antes);
  });
});

describe('POST /api/v4/equipos/etiquetas', () => {
  it('una hoja A4 por cada 24: cada QR se decodifica a PUBLIC_URL/q/<codigoQr> de su equipo', async () => {
    const equipos: Equipo[] = [];
    for (let i = 0; i < 26; i++) {
      const r = await call('POST', '/api/v4/equipos', 'admin', {
        nombre: `Aire acondicionado ñandú ${i} con un nombre bastante largo para ver el corte`,
        codigo: `AA-${i}`,
        cliente: f.cli[2],
      });
      equipos.push(zEquipo.parse(r.json()));
    }
    const r = await call('POST', '/api/v4/equipos/etiquetas', 'admin', { ids: equipos.map((e) => e.id) });
    expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const dir = await mkdtemp(path.join(tmpdir(), 'etiquetas-'));
    try {
      await writeFile(path.join(dir, 'e.pdf'), r.rawPayload);
      const pdf = path.join(dir, 'e.pdf');
      const { stdout: info } = await ejecutar('pdfinfo', [pdf]);
      expect(info).toMatch(/Pages:\s+2\n/);
      expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
      // Each label rendered on its own (zbar may miss one of many codes in a page) at 150 dpi:
      // label i holds equipo i's URL.
      const base = testConfig().publicUrl;
      const px = (pt: number) => String(Math.round((pt * 150) / 72));
      for (const [i, e] of equipos.entries()) {
        const c = celdaDeEtiqueta(i);
        const salida = path.join(dir, `celda${i}`);
        const pagina = String(c.hoja + 1);
        await ejecutar('pdftoppm', [
          ...['-r', '150', '-f', pagina, '-l', pagina, '-singlefile', '-png'],
          ...['-x', px(c.x), '-y', px(c.y), '-W', px(c.ancho), '-H', px(c.alto)],
          pdf,
          salida,
        ]);
        const { stdout } = await ejecutar('zbarimg', [
          '--quiet',
          '--raw',
          '-Sdisable',
          '-Sqrcode.enable',
          `${salida}.png`,
        ]);
        expect(stdout.trim(), `etiqueta ${i}`).toBe(`${base}/q/${e.codigoQr}`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('ids vacíos o de más: 400 en español; uno inexistente: 404', async () => {
    const vacio = zErrorBody.parse((await call('POST', '/api/v4/equipos/etiquetas', 'admin', { ids: [] })).json());
    expect(vacio).toMatchObject({ field: 'ids', message: expect.stringMatching(/Elija al menos un equipo\.$/) });
    const demas = await call('POST', '/api/v4/equipos/etiquetas', 'admin', {
      ids: Array.from({ length: 241 }, (_, i) => i + 1),
    });
    expect(demas.statusCode).toBe(400);
    expect(zErrorBody.parse(demas.json()).message).toMatch(/Se pueden imprimir hasta 240 etiquetas por vez\.$/);
    const falta = await call('POST', '/api/v4/equipos/etiquetas', 'admin', { ids: [987654] });
    expect(falta.statusCode).toBe(404);
  });
});
