import { ZONA_HORARIA_EMPRESA_POR_DEFECTO as AR } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import { colorEstado, diaDeFecha, formatoFecha, formatoFechaHora, textoResponsables, vencimiento } from './formato';

const persona = (nombre: string, apellido: string) => ({ nombre, apellido, usuario: nombre.toLowerCase() });

describe('dates', () => {
  it("reads dd/MM/yyyy and dd/MM/yyyy HH:mm in the company's zone, not the device's", () => {
    const ms = Date.UTC(2026, 9, 7, 12, 5); // 07/10/2026 09:05 in Argentina
    expect(formatoFecha(ms, AR)).toBe('07/10/2026');
    expect(formatoFechaHora(ms, AR)).toBe('07/10/2026 09:05');
    expect(diaDeFecha(ms, AR)).toBe('2026-10-07');
    expect(formatoFecha(null, AR)).toBe('');
    // The last millisecond of 02/12/2026 in Argentina is already 03/12 in Madrid: the zone decides.
    const finDeDia = Date.UTC(2026, 11, 3, 2, 59, 59, 999);
    expect(formatoFecha(finDeDia, AR)).toBe('02/12/2026');
    expect(formatoFecha(finDeDia, 'Europe/Madrid')).toBe('03/12/2026');
    expect(formatoFechaHora(Date.UTC(2026, 9, 7, 20, 0), AR)).toBe('07/10/2026 17:00');
  });
});

describe('vencimiento (the overdue mark)', () => {
  const fin = Date.UTC(2026, 9, 28, 2, 59, 59, 999); // the last ms of 27/10/2026 in Argentina

  it('an overdue order reads "Venció el" and is marked', () => {
    expect(vencimiento({ fechaFin: fin, vencida: true }, AR)).toEqual({ texto: 'Venció el 27/10/2026', vencida: true });
  });

  it('a finished or cancelled order no longer "vence": its date reads as the term it had', () => {
    for (const id of [4, 5]) {
      expect(vencimiento({ fechaFin: fin, vencida: false, estado: { id } }, AR)).toEqual({
        texto: 'Plazo: 27/10/2026',
        vencida: false,
      });
    }
    expect(vencimiento({ fechaFin: fin, vencida: false, estado: { id: 2 } }, AR)?.texto).toBe('Vence el 27/10/2026');
  });

  it('an order on time reads "Vence el"', () => {
    expect(vencimiento({ fechaFin: fin, vencida: false }, AR)).toEqual({
      texto: 'Vence el 27/10/2026',
      vencida: false,
    });
  });

  it('no due date, no mark (even if the flag came set)', () => {
    expect(vencimiento({ fechaFin: null, vencida: true }, AR)).toBeNull();
  });
});

describe('responsables and states', () => {
  it('names up to two responsables, then counts the rest', () => {
    expect(textoResponsables([])).toBe('Sin responsable');
    expect(textoResponsables([persona('Diego', 'Sosa')])).toBe('Diego Sosa');
    expect(textoResponsables([persona('Diego', 'Sosa'), persona('Lucía', 'Benítez')])).toBe(
      'Diego Sosa y Lucía Benítez',
    );
    expect(
      textoResponsables([
        persona('Diego', 'Sosa'),
        persona('Lucía', 'Benítez'),
        persona('Javier', 'Romero'),
        persona('Ana', 'Paz'),
      ]),
    ).toBe('Diego Sosa, Lucía Benítez y 2 más');
  });

  it('takes the colour of a state from the contract', () => {
    expect(colorEstado({ id: 4, color: 'x' })).toBe('success');
    expect(colorEstado({ id: 5 })).toBe('danger');
    expect(colorEstado({ id: 99, color: 'tertiary' })).toBe('tertiary');
  });
});
