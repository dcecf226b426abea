import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIMITES_CHECKLIST,
  type Archivo,
  type ChecklistOrden,
  type ItemChecklistNuevo,
  type ItemGuardado,
  type OrdenDetalle,
  type PaginaOrdenes,
  type PlantillaChecklist,
  type SeguimientoCreado,
} from '@delego/contract';
import type { DomainEvent } from '../src/kernel/bus.js';
import { fixture, jpeg, llamar, pdf, png, type Fixture } from './files-fixture.js';

/**
 * Checklists (issue 31), end to end on the engine of TEST_DB: templates per order type (versioned),
 * an order's checklist answered item by item, the rule of Finalizada, follow-up orders, limits,
 * idempotency, two answers at once, and another company, which gets 404 on every call.
 */
let f: Fixture;
let api: ReturnType<typeof llamar>;
const eventos: DomainEvent[] = [];

beforeAll(async () => {
  f = await fixture();
  api = llamar(f);
  f.env.app.bus.subscribe((e) => {
    eventos.push(e);
  });
});
afterAll(() => f?.close());

const ITEMS: ItemChecklistNuevo[] = [
  { seccion: 'Seguridad', etiqueta: 'Cortar la energía', tipo: 'tick', requerido: true },
  { seccion: 'Seguridad', etiqueta: 'Estado del disyuntor', tipo: 'pasa_falla', requerido: true, publico: true },
  { seccion: 'Mediciones', etiqueta: 'Presión del gas', tipo: 'numero', unidad: 'bar', min: 2, max: 5 },
  { etiqueta: 'Observaciones', tipo: 'texto' },
  { etiqueta: 'Foto del equipo', tipo: 'foto' },
  { etiqueta: 'Firma del técnico', tipo: 'firma' },
];

const tipo = () => f.cat.tipos[0] as number;
const otroTipo = () => f.cat.tipos[1] as number;
const guardarPlantilla = (items: unknown, who = 'admin', t = tipo()) =>
  api.call('PUT', `/api/v2/checklist/plantilla/${t}`, who, { items });
const checklist = async (id: number, who = 'admin') => {
  const r = await api.call('GET', `/api/v2/checklist/orden/${id}`, who);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as ChecklistOrden;
};
const responder = (id: number, itemId: number, body: unknown, who = 'operario', headers: Record<string, string> = {}) =>
  api.call('PUT', `/api/v2/checklist/orden/${id}/item/${itemId}`, who, body, headers);
const item = (c: ChecklistOrden, etiqueta: string) => {
  const i = c.items.find((x) => x.etiqueta === etiqueta);
  if (!i) throw new Error(`sin ítem ${etiqueta}`);
  return i;
};
const historial = async (id: number) =>
  (await api.call('GET', `/api/v2/historial/detalle/${id}`, 'admin')).json() as {
    tipo: string;
    descripcion: string;
    comentario: string | null;
  }[];
const filas = async () => {
  const r = await f.env.database.db.execute<{ p: number; c: number; i: number; e: number }>(sql`
    select (select count(*)::int from checklist_plantillas) as p, (select count(*)::int from checklist_ordenes) as c,
           (select count(*)::int from checklist_items) as i, (select count(*)::int from orden_eventos) as e`);
  return r.rows[0];
};
/** The bus reaches the checklists' subscriber after the answer: let it run. */
const tras = () => new Promise((r) => setTimeout(r, 50));

describe('plantillas por tipo de orden', () => {
  it('sin plantilla es la versión 0; guardar exige altaEtiquetas y crea una versión nueva cada vez, con el texto tal cual', async () => {
    const vacia = await api.call('GET', `/api/v2/checklist/plantilla/${otroTipo()}`, 'operario');
    expect(vacia.statusCode, vacia.body).toBe(200);
    expect(vacia.json()).toEqual({
      tipoOrdenId: otroTipo(),
      version: 0,
      actualizada: null,
      actualizadaPor: null,
      items: [],
    });

    const sinPermiso = await guardarPlantilla(ITEMS, 'supervisor');
    expect(sinPermiso.statusCode).toBe(403);
    expect(sinPermiso.json().message).toMatch(/«Áreas y tipos de orden»/);

    const html = '<img src=x onerror=alert(1)> Revisar «caño»';
    const v1 = await guardarPlantilla([...ITEMS, { etiqueta: html, tipo: 'tick', seccion: '  ' }]);
    expect(v1.statusCode, v1.body).toBe(200);
    const p = v1.json() as PlantillaChecklist;
    expect(p).toMatchObject({ tipoOrdenId: tipo(), version: 1, actualizadaPor: 'Martín Gómez' });
    expect(p.items).toHaveLength(7);
    expect(p.items[2]).toEqual({
      seccion: 'Mediciones',
      etiqueta: 'Presión del gas',
      tipo: 'numero',
      requerido: false,
      publico: false,
      unidad: 'bar',
      min: 2,
      max: 5,
    });
    // Text stays text: stored and answered exactly as written; an empty section is none.
    expect(p.items[6]).toMatchObject({ etiqueta: html, seccion: null });
    const v2 = await guardarPlantilla(ITEMS);
    expect((v2.json() as PlantillaChecklist).version).toBe(2);
  });

  it('rechaza con 400 y sin cambiar nada: 201 ítems, un texto de 2.001 caracteres, mínimo mayor que máximo, límites en un tilde', async () => {
    const antes = await filas();
    const muchos = Array.from({ length: LIMITES_CHECKLIST.items + 1 }, (_, n) => ({
      etiqueta: `Ítem ${n}`,
      tipo: 'tick',
    }));
    const casos: [unknown, RegExp][] = [
      [muchos, /hasta 200 ítems/],
      [[{ etiqueta: 'x'.repeat(2001), tipo: 'tick' }], /hasta 2000 caracteres/],
      [[{ etiqueta: 'Presión', tipo: 'numero', min: 5, max: 2 }], /mínimo no puede ser mayor/],
      [[{ etiqueta: 'Tilde', tipo: 'tick', unidad: 'kg' }], /solo corresponden a los ítems de tipo número/],
      [[{ etiqueta: '', tipo: 'tick' }], /necesita un texto/],
      [[{ etiqueta: 'Algo', tipo: 'dibujo' }], /tick, pasa_falla/],
    ];
    for (const [items, motivo] of casos) {
      const r = await guardarPlantilla(items);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().code).toBe('DATOS_INVALIDOS');
      expect(r.json().message).toMatch(motivo);
    }
    // Exactly 200 is fine.
    const justo = await guardarPlantilla(muchos.slice(0, 200), 'admin', otroTipo());
    expect(justo.statusCode, justo.body).toBe(200);
    const despues = await filas();
    expect(despues?.p).toBe((antes?.p ?? 0) + 1);
    await guardarPlantilla([], 'admin', otroTipo());
  });

  it('otra empresa recibe 404 al leer o guardar la plantilla de un tipo ajeno', async () => {
    expect((await api.call('GET', `/api/v2/checklist/plantilla/${tipo()}`, 'otra')).statusCode).toBe(404);
    const antes = await filas();
    expect((await guardarPlantilla(ITEMS, 'otra')).statusCode).toBe(404);
    expect(await filas()).toEqual(antes);
  });
});

describe('el checklist de una orden', () => {
  it('se copia de la versión vigente al crear la orden; editar la plantilla no cambia las órdenes existentes', async () => {
    await guardarPlantilla(ITEMS);
    const a = await api.crearOrden();
    await tras();
    const ca = await checklist(a.id, 'operario');
    expect(ca.items.map((i) => i.etiqueta)).toEqual(ITEMS.map((i) => i.etiqueta));
    expect(ca).toMatchObject({
      ordenId: a.id,
      tipoOrdenId: tipo(),
      plantillaDesactualizada: false,
      progreso: { hechos: 0, total: 6 },
      faltantes: ['Cortar la energía', 'Estado del disyuntor'],
      modificar: true,
      origen: null,
      seguimientos: [],
    });
    // The list and the detail carry the progress.
    const lista = (await api.call('POST', '/api/v4/ordenes/all/filtered', 'admin', {})).json() as PaginaOrdenes;
    expect(lista.ordenes.find((o) => o.id === a.id)?.checklist).toEqual({ hechos: 0, total: 6 });

    const v = (await guardarPlantilla([{ etiqueta: 'Solo esto', tipo: 'tick' }])).json() as PlantillaChecklist;
    const b = await api.crearOrden();
    expect((await checklist(b.id)).items.map((i) => i.etiqueta)).toEqual(['Solo esto']);
    expect((await checklist(b.id)).version).toBe(v.version);
    const otraVez = await checklist(a.id);
    expect(otraVez.items.map((i) => i.etiqueta)).toEqual(ITEMS.map((i) => i.etiqueta));
    expect(otraVez.version).toBe(v.version - 1);

    // Re-applying without answers takes the new version at once; ad-hoc items stay.
    const adHoc = await api.call('POST', `/api/v2/checklist/orden/${a.id}/item`, 'operario', {
      etiqueta: 'Revisar la escalera',
      tipo: 'tick',
    });
    expect(adHoc.statusCode, adHoc.body).toBe(200);
    const re = await api.call('POST', `/api/v2/checklist/orden/${a.id}/reaplicar`, 'operario', {});
    expect(re.statusCode, re.body).toBe(200);
    expect((re.json() as ChecklistOrden).items.map((i) => i.etiqueta)).toEqual(['Solo esto', 'Revisar la escalera']);
    await guardarPlantilla(ITEMS);
  });

  it('responde cada tipo de ítem, con su historial; un número fuera de límites solo como fallido', async () => {
    const o = await api.crearOrden();
    const c = await checklist(o.id);
    const antes = await filas();
    const fuera = await responder(o.id, item(c, 'Presión del gas').id, { tipo: 'numero', numero: 7.5 });
    expect(fuera.statusCode).toBe(400);
    expect(fuera.json()).toMatchObject({ field: 'numero' });
    expect(fuera.json().message).toBe(
      'El valor de «Presión del gas» está fuera de los límites (entre 2 y 5 bar): solo se acepta marcándolo como fallido.',
    );
    const distinto = await responder(o.id, item(c, 'Cortar la energía').id, { tipo: 'texto', texto: 'hola' });
    expect(distinto.statusCode).toBe(400);
    const largo = await responder(o.id, item(c, 'Observaciones').id, { tipo: 'texto', texto: 'x'.repeat(2001) });
    expect(largo.statusCode).toBe(400);
    expect(await filas()).toEqual(antes);

    const n = await responder(o.id, item(c, 'Presión del gas').id, {
      tipo: 'numero',
      numero: 7.5,
      fallido: true,
      nota: 'Pérdida en la llave',
    });
    expect(n.statusCode, n.body).toBe(200);
    expect((n.json() as ItemGuardado).item).toMatchObject({
      hecho: true,
      fallido: true,
      respuesta: { numero: 7.5, nota: 'Pérdida en la llave', por: { nombre: 'Diego Sosa' } },
    });
    const dentro = await responder(o.id, item(c, 'Presión del gas').id, { tipo: 'numero', numero: 3 });
    expect((dentro.json() as ItemGuardado).item).toMatchObject({ hecho: true, fallido: false });

    const t = await responder(o.id, item(c, 'Cortar la energía').id, { tipo: 'tick', marcado: true });
    expect((t.json() as ItemGuardado).progreso).toEqual({ hechos: 2, total: 6 });
    const pf = await responder(o.id, item(c, 'Estado del disyuntor').id, { tipo: 'pasa_falla', resultado: 'falla' });
    expect(pf.json()).toMatchObject({ item: { fallido: true, hecho: true }, faltantes: [] });
    const html = '<script>alert(1)</script> & «ok»';
    const tx = await responder(o.id, item(c, 'Observaciones').id, { tipo: 'texto', texto: html });
    expect((tx.json() as ItemGuardado).item.respuesta?.texto).toBe(html);

    const h = await historial(o.id);
    const descripciones = h.filter((e) => e.tipo === 'CHECKLIST').map((e) => e.descripcion);
    expect(descripciones).toEqual(
      expect.arrayContaining([
        'Respondió «Presión del gas» del checklist: 7,5 bar (fallido)',
        'Respondió «Presión del gas» del checklist: 3 bar',
        'Respondió «Cortar la energía» del checklist: Hecho',
        'Respondió «Estado del disyuntor» del checklist: Falla',
      ]),
    );
    expect(h.find((e) => e.comentario === 'Pérdida en la llave')).toBeDefined();

    // Clearing an answer is in the history too.
    const borrada = await api.call(
      'DELETE',
      `/api/v2/checklist/orden/${o.id}/item/${item(c, 'Observaciones').id}/respuesta`,
      'operario',
    );
    expect(borrada.statusCode, borrada.body).toBe(200);
    expect((borrada.json() as ItemGuardado).item).toMatchObject({ respuesta: null, hecho: false });
    expect(
      (await historial(o.id)).some((e) => e.descripcion === 'Quitó la respuesta de «Observaciones» del checklist'),
    ).toBe(true);
    expect(
      eventos.some(
        (e) => e.type === 'orden.checklistCambiada' && e.ordenId === o.id && e.itemId === item(c, 'Observaciones').id,
      ),
    ).toBe(true);
  });

  it('una foto es un archivo de imagen de la misma orden; la firma, un PNG o JPEG real de hasta 200 KB', async () => {
    const o = await api.crearOrden();
    const otra = await api.crearOrden();
    const c = await checklist(o.id);
    const subida = await api.subir(o.id, 'operario', [
      { name: 'archivos', filename: 'equipo.jpg', content: await jpeg(64, 48) },
    ]);
    const [foto] = subida.json() as Archivo[];
    const ajena = (
      (
        await api.subir(otra.id, 'admin', [{ name: 'archivos', filename: 'x.jpg', content: await jpeg(32, 32) }])
      ).json() as Archivo[]
    )[0];
    const fotoId = item(c, 'Foto del equipo').id;
    const mal = await responder(o.id, fotoId, { tipo: 'foto', archivos: [ajena?.id] });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toBe('Alguna foto indicada no es un archivo de imagen de esta orden.');
    expect((await responder(o.id, fotoId, { tipo: 'foto', archivos: [] })).statusCode).toBe(400);
    // A file of the order that is not an image is not a photo.
    const documento = (
      (
        await api.subir(o.id, 'operario', [{ name: 'archivos', filename: 'informe.pdf', content: pdf() }])
      ).json() as Archivo[]
    ).find((a) => a.nombre === 'informe.pdf');
    const noFoto = await responder(o.id, fotoId, { tipo: 'foto', archivos: [documento?.id] });
    expect(noFoto.statusCode).toBe(400);
    expect(noFoto.json()).toMatchObject({ field: 'archivos' });
    const bien = await responder(o.id, fotoId, { tipo: 'foto', archivos: [foto?.id] });
    expect(bien.statusCode, bien.body).toBe(200);
    expect((bien.json() as ItemGuardado).item.respuesta?.fotos).toEqual([{ id: foto?.id, nombre: 'equipo.jpg' }]);

    const firmaId = item(c, 'Firma del técnico').id;
    const antes = await filas();
    const guardadosAntes = await f.guardados();
    const falsa = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('no soy un png'),
    ]);
    for (const imagen of [
      'hola',
      falsa.toString('base64'),
      `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}`,
    ]) {
      const r = await responder(o.id, firmaId, { tipo: 'firma', imagen });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toMatchObject({ field: 'imagen', message: 'La firma debe ser una imagen PNG o JPEG válida.' });
    }
    const grande = Buffer.concat([await png(10, 10), Buffer.alloc(201 * 1024)]);
    const g = await responder(o.id, firmaId, { tipo: 'firma', imagen: grande.toString('base64') });
    expect(g.statusCode).toBe(413);
    expect(g.json().message).toBe('La firma admite hasta 200 KB.');
    expect(await filas()).toEqual(antes);
    expect(await f.guardados()).toEqual(guardadosAntes);

    const imagen = await png(300, 120);
    const ok = await responder(o.id, firmaId, {
      tipo: 'firma',
      imagen: `data:image/png;base64,${imagen.toString('base64')}`,
      firmante: 'Diego Sosa',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as ItemGuardado).item).toMatchObject({ hecho: true, respuesta: { firmante: 'Diego Sosa' } });
    const leida = await api.call('GET', `/api/v2/checklist/orden/${o.id}/item/${firmaId}/firma`, 'admin');
    expect(leida.statusCode).toBe(200);
    expect(leida.headers['content-type']).toBe('image/png');
    expect(leida.rawPayload.equals(imagen)).toBe(true);
    expect(
      (await historial(o.id)).some(
        (e) => e.tipo === 'CHECKLIST_FIRMA' && e.descripcion === 'Firma de Diego Sosa en «Firma del técnico»',
      ),
    ).toBe(true);
    // A new signature replaces the old one's bytes.
    const jpg = await jpeg(120, 60);
    expect((await responder(o.id, firmaId, { tipo: 'firma', imagen: jpg.toString('base64') })).statusCode).toBe(200);
    expect(
      (await api.call('GET', `/api/v2/checklist/orden/${o.id}/item/${firmaId}/firma`, 'admin')).headers['content-type'],
    ).toBe('image/jpeg');
    expect((await f.guardados()).filter((k) => k.includes('firma-'))).toHaveLength(1);
  });

  it('Finalizada se rechaza con 409 listando los obligatorios que faltan, hasta que estén hechos', async () => {
    const o = await api.crearOrden({ estado: 2 });
    const c = await checklist(o.id);
    const fin = () => api.call('PUT', `/api/v2/estado/${o.id}`, 'supervisor', { estado: 4, comentarios: 'Terminado' });
    const r = await fin();
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json()).toMatchObject({
      code: 'TRANSICION_BLOQUEADA',
      field: 'estado',
      message:
        'No se puede finalizar: faltan ítems obligatorios del checklist: «Cortar la energía», «Estado del disyuntor».',
    });
    const detalle = (await api.call('GET', `/api/v3/ordenDTO/${o.id}`, 'admin')).json() as OrdenDetalle;
    expect(detalle.estado.id).toBe(2);
    await responder(o.id, item(c, 'Cortar la energía').id, { tipo: 'tick', marcado: true });
    expect((await fin()).json().message).toBe(
      'No se puede finalizar: faltan ítems obligatorios del checklist: «Estado del disyuntor».',
    );
    // «No aplica» answers it.
    await responder(o.id, item(c, 'Estado del disyuntor').id, { tipo: 'pasa_falla', resultado: 'na' });
    const ok = await fin();
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('una orden sin checklist se finaliza como siempre', async () => {
    const o = await api.crearOrden({ tipoOrden: null, estado: 2 });
    expect((await checklist(o.id)).items).toEqual([]);
    // Reading it wrote nothing: there was nothing to copy.
    const filas = await f.env.database.db.execute(sql`select 1 from checklist_ordenes where orden_id = ${o.id}`);
    expect(filas.rows).toEqual([]);
    const r = await api.call('PUT', `/api/v2/estado/${o.id}`, 'supervisor', { estado: 4, comentarios: 'Listo' });
    expect(r.statusCode, r.body).toBe(200);
  });
});

describe('escrituras concurrentes e idempotencia', () => {
  it('dos respuestas a la vez al mismo ítem: gana la última y las dos quedan en el historial; a ítems distintos, ninguna se pierde', async () => {
    const o = await api.crearOrden();
    const c = await checklist(o.id);
    const obs = item(c, 'Observaciones').id;
    const [a, b] = await Promise.all([
      responder(o.id, obs, { tipo: 'texto', texto: 'Primero' }, 'operario'),
      responder(o.id, obs, { tipo: 'texto', texto: 'Segundo' }, 'supervisor'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const eventosObs = (await historial(o.id)).filter((e) => e.descripcion.startsWith('Respondió «Observaciones»'));
    expect(eventosObs).toHaveLength(2);
    // The answer written last (the higher event id) is the one that stayed.
    const [ultimo] = (
      await f.env.database.db.execute<{ valor: string }>(
        sql`select datos->>'valor' as valor from orden_eventos where orden_id = ${o.id} and tipo = 'CHECKLIST' order by id desc limit 1`,
      )
    ).rows;
    expect(ultimo?.valor).toMatch(/^«(Primero|Segundo)»$/);
    expect(`«${item(await checklist(o.id), 'Observaciones').respuesta?.texto}»`).toBe(ultimo?.valor);

    const [x, y] = await Promise.all([
      responder(o.id, item(c, 'Cortar la energía').id, { tipo: 'tick', marcado: true }, 'operario'),
      responder(o.id, item(c, 'Estado del disyuntor').id, { tipo: 'pasa_falla', resultado: 'pasa' }, 'supervisor'),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    const despues = await checklist(o.id);
    expect(item(despues, 'Cortar la energía').hecho).toBe(true);
    expect(item(despues, 'Estado del disyuntor').respuesta?.resultado).toBe('pasa');
    expect(despues.progreso).toEqual({ hechos: 3, total: 6 });
  });

  it('agregar un ítem o leer el checklist recién creada la orden, mientras la copia de la plantilla corre por el bus: nunca un 503', async () => {
    // The copy after «orden.creada» and an edit of the same checklist lock the order first, then the
    // checklist: in any other order the two deadlock on PostgreSQL and one of them gets 503.
    for (let n = 0; n < 12; n++) {
      const o = await api.crearOrden();
      const [agregado, leido] = await Promise.all([
        api.call('POST', `/api/v2/checklist/orden/${o.id}/item`, 'admin', { etiqueta: `Extra ${n}`, tipo: 'tick' }),
        api.call('GET', `/api/v2/checklist/orden/${o.id}`, 'operario'),
      ]);
      expect(agregado.statusCode, agregado.body).toBe(200);
      expect(leido.statusCode, leido.body).toBe(200);
      await tras();
      const c = await checklist(o.id);
      expect(c.items.map((i) => i.etiqueta)).toEqual([...ITEMS.map((i) => i.etiqueta), `Extra ${n}`]);
    }
  });

  it('la misma Idempotency-Key se aplica una sola vez y repite la respuesta', async () => {
    const o = await api.crearOrden();
    const c = await checklist(o.id);
    const clave = { 'idempotency-key': randomUUID() };
    const body = { tipo: 'tick', marcado: true };
    const r1 = await responder(o.id, item(c, 'Cortar la energía').id, body, 'operario', clave);
    const r2 = await responder(o.id, item(c, 'Cortar la energía').id, body, 'operario', clave);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r2.statusCode).toBe(200);
    expect(r2.body).toBe(r1.body);
    expect((await historial(o.id)).filter((e) => e.tipo === 'CHECKLIST')).toHaveLength(1);

    const claveItem = { 'idempotency-key': randomUUID() };
    const nuevo = { etiqueta: 'Limpiar el filtro', tipo: 'tick' };
    await api.call('POST', `/api/v2/checklist/orden/${o.id}/item`, 'operario', nuevo, claveItem);
    await api.call('POST', `/api/v2/checklist/orden/${o.id}/item`, 'operario', nuevo, claveItem);
    expect((await checklist(o.id)).items.filter((i) => i.etiqueta === 'Limpiar el filtro')).toHaveLength(1);
  });
});

describe('ítems propios, cambio de tipo y seguimientos', () => {
  it('quien puede modificar la orden agrega y quita ítems propios; los del tipo no se quitan; quien solo la ve recibe 403', async () => {
    const o = await api.crearOrden({ cliente: f.cli[2] });
    const r = await api.call('POST', `/api/v2/checklist/orden/${o.id}/item`, 'operario', {
      etiqueta: 'Revisar el termostato',
      tipo: 'numero',
      unidad: '°C',
      min: 18,
      requerido: true,
    });
    expect(r.statusCode, r.body).toBe(200);
    const c = r.json() as ChecklistOrden;
    const propio = item(c, 'Revisar el termostato');
    expect(propio).toMatchObject({ adHoc: true, unidad: '°C', min: 18, max: null, requerido: true });
    expect(c.faltantes).toContain('Revisar el termostato');
    expect(
      (await api.call('POST', `/api/v2/checklist/orden/${o.id}/item`, 'lector', { etiqueta: 'x', tipo: 'tick' }))
        .statusCode,
    ).toBe(403);
    expect((await responder(o.id, propio.id, { tipo: 'numero', numero: 20 }, 'lector')).statusCode).toBe(403);
    expect((await checklist(o.id, 'lector')).modificar).toBe(false);
    expect((await api.call('GET', `/api/v2/checklist/orden/${o.id}`, 'ayudante')).statusCode).toBe(404);
    const delTipo = await api.call(
      'DELETE',
      `/api/v2/checklist/orden/${o.id}/item/${item(c, 'Observaciones').id}`,
      'operario',
    );
    expect(delTipo.statusCode).toBe(400);
    const quitar = await api.call('DELETE', `/api/v2/checklist/orden/${o.id}/item/${propio.id}`, 'operario');
    expect(quitar.statusCode, quitar.body).toBe(200);
    expect((quitar.json() as ChecklistOrden).items.some((i) => i.id === propio.id)).toBe(false);
  });

  it('al cambiar el tipo, sin respuestas el checklist sigue al tipo nuevo; con respuestas las conserva y pregunta antes de reemplazar', async () => {
    await guardarPlantilla([{ etiqueta: 'Preventivo: lubricar', tipo: 'tick', requerido: true }], 'admin', otroTipo());
    const o = await api.crearOrden();
    const cambiar = (t: number) => api.call('POST', `/api/v2/tipoOrden/${o.id}/${t}`, 'admin', { tipoOrdenId: t });
    expect((await cambiar(otroTipo())).statusCode).toBe(200);
    await tras();
    expect((await checklist(o.id)).items.map((i) => i.etiqueta)).toEqual(['Preventivo: lubricar']);

    const c = await checklist(o.id);
    await responder(o.id, item(c, 'Preventivo: lubricar').id, { tipo: 'tick', marcado: true });
    expect((await cambiar(tipo())).statusCode).toBe(200);
    await tras();
    const guardado = await checklist(o.id);
    expect(guardado).toMatchObject({ plantillaDesactualizada: true, tipoOrdenId: otroTipo() });
    expect(item(guardado, 'Preventivo: lubricar').hecho).toBe(true);
    const pregunta = await api.call('POST', `/api/v2/checklist/orden/${o.id}/reaplicar`, 'operario', {});
    expect(pregunta.statusCode).toBe(409);
    expect(pregunta.json()).toMatchObject({ code: 'CONFLICTO', field: 'reemplazar' });
    expect(pregunta.json().message).toMatch(/tiene 1 respuesta/);
    const si = await api.call('POST', `/api/v2/checklist/orden/${o.id}/reaplicar`, 'operario', { reemplazar: true });
    expect(si.statusCode, si.body).toBe(200);
    expect(si.json()).toMatchObject({
      plantillaDesactualizada: false,
      tipoOrdenId: tipo(),
      progreso: { hechos: 0, total: 6 },
    });
    await guardarPlantilla([], 'admin', otroTipo());
  });

  it('una orden sin tipo no escribe nada al crearse; al darle un tipo sigue la plantilla vigente de ese tipo', async () => {
    const o = await api.crearOrden({ tipoOrden: null });
    const fila = async () =>
      (
        await f.env.database.db.execute<{ version: number | null; total: number }>(
          sql`select version, total from checklist_ordenes where orden_id = ${o.id}`,
        )
      ).rows[0];
    // The template comes after the order: only a type given later brings it.
    f.env.clock.advance(60_000);
    const v = (
      await guardarPlantilla([{ etiqueta: 'Revisar el tablero', tipo: 'tick' }], 'admin', otroTipo())
    ).json() as PlantillaChecklist;
    await tras();
    expect(await fila()).toBeUndefined();
    expect(
      (await api.call('POST', `/api/v2/tipoOrden/${o.id}/${otroTipo()}`, 'admin', { tipoOrdenId: otroTipo() }))
        .statusCode,
    ).toBe(200);
    // Written by the bus (no read of the checklist in between, which would sync it itself).
    let escrita = await fila();
    for (let i = 0; i < 100 && !escrita?.total; i++) {
      await tras();
      escrita = await fila();
    }
    expect(escrita).toEqual({ version: v.version, total: 1 });
    expect((await checklist(o.id)).items.map((i) => i.etiqueta)).toEqual(['Revisar el tablero']);
    await guardarPlantilla([], 'admin', otroTipo());
  });

  it('una orden de un tipo sin ítems queda con su fila vacía, escrita por el bus en una sola sentencia', async () => {
    await guardarPlantilla([], 'admin', otroTipo());
    const o = await api.crearOrden({ tipoOrden: otroTipo() });
    let fila: Record<string, unknown> | undefined;
    for (let i = 0; i < 100 && !fila; i++) {
      [fila] = (
        await f.env.database.db.execute(
          sql`select tipo_orden_id, hechos, total from checklist_ordenes where orden_id = ${o.id}`,
        )
      ).rows;
      if (!fila) await tras();
    }
    expect(fila).toEqual({ tipo_orden_id: otroTipo(), hechos: 0, total: 0 });
  });

  it('una foto de evidencia o una nota nueva sobre la misma respuesta no es una segunda respuesta en el historial', async () => {
    const o = await api.crearOrden();
    const disyuntor = item(await checklist(o.id), 'Estado del disyuntor').id;
    const subir = async (nombre: string) =>
      (
        (
          await api.subir(o.id, 'operario', [{ name: 'archivos', filename: nombre, content: await jpeg(32, 32) }])
        ).json() as Archivo[]
      )[0]!.id;
    const respuestas = async () =>
      (await historial(o.id)).filter((e) => e.tipo === 'CHECKLIST').map((e) => e.descripcion);
    expect((await responder(o.id, disyuntor, { tipo: 'pasa_falla', resultado: 'falla' })).statusCode).toBe(200);
    const uno = await subir('tablero.jpg');
    expect(
      (await responder(o.id, disyuntor, { tipo: 'pasa_falla', resultado: 'falla', archivos: [uno] })).statusCode,
    ).toBe(200);
    // The same answer again, as a retry after a lost response would send it: nothing new to say.
    expect(
      (await responder(o.id, disyuntor, { tipo: 'pasa_falla', resultado: 'falla', archivos: [uno] })).statusCode,
    ).toBe(200);
    expect(
      (
        await responder(o.id, disyuntor, {
          tipo: 'pasa_falla',
          resultado: 'falla',
          archivos: [uno],
          nota: 'Salta con carga',
        })
      ).statusCode,
    ).toBe(200);
    expect(await respuestas()).toEqual([
      'Respondió «Estado del disyuntor» del checklist: Falla',
      'Agregó la foto «tablero.jpg» como evidencia de «Estado del disyuntor» del checklist',
      'Cambió la nota de «Estado del disyuntor» del checklist',
    ]);
    // Another value is another answer.
    expect(
      (await responder(o.id, disyuntor, { tipo: 'pasa_falla', resultado: 'pasa', archivos: [uno] })).statusCode,
    ).toBe(200);
    expect((await respuestas()).at(-1)).toBe('Respondió «Estado del disyuntor» del checklist: Pasa');
  });

  it('un ítem fallido genera una orden de seguimiento precargada y vinculada en las dos; una sola por ítem', async () => {
    const o = await api.crearOrden();
    const c = await checklist(o.id);
    const disyuntor = item(c, 'Estado del disyuntor').id;
    const noFallido = await api.call(
      'POST',
      `/api/v2/checklist/orden/${o.id}/item/${disyuntor}/seguimiento`,
      'operario',
      {},
    );
    expect(noFallido.statusCode).toBe(400);
    const foto = (
      (
        await api.subir(o.id, 'operario', [
          { name: 'archivos', filename: 'disyuntor.jpg', content: await jpeg(40, 40) },
        ])
      ).json() as Archivo[]
    )[0];
    const fallo = await responder(o.id, disyuntor, {
      tipo: 'pasa_falla',
      resultado: 'falla',
      nota: 'Salta con carga',
      archivos: [foto?.id],
    });
    expect((fallo.json() as ItemGuardado).item.respuesta?.fotos).toEqual([{ id: foto?.id, nombre: 'disyuntor.jpg' }]);
    const antes = await f.env.database.db.execute<{ n: number }>(sql`select count(*)::int as n from ordenes`);
    // Creating it is creating an order: the supervisor may not delegate to this client.
    const sinDelegar = await api.call(
      'POST',
      `/api/v2/checklist/orden/${o.id}/item/${disyuntor}/seguimiento`,
      'supervisor',
      {},
    );
    expect(sinDelegar.statusCode).toBe(403);
    const r = await api.call('POST', `/api/v2/checklist/orden/${o.id}/item/${disyuntor}/seguimiento`, 'admin', {});
    expect(r.statusCode, r.body).toBe(200);
    const s = r.json() as SeguimientoCreado;
    expect(s).toMatchObject({
      creado: true,
      seguimiento: { titulo: 'Seguimiento: Estado del disyuntor' },
      item: { seguimiento: { ordenId: s.seguimiento.ordenId } },
    });
    const nueva = (await api.call('GET', `/api/v3/ordenDTO/${s.seguimiento.ordenId}`, 'admin')).json() as OrdenDetalle;
    expect(nueva).toMatchObject({
      cliente: o.cliente,
      tipoOrden: o.tipoOrden,
      area: o.area,
      numero: s.seguimiento.numero,
    });
    expect(nueva.detalle).toContain(`Seguimiento de la orden N° ${o.numero}`);
    expect(nueva.detalle).toContain('Nota: Salta con carga');
    // The failed item's photo was copied to the new order: its own file, bytes and thumbnail.
    const copias = (await api.call('GET', `/api/v2/archivos/${nueva.id}`, 'admin')).json() as Archivo[];
    expect(copias.map((a) => a.nombre)).toEqual(['disyuntor.jpg']);
    expect(copias[0]?.id).not.toBe(foto?.id);
    const bytes = await api.call('GET', `/api/v2/archivos/${nueva.id}/descargar/${copias[0]?.id}`, 'admin');
    const original = await api.call('GET', `/api/v2/archivos/${o.id}/descargar/${foto?.id}`, 'admin');
    expect(bytes.rawPayload.equals(original.rawPayload)).toBe(true);
    expect((await api.call('GET', `/api/v2/archivos/${nueva.id}/miniatura/${copias[0]?.id}`, 'admin')).statusCode).toBe(
      200,
    );
    expect((await historial(nueva.id)).some((e) => e.tipo === 'ARCHIVO_AGREGADO')).toBe(true);
    const cs = await checklist(s.seguimiento.ordenId);
    expect(cs.origen).toEqual({
      ordenId: o.id,
      numero: o.numero,
      titulo: o.titulo,
      itemId: disyuntor,
      etiqueta: 'Estado del disyuntor',
    });
    expect((await checklist(o.id)).seguimientos).toEqual([{ ...s.seguimiento, itemId: disyuntor }]);
    expect((await historial(o.id)).some((e) => e.tipo === 'SEGUIMIENTO')).toBe(true);
    expect((await historial(s.seguimiento.ordenId)).map((e) => e.tipo)).toEqual(
      expect.arrayContaining(['CREADA', 'SEGUIMIENTO']),
    );
    // Again: the same follow-up, nothing created.
    const otra = await api.call(
      'POST',
      `/api/v2/checklist/orden/${o.id}/item/${disyuntor}/seguimiento`,
      'supervisor',
      {},
    );
    expect(otra.json()).toMatchObject({ creado: false, seguimiento: s.seguimiento });
    const despues = await f.env.database.db.execute<{ n: number }>(sql`select count(*)::int as n from ordenes`);
    expect(despues.rows[0]?.n).toBe((antes.rows[0]?.n ?? 0) + 1);
  });
});

describe('seguimiento sin cupo', () => {
  it('sin órdenes disponibles en el plan: 409 QUOTA_AGOTADA, y no queda orden, vínculo ni foto copiada', async () => {
    const o = await api.crearOrden();
    const c = await checklist(o.id);
    const disyuntor = item(c, 'Estado del disyuntor').id;
    const foto = (
      (
        await api.subir(o.id, 'operario', [{ name: 'archivos', filename: 'sin-cupo.jpg', content: await jpeg(30, 30) }])
      ).json() as Archivo[]
    )[0];
    await responder(o.id, disyuntor, { tipo: 'pasa_falla', resultado: 'falla', archivos: [foto?.id] });
    const db = f.env.database.db;
    const [antes] = (
      await db.execute<{ q: number | null }>(
        sql`select quota_disponible as q from suscripciones where entidad_id = ${f.demo}`,
      )
    ).rows;
    await db.execute(sql`update suscripciones set quota_disponible = 0 where entidad_id = ${f.demo}`);
    try {
      const filasAntes = await filas();
      const guardados = await f.guardados();
      const r = await api.call('POST', `/api/v2/checklist/orden/${o.id}/item/${disyuntor}/seguimiento`, 'admin', {});
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().code).toBe('QUOTA_AGOTADA');
      expect(await filas()).toEqual(filasAntes);
      expect(await f.guardados()).toEqual(guardados);
      expect(item(await checklist(o.id), 'Estado del disyuntor').seguimiento).toBeNull();
    } finally {
      await db.execute(
        sql`update suscripciones set quota_disponible = ${antes?.q ?? null} where entidad_id = ${f.demo}`,
      );
    }
  });
});

describe('otra empresa', () => {
  it('recibe 404 en cada llamada sobre una orden ajena, y nada cambia', async () => {
    const o = await api.crearOrden();
    const c = await checklist(o.id);
    const firmaId = item(c, 'Firma del técnico').id;
    await responder(o.id, firmaId, { tipo: 'firma', imagen: (await png(20, 20)).toString('base64') });
    await responder(o.id, item(c, 'Estado del disyuntor').id, { tipo: 'pasa_falla', resultado: 'falla' });
    const antes = await filas();
    const base = `/api/v2/checklist/orden/${o.id}`;
    const llamadas: ['GET' | 'PUT' | 'POST' | 'DELETE', string, unknown][] = [
      ['GET', base, undefined],
      ['PUT', `${base}/item/${item(c, 'Cortar la energía').id}`, { tipo: 'tick', marcado: true }],
      ['DELETE', `${base}/item/${firmaId}/respuesta`, undefined],
      ['POST', `${base}/item`, { etiqueta: 'Intruso', tipo: 'tick' }],
      ['DELETE', `${base}/item/${item(c, 'Observaciones').id}`, undefined],
      ['POST', `${base}/reaplicar`, { reemplazar: true }],
      ['POST', `${base}/item/${item(c, 'Estado del disyuntor').id}/seguimiento`, {}],
      ['GET', `${base}/item/${firmaId}/firma`, undefined],
    ];
    for (const [metodo, url, body] of llamadas) {
      const r = await api.call(metodo, url, 'otra', body);
      expect(r.statusCode, `${metodo} ${url}`).toBe(404);
    }
    expect(await filas()).toEqual(antes);
  });
});
