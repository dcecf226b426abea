import { describe, expect, it } from 'vitest';
import { alertasDesempeno, ordenarDesempeno } from './desempeno';
import { ejeDe, nivelATiempo, textoDias, textoValor } from './formato';
import type { DesempenoResponsable } from '@delego/contract';

describe('the value axis', () => {
  it('counts step by whole numbers; hours, days and percentages do not', () => {
    expect(ejeDe('ordenes')).toEqual({ soloEnteros: true });
    expect(ejeDe('encuestas')).toEqual({ soloEnteros: true });
    expect(ejeDe('horas')).toEqual({ soloEnteros: false });
    expect(ejeDe('dias')).toEqual({ soloEnteros: false });
  });
});

describe('figures', () => {
  it('writes spans in days: two decimals under a day, one under ten days, whole above', () => {
    expect(textoDias(0)).toBe('0 días');
    expect(textoDias(0.75)).toBe('0,75 días');
    expect(textoDias(0.25)).toBe('0,25 días');
    expect(textoDias(0.04)).toBe('0,04 días');
    expect(textoDias(0.001)).toBe('0,01 días');
    expect(textoDias(0.999)).toBe('1 día');
    expect(textoDias(1)).toBe('1 día');
    expect(textoDias(2.54)).toBe('2,5 días');
    expect(textoDias(12.6)).toBe('13 días');
    expect(textoDias(-3)).toBe('0 días');
  });

  it('writes each unit in es-AR, and nothing to measure as a dash', () => {
    expect(textoValor(1234, 'ordenes')).toBe('1.234');
    expect(textoValor(87.4, 'porcentaje')).toBe('87 %');
    expect(textoValor(4.25, 'puntaje')).toBe('4,3 / 5');
    expect(textoValor(12.5, 'horas')).toBe('12:30 h');
    expect(textoValor(0.1, 'horas')).toBe('0:06 h');
    expect(textoValor(null, 'dias')).toBe('—');
  });

  it('colours the on-time share', () => {
    expect(nivelATiempo(null)).toBe('medium');
    expect(nivelATiempo(69)).toBe('danger');
    expect(nivelATiempo(89.9)).toBe('warning');
    expect(nivelATiempo(90)).toBe('success');
  });
});

function fila(nombre: string, parcial: Partial<DesempenoResponsable>): DesempenoResponsable {
  return {
    responsable: { id: nombre.length, usuario: nombre.toLowerCase(), nombre, apellido: '' },
    finalizadas: 0,
    finalizadasConVencimiento: 0,
    finalizadasATiempo: 0,
    porcentajeATiempo: null,
    medianaDemoraDias: null,
    vencidasAbiertas: 0,
    abiertas: 0,
    horas: 0,
    satisfaccion: null,
    encuestasRespondidas: 0,
    filtroVencidas: { vencidas: true, responsable: nombre.length },
    ...parcial,
  };
}

describe('scorecard', () => {
  const filas = [
    fila('Diego', { porcentajeATiempo: 95, finalizadas: 20, vencidasAbiertas: 0 }),
    fila('Lucía', { porcentajeATiempo: 50, finalizadas: 4, vencidasAbiertas: 3, medianaDemoraDias: 4 }),
    fila('Javier', { porcentajeATiempo: null, finalizadas: 0, vencidasAbiertas: 1 }),
  ];

  it('orders by the worst on-time share (nobody to measure last), by overdue, or by name', () => {
    const nombres = (o: Parameters<typeof ordenarDesempeno>[1]) =>
      ordenarDesempeno(filas, o).map((f) => f.responsable.nombre);
    expect(nombres('aTiempo')).toEqual(['Lucía', 'Diego', 'Javier']);
    expect(nombres('vencidas')).toEqual(['Lucía', 'Javier', 'Diego']);
    expect(nombres('finalizadas')).toEqual(['Diego', 'Lucía', 'Javier']);
    expect(nombres('nombre')).toEqual(['Diego', 'Javier', 'Lucía']);
  });

  it('says first who has late open orders and who is under 70 % on time', () => {
    // Two people with 3 and 1 overdue orders, one of them shared: 3 orders, not 4.
    expect(alertasDesempeno(filas, 3)).toEqual([
      '3 órdenes vencidas sin finalizar, a cargo de 2 responsables.',
      'A tiempo por debajo del 70 %: Lucía.',
    ]);
    expect(alertasDesempeno([filas[0]!], 0)).toEqual([]);
  });
});
