import type { ChecklistOrden, ItemChecklist } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import {
  conItemGuardado,
  conRespuestaLocal,
  conSeguimiento,
  esFallido,
  leerNumero,
  porSeccion,
  resumenDe,
} from './checklist';

function item(id: number, cambios: Partial<ItemChecklist> = {}): ItemChecklist {
  return {
    id,
    seccion: null,
    etiqueta: `Ítem ${id}`,
    tipo: 'tick',
    requerido: false,
    publico: false,
    unidad: null,
    min: null,
    max: null,
    adHoc: false,
    respuesta: null,
    hecho: false,
    fallido: false,
    seguimiento: null,
    ...cambios,
  };
}

function checklist(items: ItemChecklist[]): ChecklistOrden {
  return {
    ordenId: 7,
    tipoOrdenId: 1,
    version: 1,
    plantillaDesactualizada: false,
    items,
    origen: null,
    seguimientos: [],
    modificar: true,
    ...resumenDe(items),
  };
}

const YO = { id: 3, nombre: 'Ana' };

describe('checklist de la orden', () => {
  it('cuenta el progreso y los obligatorios que faltan', () => {
    const r = resumenDe([
      item(1, { hecho: true }),
      item(2, { requerido: true }),
      item(3, { requerido: true, hecho: true }),
    ]);
    expect(r.progreso).toEqual({ hechos: 2, total: 3 });
    expect(r.faltantes).toEqual(['Ítem 2']);
  });

  it('un tilde respondido aquí cuenta enseguida', () => {
    const c = conRespuestaLocal(
      checklist([item(1, { requerido: true }), item(2)]),
      1,
      { tipo: 'tick', marcado: true },
      YO,
      10,
    );
    expect(c.progreso).toEqual({ hechos: 1, total: 2 });
    expect(c.faltantes).toEqual([]);
    expect(c.items[0]?.respuesta?.por).toEqual(YO);
  });

  it('un número fuera de los límites queda fallido, nunca en silencio', () => {
    const medida = item(1, { tipo: 'numero', min: 2, max: 5, unidad: 'bar' });
    const c = conRespuestaLocal(checklist([medida]), 1, { tipo: 'numero', numero: 9, fallido: true }, YO, 10);
    expect(c.items[0]?.fallido).toBe(true);
    expect(c.items[0]?.hecho).toBe(true);
    const bien = conRespuestaLocal(checklist([medida]), 1, { tipo: 'numero', numero: 3 }, YO, 10);
    expect(bien.items[0]?.fallido).toBe(false);
  });

  it('«Falla» es fallido; «No aplica» no', () => {
    const pf = item(1, { tipo: 'pasa_falla' });
    const base = { marcado: null, numero: null, texto: null, fotos: [], firmante: null, nota: null, por: YO, en: 1 };
    expect(esFallido(pf, { ...base, resultado: 'falla' })).toBe(true);
    expect(esFallido(pf, { ...base, resultado: 'na' })).toBe(false);
    expect(esFallido(pf, null)).toBe(false);
  });

  it('la respuesta del servidor reemplaza el ítem y trae su progreso', () => {
    const c = checklist([item(1), item(2)]);
    const guardado = item(2, { hecho: true });
    const r = conItemGuardado(c, { item: guardado, progreso: { hechos: 1, total: 2 }, faltantes: [] });
    expect(r.items[1]).toBe(guardado);
    expect(r.progreso.hechos).toBe(1);
  });

  it('agrupa por sección en el orden en que vienen', () => {
    const g = porSeccion([
      item(1, { seccion: 'Eléctrico' }),
      item(2, { seccion: 'Eléctrico' }),
      item(3, { seccion: '' }),
      item(4, { seccion: 'Final' }),
    ]);
    expect(g.map((s) => [s.seccion, s.items.map((i) => i.id)])).toEqual([
      ['Eléctrico', [1, 2]],
      [null, [3]],
      ['Final', [4]],
    ]);
  });

  it('lee números con coma o punto', () => {
    expect(leerNumero('3,5')).toBe(3.5);
    expect(leerNumero('-2')).toBe(-2);
    expect(leerNumero('1.000,5')).toBeNull();
    expect(leerNumero('abc')).toBeNull();
    expect(leerNumero('')).toBeNull();
  });

  it('suma la orden de seguimiento una sola vez', () => {
    const s = { seguimiento: { ordenId: 50, numero: 8, titulo: 'Seguimiento' }, item: item(1) };
    const una = conSeguimiento(checklist([item(1)]), s);
    expect(una.seguimientos).toEqual([{ ordenId: 50, numero: 8, titulo: 'Seguimiento', itemId: 1 }]);
    expect(conSeguimiento(una, s).seguimientos).toHaveLength(1);
  });
});
