import { describe, expect, it } from 'vitest';
import { zGastoEntrada } from './expenses.js';

const gasto = (monto: unknown) => ({ fecha: Date.UTC(2026, 0, 1), concepto: 'Materiales', monto });
const motivos = (monto: unknown) => zGastoEntrada.safeParse(gasto(monto)).error?.issues.map((i) => i.message);

describe('monto de un gasto', () => {
  it('un monto negativo o cero dice que debe ser mayor que cero, como número o como texto', () => {
    for (const m of [-5, -0.5, -12.345, '-5', ' -5', '-12.345', '-1e3', 0, '0', '0.00', '-0']) {
      expect(motivos(m), JSON.stringify(m)).toEqual(['El monto debe ser mayor que cero.']);
    }
  });

  it('los decimales de más y lo que no es un número tienen su propio motivo', () => {
    expect(motivos(1.234)).toEqual(['El monto debe ser un número con hasta 2 decimales.']);
    expect(motivos('1,5')).toEqual(['El monto debe ser un número con hasta 2 decimales.']);
    expect(motivos('abc')).toEqual(['El monto debe ser un número con hasta 2 decimales.']);
    expect(motivos(true)).toEqual(['El monto debe ser un número.']);
  });

  it('los montos válidos viajan en centavos', () => {
    expect(zGastoEntrada.parse(gasto('1500.5')).monto).toBe(150050);
    expect(zGastoEntrada.parse(gasto(0.01)).monto).toBe(1);
  });
});
