import type { ChecklistOrden, ItemChecklist } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import {
  admiteNota,
  conItemGuardado,
  conNota,
  respuestaBase,
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

describe('nota de un ítem', () => {
  const r = {
    marcado: null,
    resultado: null,
    numero: null,
    texto: null,
    fotos: [],
    firmante: null,
    nota: null,
    por: YO,
    en: 1,
  };
  it('reenvía la misma respuesta con la nota, sin espacios de más', () => {
    const falla = item(1, { tipo: 'pasa_falla', respuesta: { ...r, resultado: 'falla' }, hecho: true, fallido: true });
    expect(conNota(falla, '  Junta rota ')).toEqual({ tipo: 'pasa_falla', resultado: 'falla', nota: 'Junta rota' });
    const numero = item(2, { tipo: 'numero', min: 2, max: 5, respuesta: { ...r, numero: 9 }, fallido: true });
    expect(conNota(numero, 'Manómetro dudoso')).toEqual({
      tipo: 'numero',
      numero: 9,
      fallido: true,
      nota: 'Manómetro dudoso',
    });
    const foto = item(3, { tipo: 'foto', respuesta: { ...r, fotos: [{ id: 40, nombre: 'a.jpg' }] } });
    expect(conNota(foto, 'Antes del cambio')).toEqual({ tipo: 'foto', archivos: [40], nota: 'Antes del cambio' });
  });
  it('no hay nota sin respuesta, sin texto, ni para una firma (su imagen solo la tiene el servidor)', () => {
    expect(conNota(item(1), 'algo')).toBeNull();
    expect(conNota(item(1, { respuesta: { ...r, marcado: true } }), '   ')).toBeNull();
    expect(admiteNota(item(1, { respuesta: { ...r, marcado: true } }))).toBe(true);
    expect(admiteNota(item(4, { tipo: 'firma', respuesta: { ...r, firmante: 'Ana' } }))).toBe(false);
  });
  it('la respuesta que se reenvía conserva su nota y sus fotos de evidencia', () => {
    const falla = item(5, {
      tipo: 'pasa_falla',
      respuesta: { ...r, resultado: 'falla', nota: 'Junta rota', fotos: [{ id: 12, nombre: 'junta.jpg' }] },
    });
    expect(respuestaBase(falla)).toEqual({
      tipo: 'pasa_falla',
      resultado: 'falla',
      nota: 'Junta rota',
      archivos: [12],
    });
    expect(conNota(falla, 'Junta y brida rotas')).toEqual({
      tipo: 'pasa_falla',
      resultado: 'falla',
      nota: 'Junta y brida rotas',
      archivos: [12],
    });
    expect(
      respuestaBase(item(6, { tipo: 'foto', respuesta: { ...r, fotos: [{ id: 1, nombre: 'a.jpg' }] } })),
    ).toBeNull();
  });
});
