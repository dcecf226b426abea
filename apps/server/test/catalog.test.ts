import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zEtiqueta } from '@delego/contract';
import { sql } from 'drizzle-orm';
import type { DomainEvent } from '../src/kernel/bus.js';
import { adminFixture, caller, rechazada, settle, type AdminFixture } from './admin-fixture.js';

let f: AdminFixture;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  f = await adminFixture();
  call = caller(f.env);
});
afterAll(() => f?.env.close());

type Clase = { nombre: string; lista: string; base: string; ids: () => number[]; idsOtra: () => number[] };
const TIPOS: Clase = {
  nombre: 'tipos de orden',
  lista: '/api/v2/tipoOrden/all',
  base: '/api/v2/tipoOrden',
  ids: () => f.cat.tipos,
  idsOtra: () => f.catOtra.tipos,
};
const AREAS: Clase = {
  nombre: 'áreas',
  lista: '/api/v3/areas/all',
  base: '/api/v3/areas',
  ids: () => f.cat.areas,
  idsOtra: () => f.catOtra.areas,
};

/** Orders that use an area or type (the orders module owns the table; raw rows are enough here). */
async function ordenesQueUsan(col: 'area_id' | 'tipo_orden_id', id: number, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await f.env.database.db.execute(sql`
      insert into ordenes (entidad_id, numero, titulo, estado_id, registro_responsable_id, ${sql.identifier(col)})
      values (${f.demo}, (select coalesce(max(numero), 0) + 1 from ordenes where entidad_id = ${f.demo}),
              ${`Orden ${i}`}, 1, ${f.u.admin}, ${id})`);
  }
}

const nombres = (r: { json: () => unknown }) => (r.json() as { nombre: string }[]).map((x) => x.nombre);

describe('entre empresas', () => {
  for (const c of [TIPOS, AREAS]) {
    it(`${c.nombre}: otra empresa ve solo los suyos y no modifica ni borra los de Demo`, async () => {
      const r = await call('GET', c.lista, 'otra');
      expect((r.json() as { id: number }[]).map((x) => x.id)).toEqual(c.idsOtra());
      const id = c.ids()[0] as number;
      await rechazada(f, () => call('PUT', `${c.base}/${id}`, 'otra', { nombre: 'Robado' }), 404, /No se encontró/);
      await rechazada(f, () => call('DELETE', `${c.base}/${id}`, 'otra'), 404, /No se encontró/);
      // Demo's admin cannot reach Otra's entry either.
      await rechazada(f, () => call('DELETE', `${c.base}/${c.idsOtra()[0]}`, 'admin'), 404);
    });
  }

  it('E5S: cada empresa ve solo su catálogo', async () => {
    const r = await call('POST', '/api/v2/e5s/areas/importar', 'otra', { csv: 'X1;Depósito de Otra' });
    expect(r.statusCode, r.body).toBe(200);
    expect((await call('GET', '/api/v2/e5s/areas', 'admin')).json()).toEqual([]);
    expect((await call('GET', '/api/v2/e5s/areas', 'otra')).json()).toEqual([
      { clave: 'X1', nombre: 'Depósito de Otra' },
    ]);
  });
});

describe('sin altaEtiquetas', () => {
  it('leer se puede; crear, renombrar, borrar e importar dan 403 y no cambian nada', async () => {
    for (const c of [TIPOS, AREAS]) {
      expect((await call('GET', c.lista, 'operario')).statusCode).toBe(200);
      const id = c.ids()[0] as number;
      for (const req of [
        () => call('POST', c.base, 'operario', { nombre: 'Nuevo' }),
        () => call('PUT', `${c.base}/${id}`, 'operario', { nombre: 'Renombrado' }),
        () => call('DELETE', `${c.base}/${id}`, 'operario'),
      ]) {
        const body = await rechazada(f, req, 403);
        expect(body.message).toBe('No tiene permiso para administrar áreas y tipos de orden.');
      }
    }
    expect((await call('GET', '/api/v2/e5s/areas', 'operario')).statusCode).toBe(200);
    await rechazada(
      f,
      () => call('POST', '/api/v2/e5s/areas/importar', 'operario', { csv: 'A;B' }),
      403,
      /áreas y tipos de orden/,
    );
  });
});

for (const c of [TIPOS, AREAS]) {
  describe(`${c.nombre}: alta, cambio y baja`, () => {
    it('crea, renombra y borra uno sin órdenes', async () => {
      const seen: DomainEvent[] = [];
      const off = f.env.app.bus.subscribe((e) => seen.push(e));
      const r = await call('POST', c.base, 'admin', { nombre: '  Instalación  ' });
      expect(r.statusCode, r.body).toBe(200);
      const e = zEtiqueta.strict().parse(r.json());
      expect(e).toMatchObject({ nombre: 'Instalación', archivado: false });
      expect(nombres(await call('GET', c.lista, 'operario'))).toContain('Instalación');

      const ren = await call('PUT', `${c.base}/${e.id}`, 'admin', { nombre: 'Instalaciones nuevas' });
      expect(ren.json()).toEqual({ id: e.id, nombre: 'Instalaciones nuevas', archivado: false });
      expect(nombres(await call('GET', c.lista, 'operario'))).toContain('Instalaciones nuevas');

      const del = await call('DELETE', `${c.base}/${e.id}`, 'admin');
      expect(del.statusCode).toBe(200);
      expect(del.json()).toMatchObject({ archivado: false, ordenes: 0 });
      expect(del.json().message).toMatch(/^Se eliminó (el tipo de orden|el área)\.$/);
      const todos = (await call('GET', `${c.lista}?incluirArchivados=true`, 'admin')).json() as { id: number }[];
      expect(todos.map((x) => x.id)).not.toContain(e.id);
      await settle();
      off();
      expect(seen.filter((x) => x.type === 'catalogo.cambiado')).toHaveLength(3);
    });

    it('borrar uno que usan órdenes lo archiva, lo dice, y las órdenes lo conservan', async () => {
      const creado = (await call('POST', c.base, 'admin', { nombre: 'En uso' })).json() as { id: number };
      const col = c === AREAS ? 'area_id' : 'tipo_orden_id';
      await ordenesQueUsan(col, creado.id, 2);
      const del = await call('DELETE', `${c.base}/${creado.id}`, 'admin');
      expect(del.statusCode).toBe(200);
      expect(del.json()).toMatchObject({ archivado: true, ordenes: 2 });
      expect(del.json().message).toMatch(
        /está en uso por 2 órdenes: se archivó y deja de ofrecerse para órdenes nuevas\./,
      );
      expect(nombres(await call('GET', c.lista, 'admin'))).not.toContain('En uso');
      const todos = (await call('GET', `${c.lista}?incluirArchivados=true`, 'admin')).json() as {
        id: number;
        archivado: boolean;
      }[];
      expect(todos.find((x) => x.id === creado.id)?.archivado).toBe(true);
      const usan = await f.env.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ordenes where ${sql.identifier(col)} = ${creado.id}`,
      );
      expect(usan.rows[0]?.n).toBe(2);

      // The name is free again for a new entry; restoring the archived one would then clash.
      const otro = await call('POST', c.base, 'admin', { nombre: 'en uso' });
      expect(otro.statusCode).toBe(200);
      await rechazada(
        f,
        () => call('PUT', `${c.base}/${creado.id}`, 'admin', { nombre: 'En uso', archivado: false }),
        409,
        /en uso llamad[oa] "En uso": cámbiele el nombre a est[ea] para restaurarl[oa]\./,
      );
      const restaurado = await call('PUT', `${c.base}/${creado.id}`, 'admin', {
        nombre: 'En uso (histórico)',
        archivado: false,
      });
      expect(restaurado.json()).toMatchObject({ archivado: false, nombre: 'En uso (histórico)' });
    });

    it('nombres vacíos, enormes o repetidos, e ids inválidos: 4xx en español, nada cambia', async () => {
      const [a, b] = c.ids() as [number, number];
      const lista = (await call('GET', c.lista, 'admin')).json() as { id: number; nombre: string }[];
      const existente = lista.find((x) => x.id === a)?.nombre as string;
      const casos: [() => ReturnType<typeof call>, number, RegExp][] = [
        [() => call('POST', c.base, 'admin', { nombre: '' }), 400, /nombre es obligatorio/],
        [() => call('POST', c.base, 'admin', { nombre: '   ' }), 400, /nombre es obligatorio/],
        [() => call('POST', c.base, 'admin', {}), 400, /nombre/],
        [() => call('POST', c.base, 'admin', { nombre: 'x'.repeat(101) }), 400, /hasta 100/],
        [() => call('POST', c.base, 'admin', { nombre: 'x'.repeat(10 * 1024 * 1024) }), 413, /tamaño/],
        [() => call('POST', c.base, 'admin', { nombre: existente.toUpperCase() }), 409, /Ya existe/],
        [() => call('PUT', `${c.base}/${b}`, 'admin', { nombre: existente.toLowerCase() }), 409, /Ya existe/],
        [() => call('PUT', `${c.base}/abc`, 'admin', { nombre: 'X' }), 400, /id/],
        [() => call('PUT', `${c.base}/999999`, 'admin', { nombre: 'X' }), 404, /No se encontró/],
        [() => call('DELETE', `${c.base}/999999`, 'admin'), 404, /No se encontró/],
      ];
      for (const [req, status, msg] of casos) await rechazada(f, req, status, msg);
    });
  });
}

describe('E5S', () => {
  it('importa un CSV que reemplaza el catálogo, y lo informa', async () => {
    const r = await call('POST', '/api/v2/e5s/areas/importar', 'admin', {
      csv: 'clave;nombre\nE-02;Depósito\nE-01;Planta baja\n"E-03";"Oficinas; piso 1"\n',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      importadas: 3,
      anteriores: 0,
      message: 'Se importaron 3 áreas E5S.',
    });
    expect((await call('GET', '/api/v2/e5s/areas', 'operario')).json()).toEqual([
      { clave: 'E-01', nombre: 'Planta baja' },
      { clave: 'E-02', nombre: 'Depósito' },
      { clave: 'E-03', nombre: 'Oficinas; piso 1' },
    ]);
    const otra = await call('POST', '/api/v2/e5s/areas/importar', 'admin', { csv: 'Z9,Azotea' });
    expect(otra.json()).toEqual({
      importadas: 1,
      anteriores: 3,
      message: 'Se importó 1 área E5S; reemplaza a las 3 anteriores.',
    });
    const tercera = await call('POST', '/api/v2/e5s/areas/importar', 'admin', { csv: 'Z1,Azotea\nZ2,Sótano' });
    expect(tercera.json()).toMatchObject({ message: 'Se importaron 2 áreas E5S; reemplazan a la anterior.' });
    expect((await call('GET', '/api/v2/e5s/areas', 'admin')).json()).toEqual([
      { clave: 'Z1', nombre: 'Azotea' },
      { clave: 'Z2', nombre: 'Sótano' },
    ]);
  });

  it('un CSV con errores no cambia nada y dice en qué línea', async () => {
    const body = await rechazada(
      f,
      () => call('POST', '/api/v2/e5s/areas/importar', 'admin', { csv: 'A1;Uno\nA2\nA1;Otra vez\n' }),
      400,
      /Línea 2: falta el nombre.*Línea 3: la clave "A1" ya aparece en la línea 1/,
    );
    expect(body.field).toBe('csv');
    await rechazada(f, () => call('POST', '/api/v2/e5s/areas/importar', 'admin', { csv: '' }), 400, /vacío/);
    await rechazada(
      f,
      () => call('POST', '/api/v2/e5s/areas/importar', 'admin', { csv: 'clave;nombre\n' }),
      400,
      /no tiene áreas/,
    );
    await rechazada(
      f,
      () => call('POST', '/api/v2/e5s/areas/importar', 'admin', { csv: `K;${'n'.repeat(201)}` }),
      400,
      /hasta 200/,
    );
  });
});
