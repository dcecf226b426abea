import { ZONA_HORARIA_EMPRESA_POR_DEFECTO as AR, diaDeMs, mediodiaDelDia, textoFecha } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import { esDiaValido, mesAnterior, mesDe } from './dias';
import {
  campoDelServidor,
  formatoMonto,
  montoParaEditar,
  normalizarMonto,
  textoHoras,
  validarGasto,
  validarHoras,
  type FormularioGasto,
  type FormularioHoras,
} from './registro';

function horas(parcial: Partial<FormularioHoras>): FormularioHoras {
  return { fecha: '2026-05-12', horas: '2', minutos: '30', usuarioId: null, descripcion: '', ...parcial };
}

function gasto(parcial: Partial<FormularioGasto>): FormularioGasto {
  return {
    fecha: '2026-05-12',
    concepto: 'Repuestos',
    monto: '1500,50',
    moneda: 'ARS',
    comprobanteArchivoId: null,
    ...parcial,
  };
}

function errores(r: ReturnType<typeof validarHoras> | ReturnType<typeof validarGasto>) {
  return r.ok ? {} : r.errores;
}

describe('validarHoras (as the server checks: 0–24 h, 0–59 min)', () => {
  it('2 h 30 min on a day is an entry at noon of that day in Argentina', () => {
    const r = validarHoras(horas({ descripcion: '  Cambio de bomba  ' }), AR);
    expect(r).toEqual({
      ok: true,
      entrada: { fecha: Date.parse('2026-05-12T15:00:00Z'), horas: 2, minutos: 30, descripcion: 'Cambio de bomba' },
    });
  });

  it('keeps the id of a corrected entry and whose hours they are', () => {
    const r = validarHoras(horas({ id: 9, usuarioId: 4 }), AR);
    expect(r.ok && r.entrada).toMatchObject({ id: 9, usuarioId: 4 });
  });

  it('empty minutes are 0', () => {
    const r = validarHoras(horas({ horas: '8', minutos: '' }), AR);
    expect(r.ok && r.entrada).toMatchObject({ horas: 8, minutos: 0 });
  });

  it('refuses minutes outside 0–59 and hours outside 0–24', () => {
    expect(errores(validarHoras(horas({ minutos: '60' }), AR))).toEqual({ minutos: 'Los minutos van de 0 a 59.' });
    expect(errores(validarHoras(horas({ minutos: '-1' }), AR))).toEqual({
      minutos: 'Los minutos no pueden ser negativos.',
    });
    expect(errores(validarHoras(horas({ horas: '25', minutos: '0' }), AR))).toEqual({
      horas: 'No se pueden registrar más de 24 horas en una entrada.',
    });
    expect(errores(validarHoras(horas({ horas: '-2' }), AR))).toEqual({ horas: 'Las horas no pueden ser negativas.' });
  });

  it('refuses more than 24 h in total, and no time at all', () => {
    expect(errores(validarHoras(horas({ horas: '24', minutos: '30' }), AR))).toEqual({
      horas: 'No se pueden registrar más de 24 horas en una entrada.',
    });
    expect(errores(validarHoras(horas({ horas: '0', minutos: '0' }), AR))).toEqual({
      horas: 'Indique al menos un minuto de trabajo.',
    });
  });

  it('refuses fractions and words', () => {
    expect(errores(validarHoras(horas({ horas: '2.5' }), AR))).toEqual({
      horas: 'Las horas deben ser un número entero.',
    });
    expect(errores(validarHoras(horas({ minutos: 'media' }), AR))).toMatchObject({
      minutos: expect.stringMatching(/número/),
    });
  });

  it('needs a real date', () => {
    expect(errores(validarHoras(horas({ fecha: '' }), AR))).toEqual({ fecha: 'Indique una fecha válida.' });
    expect(errores(validarHoras(horas({ fecha: '2026-02-31' }), AR))).toEqual({
      fecha: 'La fecha 31/02/2026 no es válida.',
    });
    expect(errores(validarGasto(gasto({ fecha: '12/05' }), AR))).toEqual({
      fecha: 'Escriba la fecha como dd/mm/aaaa.',
    });
  });
});

describe('validarGasto (amount > 0 with up to 2 decimals, ARS by default)', () => {
  it('reads amounts as typed in Argentina', () => {
    expect(normalizarMonto('1500')).toBe('1500');
    expect(normalizarMonto('1500,5')).toBe('1500.5');
    expect(normalizarMonto('1.500,50')).toBe('1500.50');
    expect(normalizarMonto('$ 1.500.000')).toBe('1500000');
    expect(normalizarMonto('1500.50')).toBe('1500.50');
    expect(normalizarMonto('12.5')).toBe('12.5');
    expect(normalizarMonto('1,500,00')).toBeNull();
    expect(normalizarMonto('doce')).toBeNull();
  });

  it('sends the amount as a number and the currency in capitals', () => {
    const r = validarGasto(gasto({ monto: '1.500,50', moneda: 'usd', comprobanteArchivoId: 7 }), AR);
    expect(r).toEqual({
      ok: true,
      entrada: {
        fecha: Date.parse('2026-05-12T15:00:00Z'),
        concepto: 'Repuestos',
        monto: 1500.5,
        moneda: 'USD',
        comprobanteArchivoId: 7,
      },
    });
  });

  it('refuses zero, more than 2 decimals, words and an empty amount', () => {
    expect(errores(validarGasto(gasto({ monto: '0' }), AR))).toEqual({ monto: 'El monto debe ser mayor que cero.' });
    // A negative amount is refused for its sign, not for its format (issue 10).
    for (const monto of ['-5', '-1.500,50', '- 10,555']) {
      expect(errores(validarGasto(gasto({ monto }), AR)), monto).toEqual({
        monto: 'El monto debe ser mayor que cero.',
      });
    }
    expect(errores(validarGasto(gasto({ monto: '10,555' }), AR))).toEqual({
      monto: 'El monto debe ser un número con hasta 2 decimales.',
    });
    expect(errores(validarGasto(gasto({ monto: 'mucho' }), AR))).toEqual({
      monto: 'El monto debe ser un número con hasta 2 decimales.',
    });
    expect(errores(validarGasto(gasto({ monto: '' }), AR))).toEqual({ monto: 'Indique el monto.' });
  });

  it('needs a concept and a 3-letter currency', () => {
    expect(errores(validarGasto(gasto({ concepto: '   ' }), AR))).toEqual({ concepto: 'El concepto es obligatorio.' });
    expect(errores(validarGasto(gasto({ moneda: 'PESOS' }), AR))).toEqual({
      moneda: 'La moneda debe ser un código ISO de 3 letras (ARS, USD...).',
    });
  });
});

describe('totals as they read', () => {
  it('hours as H:MM', () => {
    expect(textoHoras(2, 30)).toBe('2:30 h');
    expect(textoHoras(0, 5)).toBe('0:05 h');
    expect(textoHoras(10, 0)).toBe('10:00 h');
  });

  it('ARS formatted es-AR, other currencies with their symbol or code', () => {
    expect(formatoMonto(15000.5, 'ARS')).toBe('$ 15.000,50');
    expect(formatoMonto(1234567.89, 'ARS')).toBe('$ 1.234.567,89');
    expect(formatoMonto(20, 'USD')).toBe('US$ 20,00');
    expect(formatoMonto(3.5, 'XYZ')).toMatch(/^XYZ\s3,50$/);
  });

  it('an amount to edit keeps 2 decimals with a comma', () => {
    expect(montoParaEditar(1500.5)).toBe('1500,50');
    expect(montoParaEditar(20)).toBe('20,00');
  });
});

describe('the server’s field', () => {
  it('names the form field from the path of the error', () => {
    const campos = ['horas', 'minutos', 'fecha'] as const;
    expect(campoDelServidor('horas.0.minutos', campos)).toBe('minutos');
    expect(campoDelServidor('horas', campos)).toBe('horas');
    expect(campoDelServidor('borrados', campos)).toBeNull();
    expect(campoDelServidor(undefined, campos)).toBeNull();
  });
});

describe("days as the server counts them (the company's zone, Argentina)", () => {
  it('the day of an instant is its day in Argentina', () => {
    expect(diaDeMs(Date.parse('2026-05-13T02:00:00Z'), AR)).toBe('2026-05-12');
    expect(diaDeMs(mediodiaDelDia('2026-05-12', AR), AR)).toBe('2026-05-12');
    expect(textoFecha(Date.parse('2026-05-12T15:00:00Z'), AR)).toBe('12/05/2026');
  });

  it('validates real days', () => {
    expect(esDiaValido('2024-02-29')).toBe(true);
    expect(esDiaValido('2026-02-29')).toBe(false);
    expect(esDiaValido('12/05/2026')).toBe(false);
  });

  it('a month and the one before', () => {
    expect(mesDe('2026-02-14')).toEqual({ desde: '2026-02-01', hasta: '2026-02-28' });
    expect(mesAnterior('2026-01-20')).toEqual({ desde: '2025-12-01', hasta: '2025-12-31' });
  });
});
