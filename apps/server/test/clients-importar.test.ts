import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MENSAJES_CUIT, digitoVerificadorCuit, zImportarResultado } from '@delego/contract';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { ClientsRepository } from '../src/modules/clients/clients.repository.js';
import { adminFixture, caller, rechazada, type AdminFixture } from './admin-fixture.js';

/** POST /api/v4/clientes/importar (issue 36): preview and confirm of a CSV or XLSX of clients. */

let f: AdminFixture;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  f = await adminFixture();
  call = caller(f.env);
});
afterAll(() => f?.env.close());

const URL = '/api/v4/clientes/importar';
const cuit = (diez: string) => `${diez.slice(0, 2)}-${diez.slice(2)}-${digitoVerificadorCuit(diez)}`;
const CUIT_OK = cuit('3071234567');

const base64 = (texto: string) => Buffer.from(texto, 'utf8').toString('base64');

/** The bytes of a text in Windows-1252: Latin-1 letters are one byte each, and € is 0x80. */
const windows1252 = (texto: string) => Buffer.from([...texto].map((c) => (c === '€' ? 0x80 : c.charCodeAt(0))));

async function xlsx(filas: (string | number)[][]): Promise<string> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Clientes');
  for (const f of filas) hoja.addRow(f);
  return Buffer.from(await libro.xlsx.writeBuffer()).toString('base64');
}

async function nombresDe(entidadId: number): Promise<string[]> {
  const r = await f.env.database.db.execute<{ nombre: string }>(
    sql`select nombre from clientes where entidad_id = ${entidadId} order by id`,
  );
  return r.rows.map((x) => x.nombre);
}

async function importar(quien: string, cuerpo: object, status = 200) {
  const r = await call('POST', URL, quien, cuerpo);
  expect(r.statusCode, r.body).toBe(status);
  return zImportarResultado.parse(r.json());
}

describe('entre empresas', () => {
  it('otra empresa importa solo en la suya: los nombres de Demo no le cuentan como repetidos', async () => {
    const antesDemo = await nombresDe(f.demo);
    const csv = 'nombre\nHotel Los Andes\nCliente nuevo de Otra\n';
    const r = await importar('otra', { nombreArchivo: 'c.csv', contenido: base64(csv), confirmar: true });
    expect(r).toMatchObject({ validas: 2, conErrores: 0, importadas: 2 });
    expect(await nombresDe(f.otra)).toEqual(expect.arrayContaining(['Hotel Los Andes', 'Cliente nuevo de Otra']));
    expect(await nombresDe(f.demo)).toEqual(antesDemo);
  });
});

describe('POST /api/v4/clientes/importar', () => {
  it('sin altaClientes da 403 y no escribe nada', async () => {
    const r = await rechazada(
      f,
      () => call('POST', URL, 'gestor', { nombreArchivo: 'c.csv', contenido: base64('nombre\nX\n'), confirmar: true }),
      403,
    );
    expect(r.message).toBe('No tiene permiso para administrar clientes.');
  });

  it('la vista previa da el resultado de cada fila en español y no escribe nada', async () => {
    const antes = await nombresDe(f.demo);
    // `;` as a spreadsheet in Spanish writes it, a BOM, quotes with a `;` and a line break inside.
    const csv =
      '\uFEFFNombre;CUIT;Email;Teléfono;Dirección;Contacto;Notas\r\n' +
      `"Panadería ""La Espiga""";${CUIT_OK};ventas@espiga.com.ar;011 4444-5555;"Av. Siempre Viva 742; piso 2";Marta;"Abre a las 7\nCierra a las 20"\r\n` +
      ';;;;;;sin nombre\r\n' +
      'Cuit malo;20-12345678-0;;;;;\r\n' +
      'Email malo;;no-es-un-mail;;;;\r\n' +
      'hotel los andes;;;;;;\r\n' +
      'Panadería "La Espiga";;;;;;\r\n' +
      '\r\n';
    const r = await importar('admin', { nombreArchivo: 'clientes.CSV', contenido: base64(csv) });
    expect(r).toMatchObject({ validas: 1, conErrores: 5, importadas: 0 });
    expect(r.filas.map((x) => [x.fila, x.estado])).toEqual([
      [2, 'ok'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
      [8, 'error'],
    ]);
    expect(r.filas[0]!.datos).toEqual({
      nombre: 'Panadería "La Espiga"',
      cuit: CUIT_OK,
      email: 'ventas@espiga.com.ar',
      telefono: '011 4444-5555',
      direccion: 'Av. Siempre Viva 742; piso 2',
      contacto: 'Marta',
      notas: 'Abre a las 7\nCierra a las 20',
    });
    expect(r.filas[1]!.errores).toEqual([{ campo: 'nombre', mensaje: 'El nombre es obligatorio.' }]);
    expect(r.filas[2]!.errores).toEqual([{ campo: 'cuit', mensaje: MENSAJES_CUIT.invalido }]);
    expect(r.filas[3]!.errores[0]).toMatchObject({ campo: 'email' });
    expect(r.filas[3]!.errores[0]!.mensaje).toMatch(/email/i);
    expect(r.filas[4]!.errores).toEqual([
      { campo: 'nombre', mensaje: 'Ya existe un cliente llamado "hotel los andes".' },
    ]);
    expect(r.filas[5]!.errores).toEqual([
      { campo: 'nombre', mensaje: 'El nombre "Panadería "La Espiga"" ya está en la fila 2 del archivo.' },
    ]);
    expect(await nombresDe(f.demo)).toEqual(antes);
  });

  it('confirmar guarda solo las filas válidas, y el XLSX se lee igual', async () => {
    const contenido = await xlsx([
      ['nombre', 'cuit', 'email', 'contacto'],
      ['Ferretería Central', CUIT_OK, 'compras@ferreteria.com', 'Raúl'],
      ['Clínica San Martín', '', '', ''],
      ['Escuela N° 5', '', '', ''],
    ]);
    const previa = await importar('admin', { nombreArchivo: 'clientes.xlsx', contenido });
    expect(previa).toMatchObject({ validas: 2, conErrores: 1, importadas: 0 });
    expect(await nombresDe(f.demo)).not.toContain('Ferretería Central');

    const r = await importar('admin', { nombreArchivo: 'clientes.xlsx', contenido, confirmar: true });
    expect(r).toMatchObject({ validas: 2, conErrores: 1, importadas: 2 });
    expect(r.filas[1]).toMatchObject({ fila: 3, estado: 'error' });
    const lista = (await call('GET', '/api/v4/clientes', 'admin')).json() as Record<string, unknown>[];
    expect(lista.find((c) => c.nombre === 'Ferretería Central')).toMatchObject({
      cuit: CUIT_OK,
      email: 'compras@ferreteria.com',
      contacto: 'Raúl',
      telefono: null,
      activo: true,
    });
    expect(lista.filter((c) => c.nombre === 'Clínica San Martín')).toHaveLength(1);
    expect(lista.some((c) => c.nombre === 'Escuela N° 5')).toBe(true);
  });

  it('un CSV guardado por Excel en Windows-1252 conserva sus acentos', async () => {
    // Excel in Spanish saves «CSV (delimitado por comas)» in Windows-1252, not UTF-8.
    const csv = 'Nombre;Teléfono;Dirección\r\nPanadería Núñez €;341 555-1234;Córdoba 1234\r\n';
    const contenido = windows1252(csv).toString('base64');
    const r = await importar('admin', { nombreArchivo: 'clientes.csv', contenido, confirmar: true });
    expect(r).toMatchObject({ validas: 1, conErrores: 0, importadas: 1 });
    expect(r.filas[0]!.datos).toEqual({
      nombre: 'Panadería Núñez €',
      telefono: '341 555-1234',
      direccion: 'Córdoba 1234',
    });
    expect(await nombresDe(f.demo)).toContain('Panadería Núñez €');
  });

  it('todo o nada: si una fila falla al guardar, no queda ninguna', async () => {
    const antes = await nombresDe(f.demo);
    const original = ClientsRepository.prototype.insert;
    let llamadas = 0;
    const espia = vi.spyOn(ClientsRepository.prototype, 'insert').mockImplementation(async function (
      this: ClientsRepository,
      ...args: Parameters<typeof original>
    ) {
      llamadas += 1;
      if (llamadas === 2) throw new Error('falla simulada de la base');
      return original.apply(this, args);
    });
    try {
      const csv = 'nombre\nPrimero del lote\nSegundo del lote\nTercero del lote\n';
      const r = await call('POST', URL, 'admin', { nombreArchivo: 'c.csv', contenido: base64(csv), confirmar: true });
      expect(r.statusCode).toBe(500);
    } finally {
      espia.mockRestore();
    }
    expect(llamadas).toBe(2);
    expect(await nombresDe(f.demo)).toEqual(antes);
  });

  it('un archivo que no sirve da 400 en «archivo» y no escribe nada', async () => {
    const casos: [object, RegExp][] = [
      [{ nombreArchivo: 'c.pdf', contenido: base64('nombre\nX\n') }, /CSV o XLSX/],
      [{ nombreArchivo: 'c.csv', contenido: base64('razon social\nX\n') }, /La columna «razonsocial» no se conoce/],
      [{ nombreArchivo: 'c.csv', contenido: base64('cuit\n30-1\n') }, /Falta la columna «nombre»/],
      [{ nombreArchivo: 'c.csv', contenido: base64('nombre\n') }, /no tiene filas de datos/],
      [{ nombreArchivo: 'c.csv', contenido: base64('nombre\n"sin cerrar\n') }, /comillas sin cerrar/],
      [{ nombreArchivo: 'c.xlsx', contenido: base64('no es un xlsx') }, /No se pudo leer el archivo XLSX/],
      [
        {
          nombreArchivo: 'c.csv',
          contenido: base64(`nombre\n${Array.from({ length: 1001 }, (_, i) => `C${i}`).join('\n')}`),
        },
        /1001 filas; se pueden importar hasta 1000/,
      ],
    ];
    for (const [cuerpo, mensaje] of casos) {
      const r = await rechazada(f, () => call('POST', URL, 'admin', { ...cuerpo, confirmar: true }), 400, mensaje);
      expect(r.field).toBe('archivo');
    }
  });
});
