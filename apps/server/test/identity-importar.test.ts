import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zImportarResultado } from '@delego/contract';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { adminFixture, caller, rechazada, type AdminFixture } from './admin-fixture.js';

/** POST /api/v4/usuarios/importar (issue 36): users invited from a CSV or XLSX, previewed first. */

let f: AdminFixture;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  f = await adminFixture();
  call = caller(f.env);
});
afterAll(() => f?.env.close());

const URL = '/api/v4/usuarios/importar';
const base64 = (texto: string) => Buffer.from(texto, 'utf8').toString('base64');

async function xlsx(filas: string[][]): Promise<string> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Usuarios');
  for (const fila of filas) hoja.addRow(fila);
  return Buffer.from(await libro.xlsx.writeBuffer()).toString('base64');
}

/** Every user of a company (login names, in order) and the invitation mails queued for it. */
async function estado(entidadId: number) {
  const db = f.env.database.db;
  const u = await db.execute<{ usuario: string }>(
    sql`select usuario from usuarios where entidad_id = ${entidadId} order by id`,
  );
  const m = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from correo_salida where entidad_id = ${entidadId} and tipo = 'invitacion'`,
  );
  return { usuarios: u.rows.map((r) => r.usuario), invitaciones: Number(m.rows[0]?.n ?? 0) };
}

async function importar(quien: string, cuerpo: object) {
  const r = await call('POST', URL, quien, cuerpo);
  expect(r.statusCode, r.body).toBe(200);
  return zImportarResultado.parse(r.json());
}

describe('entre empresas', () => {
  it('otra empresa importa en la suya; un login de Demo sigue ocupado en todo el sistema', async () => {
    const antesDemo = await estado(f.demo);
    const csv = 'usuario,nombre,email\nnuevo.otra,Nuevo,nuevo@otra.com.ar\noperario,Copia,copia@otra.com.ar\n';
    const r = await importar('otra', { nombreArchivo: 'u.csv', contenido: base64(csv), confirmar: true });
    expect(r).toMatchObject({ validas: 1, conErrores: 1, importadas: 1 });
    expect(r.filas[1]!.errores).toEqual([
      { campo: 'usuario', mensaje: 'El nombre de usuario "operario" ya está en uso. Elija otro.' },
    ]);
    expect((await estado(f.otra)).usuarios).toContain('nuevo.otra');
    expect(await estado(f.demo)).toEqual(antesDemo);
  });
});

describe('POST /api/v4/usuarios/importar', () => {
  it('sin altaUsuarios da 403 y no escribe nada', async () => {
    const r = await rechazada(
      f,
      () =>
        call('POST', URL, 'operario', {
          nombreArchivo: 'u.csv',
          contenido: base64('usuario,nombre,email\nx,X,x@demo.com\n'),
          confirmar: true,
        }),
      403,
    );
    expect(r.message).toMatch(/permiso/);
  });

  it('la vista previa da cada fila con las reglas del formulario y no escribe ni invita', async () => {
    const antes = await estado(f.demo);
    const csv =
      'Usuario;Nombre;Apellido;Email;Rol\n' +
      'lucia.paz;Lucía;Paz;lucia@demo.com.ar;Supervisor\n' +
      'admin;Otro;Admin;otro@demo.com.ar;\n' +
      'sin.mail;Sin;Mail;;\n' +
      'rol.raro;Rol;Raro;rol@demo.com.ar;Gerente\n' +
      'LUCIA.PAZ;Repetida;;otra@demo.com.ar;\n' +
      'ramiro;Ramiro;;lucia@demo.com.ar;operario\n';
    const r = await importar('admin', { nombreArchivo: 'usuarios.csv', contenido: base64(csv) });
    expect(r).toMatchObject({ validas: 1, conErrores: 5, importadas: 0 });
    expect(r.filas.map((x) => [x.fila, x.estado])).toEqual([
      [2, 'ok'],
      [3, 'error'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
    ]);
    expect(r.filas[1]!.errores).toEqual([
      { campo: 'usuario', mensaje: 'El nombre de usuario "admin" ya está en uso. Elija otro.' },
    ]);
    expect(r.filas[2]!.errores).toEqual([
      { campo: 'email', mensaje: 'Para invitar por correo hace falta el email del usuario.' },
    ]);
    expect(r.filas[3]!.errores).toEqual([
      { campo: 'rol', mensaje: 'El rol «Gerente» no existe: use PROPIETARIO, ADMIN, SUPERVISOR, OPERARIO.' },
    ]);
    expect(r.filas[4]!.errores).toEqual([
      { campo: 'usuario', mensaje: '«LUCIA.PAZ» ya está en la fila 2 del archivo.' },
    ]);
    expect(r.filas[5]!.errores).toEqual([
      { campo: 'email', mensaje: '«lucia@demo.com.ar» ya está en la fila 2 del archivo.' },
    ]);
    expect(await estado(f.demo)).toEqual(antes);
  });

  it('un rol que quien importa no puede dar es un error de esa fila', async () => {
    const csv = 'usuario,nombre,email,rol\njefa.nueva,Jefa,jefa@demo.com.ar,ADMIN\n';
    const r = await importar('gestor', { nombreArchivo: 'u.csv', contenido: base64(csv) });
    expect(r).toMatchObject({ validas: 0, conErrores: 1 });
    expect(r.filas[0]!.errores).toHaveLength(1);
    expect(r.filas[0]!.errores[0]!.campo).toBe('rol');
    expect(r.filas[0]!.errores[0]!.mensaje).toMatch(/ADMIN/);
    expect((await estado(f.demo)).usuarios).not.toContain('jefa.nueva');
  });

  it('confirmar crea e invita solo las filas válidas (XLSX), con su rol', async () => {
    const antes = await estado(f.demo);
    const contenido = await xlsx([
      ['usuario', 'nombre', 'apellido', 'email', 'rol'],
      ['julia.mora', 'Julia', 'Mora', 'julia@demo.com.ar', 'SUPERVISOR'],
      ['tomas.gil', 'Tomás', 'Gil', 'tomas@demo.com.ar', ''],
      ['admin', 'Repetido', '', 'rep@demo.com.ar', ''],
    ]);
    const r = await importar('admin', { nombreArchivo: 'usuarios.xlsx', contenido, confirmar: true });
    expect(r).toMatchObject({ validas: 2, conErrores: 1, importadas: 2 });
    const despues = await estado(f.demo);
    expect(despues.usuarios).toEqual([...antes.usuarios, 'julia.mora', 'tomas.gil']);
    expect(despues.invitaciones).toBe(antes.invitaciones + 2);
    const lista = (await call('GET', '/api/v2/usuarios', 'admin')).json() as {
      usuario: string;
      roles: { nombre: string }[];
      invitacionPendiente: boolean;
    }[];
    const julia = lista.find((u) => u.usuario === 'julia.mora');
    expect(julia?.roles.map((x) => x.nombre)).toEqual(['SUPERVISOR']);
    expect(julia?.invitacionPendiente).toBe(true);
    expect(lista.find((u) => u.usuario === 'tomas.gil')?.roles.map((x) => x.nombre)).toEqual(['OPERARIO']);
  });

  it('si el tope de correos rechaza una invitación, no se importa nadie y lo dice', async () => {
    // A company in its first day may send 20 unsolicited mails in 24 h (modules/mail/limites.ts).
    const antes = await estado(f.demo);
    const filas = Array.from({ length: 25 }, (_, i) => `tope${i},Tope ${i},tope${i}@demo.com.ar`);
    const contenido = base64(`usuario,nombre,email\n${filas.join('\n')}\n`);
    const previa = await importar('admin', { nombreArchivo: 'u.csv', contenido });
    expect(previa.conErrores).toBeGreaterThan(0);
    const conTope = previa.filas.find((x) => x.estado === 'error');
    expect(conTope?.errores[0]?.mensaje).toMatch(/^No se envió el correo: su empresa llegó al límite/);

    const r = await rechazada(
      f,
      () => call('POST', URL, 'admin', { nombreArchivo: 'u.csv', contenido, confirmar: true }),
      429,
      /^No se importó ningún usuario\. Fila \d+: No se envió el correo/,
    );
    expect(r.field).toBe('archivo');
    expect(await estado(f.demo)).toEqual(antes);
  });

  it('un archivo sin las columnas obligatorias da 400 en «archivo»', async () => {
    const r = await rechazada(
      f,
      () => call('POST', URL, 'admin', { nombreArchivo: 'u.csv', contenido: base64('usuario,nombre\nx,X\n') }),
      400,
      /Falta la columna «email»/,
    );
    expect(r.field).toBe('archivo');
  });
});
