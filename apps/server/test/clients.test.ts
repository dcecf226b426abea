import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zCliente } from '@delego/contract';
import type { DomainEvent } from '../src/kernel/bus.js';
import { adminFixture, caller, rechazada, settle, type AdminFixture } from './admin-fixture.js';
import { makeClientes } from './helpers.js';

let f: AdminFixture;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  f = await adminFixture();
  call = caller(f.env);
});
afterAll(() => f?.env.close());

const ids = (r: { json: () => unknown }) => (r.json() as { id: number }[]).map((c) => c.id);

describe('entre empresas', () => {
  it('otra empresa ve solo sus clientes y no modifica los de Demo', async () => {
    expect(ids(await call('GET', '/api/v4/clientes', 'otra'))).toEqual(f.cliOtra);
    expect(ids(await call('GET', '/api/v2/empresasAsignables', 'otra'))).toEqual(f.cliOtra);
    await rechazada(
      f,
      () => call('POST', '/api/v2/cliente', 'otra', { id: f.cli[0], nombre: 'Robado', activo: false }),
      404,
      /No se encontró el cliente/,
    );
    expect(ids(await call('GET', '/api/v4/clientes', 'admin'))).toEqual(expect.arrayContaining(f.cli));
  });
});

describe('GET /api/v4/clientes', () => {
  it('devuelve los clientes de la empresa con todos sus datos, ordenados por nombre', async () => {
    const r = await call('GET', '/api/v4/clientes', 'operario');
    expect(r.statusCode).toBe(200);
    const list = r.json() as Record<string, unknown>[];
    list.forEach((c) => zCliente.strict().parse(c));
    expect(list.map((c) => c.nombre)).toEqual(['Clínica San Martín', 'Colegio Belgrano', 'Hotel Los Andes']);
    expect(list[0]).toMatchObject({ cuit: '30-65432198-8', activo: true, email: null });
  });

  it('se guarda en caché por empresa; /api/v2/clientes/cache/clean la vacía', async () => {
    await call('GET', '/api/v4/clientes', 'admin');
    const [directo] = await makeClientes(f.env.database.db, f.demo, [{ nombre: 'Alta directa en la base' }]);
    expect(ids(await call('GET', '/api/v4/clientes', 'admin'))).not.toContain(directo);
    expect((await call('GET', '/api/v2/clientes/cache/clean', 'admin')).statusCode).toBe(200);
    expect(ids(await call('GET', '/api/v4/clientes', 'admin'))).toContain(directo);
  });
});

describe('sin altaClientes', () => {
  it('crear o modificar un cliente da 403 en español y no cambia nada', async () => {
    for (const body of [{ nombre: 'Nuevo cliente' }, { id: f.cli[0], nombre: 'Cambiado' }]) {
      const r = await rechazada(f, () => call('POST', '/api/v2/cliente', 'gestor', body), 403);
      expect(r.message).toBe('No tiene permiso para administrar clientes.');
    }
  });
});

describe('POST /api/v2/cliente {cliente}', () => {
  let id: number;

  it('crea un cliente; la lista y los permisos implícitos de los admin lo ven enseguida', async () => {
    const seen: DomainEvent[] = [];
    const off = f.env.app.bus.subscribe((e) => seen.push(e));
    const antes = (await call('GET', '/api/v4/clientes', 'admin')).json().length;
    const r = await call('POST', '/api/v2/cliente', 'admin', {
      nombre: '  Frigorífico del Sur ',
      cuit: '34509988775',
      contacto: 'Gustavo Ibarra',
      email: 'planta@frigosur.com.ar',
      telefono: '0291 455-6600',
      direccion: 'Ruta 3 km 696, Bahía Blanca',
      notas: 'Entrada por portón 2',
    });
    expect(r.statusCode, r.body).toBe(200);
    const c = zCliente.strict().parse(r.json());
    id = c.id;
    expect(c).toMatchObject({
      nombre: 'Frigorífico del Sur',
      cuit: '34-50998877-5',
      activo: true,
      notas: 'Entrada por portón 2',
    });
    await settle();
    off();
    expect(seen).toContainEqual({ type: 'clientes.cambiados', entidadId: f.demo });
    expect(ids(await call('GET', '/api/v4/clientes', 'admin'))).toContain(id);
    expect((await call('GET', '/api/v4/login', 'admin')).json().permisos.clientes).toHaveLength(antes + 1);
  });

  it('modifica solo lo enviado; vacío borra el dato; inactivo deja de ser asignable', async () => {
    const r = await call('POST', '/api/v2/cliente', 'admin', { id, nombre: 'Frigorífico del Sur S.A.', notas: '' });
    expect(r.json()).toMatchObject({
      nombre: 'Frigorífico del Sur S.A.',
      cuit: '34-50998877-5',
      contacto: 'Gustavo Ibarra',
      notas: null,
    });
    expect(ids(await call('GET', '/api/v2/empresasAsignables', 'admin'))).toContain(id);
    await call('POST', '/api/v2/cliente', 'admin', { id, nombre: 'Frigorífico del Sur S.A.', activo: false });
    expect(ids(await call('GET', '/api/v2/empresasAsignables', 'admin'))).not.toContain(id);
    const list = (await call('GET', '/api/v4/clientes', 'admin')).json() as { id: number; activo: boolean }[];
    expect(list.find((c) => c.id === id)?.activo).toBe(false);
  });

  it('datos inválidos: 400 con el campo en español, y nada cambia', async () => {
    const casos: [Record<string, unknown>, string, RegExp][] = [
      [{ nombre: 'Con mail malo', email: 'no-es-mail' }, 'email', /email no es una dirección válida/],
      [{ nombre: 'Con CUIT malo', cuit: '30-1234-5' }, 'cuit', /NN-NNNNNNNN-N/],
      [{ nombre: 'Con CUIT con letras', cuit: '30-5O998877-6' }, 'cuit', /NN-NNNNNNNN-N/],
      // The same rule as the billing form (contract's cuit.ts): the check digit must be right.
      [{ nombre: 'Con dígito malo', cuit: '20-12345678-0' }, 'cuit', /dígito verificador no coincide/],
      [{ nombre: '' }, 'nombre', /nombre es obligatorio/],
      [{ nombre: '   ' }, 'nombre', /nombre es obligatorio/],
      [{}, 'nombre', /.+/],
      [{ nombre: 'N'.repeat(151) }, 'nombre', /hasta 150/],
      [{ nombre: 'Notas largas', notas: 'x'.repeat(2001) }, 'notas', /hasta 2000/],
    ];
    for (const [body, field, msg] of casos) {
      const r = await rechazada(f, () => call('POST', '/api/v2/cliente', 'admin', body), 400, msg);
      expect(r.field).toBe(field);
    }
    await rechazada(f, () => call('POST', '/api/v2/cliente', 'admin', { nombre: 'N'.repeat(10 * 1024 * 1024) }), 413);
    await rechazada(f, () => call('POST', '/api/v2/cliente', 'admin', { id: 999999, nombre: 'Fantasma' }), 404);
  });

  it('un nombre repetido en la empresa (sin importar mayúsculas): 409; en otra empresa se permite', async () => {
    const r = await rechazada(
      f,
      () => call('POST', '/api/v2/cliente', 'admin', { nombre: 'hotel los andes' }),
      409,
      /Ya existe un cliente llamado/,
    );
    expect(r.field).toBe('nombre');
    await rechazada(
      f,
      () => call('POST', '/api/v2/cliente', 'admin', { id: f.cli[0], nombre: 'HOTEL LOS ANDES' }),
      409,
    );
    const otra = await call('POST', '/api/v2/cliente', 'otra', { nombre: 'Hotel Los Andes' });
    expect(otra.statusCode).toBe(200);
  });
});

describe('GET /api/v2/empresasAsignables', () => {
  it('admin: todos los activos; los demás: los clientes con delegarOrden', async () => {
    const activos = ((await call('GET', '/api/v4/clientes', 'admin')).json() as { id: number; activo: boolean }[])
      .filter((c) => c.activo)
      .map((c) => c.id)
      .sort((a, b) => a - b);
    expect(ids(await call('GET', '/api/v2/empresasAsignables', 'duenia')).sort((a, b) => a - b)).toEqual(activos);
    const gestor = await call('GET', '/api/v2/empresasAsignables', 'gestor');
    expect(gestor.json()).toEqual([{ id: f.cli[0], nombre: 'Clínica San Martín' }]);
    expect((await call('GET', '/api/v2/empresasAsignables', 'operario')).json()).toEqual([]);
  });
});
