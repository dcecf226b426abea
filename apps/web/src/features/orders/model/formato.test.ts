import { describe, expect, it } from 'vitest';
import { colorEstado, diaDeFecha, formatoFecha, formatoFechaHora, textoResponsables, vencimiento } from './formato';

const persona = (nombre: string, apellido: string) => ({ nombre, apellido, usuario: nombre.toLowerCase() });

describe('dates', () => {
  it('reads dd/MM/yyyy and dd/MM/yyyy HH:mm in the local time zone', () => {
    const ms = new Date(2026, 9, 7, 9, 5).getTime();
    expect(formatoFecha(ms)).toBe('07/10/2026');
    expect(formatoFechaHora(ms)).toBe('07/10/2026 09:05');
    expect(diaDeFecha(ms)).toBe('2026-10-07');
    expect(formatoFecha(null)).toBe('');
  });
});

describe('vencimiento (the overdue mark)', () => {
  const fin = new Date(2026, 9, 27, 12).getTime();

  it('an overdue order reads "Venció el" and is marked', () => {
    expect(vencimiento({ fechaFin: fin, vencida: true })).toEqual({ texto: 'Venció el 27/10/2026', vencida: true });
  });

  it('an order on time reads "Vence el"', () => {
    expect(vencimiento({ fechaFin: fin, vencida: false })).toEqual({ texto: 'Vence el 27/10/2026', vencida: false });
  });

  it('no due date, no mark (even if the flag came set)', () => {
    expect(vencimiento({ fechaFin: null, vencida: true })).toBeNull();
  });
});

describe('responsables and states', () => {
  it('names up to two responsables, then counts the rest', () => {
    expect(textoResponsables([])).toBe('Sin responsable');
    expect(textoResponsables([persona('Diego', 'Sosa')])).toBe('Diego Sosa');
    expect(textoResponsables([persona('Diego', 'Sosa'), persona('Lucía', 'Benítez')])).toBe('Diego Sosa y Lucía Benítez');
    expect(
      textoResponsables([persona('Diego', 'Sosa'), persona('Lucía', 'Benítez'), persona('Javier', 'Romero'), persona('Ana', 'Paz')]),
    ).toBe('Diego Sosa, Lucía Benítez y 2 más');
  });

  it('takes the colour of a state from the contract', () => {
    expect(colorEstado({ id: 4, color: 'x' })).toBe('success');
    expect(colorEstado({ id: 5 })).toBe('danger');
    expect(colorEstado({ id: 99, color: 'tertiary' })).toBe('tertiary');
  });
});
