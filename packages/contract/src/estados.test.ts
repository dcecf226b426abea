import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ESTADO, ESTADOS, TRANSICIONES, estadoVisible, requiereFinalizar, transicionPermitida } from './estados.js';

const ids = ESTADOS.map((e) => e.id);

describe('tabla de transiciones', () => {
  it('ningún estado pasa a sí mismo y todo destino es un estado conocido', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), fc.constantFrom(...ids), (a, b) => {
        if (a === b) expect(transicionPermitida(a, b)).toBe(false);
        if (transicionPermitida(a, b)) expect(ids).toContain(b);
      }),
    );
  });

  it('desde cualquier estado se puede llegar a cualquier otro (no hay callejones sin salida)', () => {
    for (const start of ids) {
      const seen = new Set([start]);
      const queue = [start];
      while (queue.length) {
        const s = queue.shift()!;
        for (const n of TRANSICIONES[s]) {
          if (seen.has(n)) continue;
          seen.add(n);
          queue.push(n);
        }
      }
      expect([...seen].sort()).toEqual([...ids].sort());
    }
  });

  it('rechaza ids desconocidos', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (a, b) => {
        if (!ids.includes(a as never) || !ids.includes(b as never)) {
          expect(transicionPermitida(a, b)).toBe(false);
        }
      }),
    );
  });

  it('finalizar y reabrir requieren finalizarOrden; una cancelada vuelve solo a pendiente', () => {
    expect(requiereFinalizar(ESTADO.EN_PROCESO, ESTADO.FINALIZADA)).toBe(true);
    expect(requiereFinalizar(ESTADO.FINALIZADA, ESTADO.EN_PROCESO)).toBe(true);
    expect(requiereFinalizar(ESTADO.PENDIENTE, ESTADO.EN_PROCESO)).toBe(false);
    expect(TRANSICIONES[ESTADO.CANCELADA]).toEqual([ESTADO.PENDIENTE]);
  });
});

describe('estadoVisible', () => {
  it('da el nombre y el color de la tabla', () => {
    expect(estadoVisible(ESTADO.EN_ESPERA)).toEqual({ id: 3, nombre: 'En espera', color: 'warning' });
  });
  it('un id fuera de la tabla se muestra como «—», sin romper la respuesta', () => {
    expect(estadoVisible(99)).toEqual({ id: 99, nombre: '—', color: 'medium' });
  });
});
