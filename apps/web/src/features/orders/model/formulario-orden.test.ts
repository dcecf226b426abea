import { ZONA_HORARIA_EMPRESA_POR_DEFECTO as AR, finDelDia, textoFecha, type OrdenGuardada } from '@delego/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENSAJE_FECHAS,
  VALORES_VACIOS,
  sobreLoGuardadoAhora,
  validarOrden,
  valoresDeOrden,
  type ValoresOrden,
} from './formulario-orden';

const valido = { ...VALORES_VACIOS, titulo: '  Cambio de bomba ', cliente: 1, responsable: [4] };

function guardada(parcial: Partial<OrdenGuardada> = {}): OrdenGuardada {
  return {
    id: 42,
    numero: 1042,
    titulo: 'Cambio de bomba',
    detalle: '',
    tipoOrden: null,
    area: null,
    prioridad: null,
    estado: 1,
    responsable: [4],
    cliente: 1,
    fechaInicio: Date.UTC(2026, 9, 1, 13, 55),
    fechaFin: Date.UTC(2026, 9, 27, 13, 55),
    registroResponsable: 3,
    e5sAreaKey: null,
    e5sAreaName: null,
    ...parcial,
  };
}

describe('validarOrden (mirrors the server)', () => {
  it('asks for a title and a client, in Spanish', () => {
    const { errores, cuerpo } = validarOrden({ ...VALORES_VACIOS, titulo: '   ' }, { zona: AR });
    expect(cuerpo).toBeUndefined();
    expect(errores).toEqual({ titulo: 'El título es obligatorio.', cliente: 'Elija el cliente.' });
  });

  it('limits the title to 200 characters', () => {
    expect(validarOrden({ ...valido, titulo: 'x'.repeat(201) }, { zona: AR }).errores.titulo).toBe(
      'El título admite hasta 200 caracteres.',
    );
    expect(validarOrden({ ...valido, titulo: 'x'.repeat(200) }, { zona: AR }).cuerpo).toBeDefined();
  });

  it('refuses an end before the start; the same day is fine', () => {
    expect(
      validarOrden({ ...valido, fechaInicio: '2026-10-10', fechaFin: '2026-10-09' }, { zona: AR }).errores,
    ).toEqual({ fechaFin: MENSAJE_FECHAS });
    expect(
      validarOrden({ ...valido, fechaInicio: '2026-10-10', fechaFin: '2026-10-10' }, { zona: AR }).cuerpo,
    ).toBeDefined();
  });

  it("builds the body: trimmed title, ids, the start at 00:00 and the end at 23:59:59.999 of the company's day", () => {
    const { cuerpo } = validarOrden(
      { ...valido, prioridad: 3, fechaInicio: '2026-10-10', fechaFin: '2026-10-20' },
      { zona: AR },
    );
    expect(cuerpo).toEqual({
      titulo: 'Cambio de bomba',
      detalle: '',
      cliente: 1,
      responsable: [4],
      tipoOrden: null,
      area: null,
      prioridad: 3,
      e5sAreaKey: null,
      e5sAreaName: null,
      fechaInicio: Date.UTC(2026, 9, 10, 3),
      fechaFin: Date.UTC(2026, 9, 21, 2, 59, 59, 999),
    });
  });

  it('names the chosen E5S area', () => {
    const { cuerpo } = validarOrden(
      { ...valido, e5sAreaKey: 'A1' },
      { e5s: [{ clave: 'A1', nombre: 'Planta' }], zona: AR },
    );
    expect(cuerpo).toMatchObject({ e5sAreaKey: 'A1', e5sAreaName: 'Planta' });
  });

  it('editing sends the id and keeps the exact time of a date left as it was', () => {
    const original = guardada();
    const { cuerpo } = validarOrden(valoresDeOrden(original, AR), { original, zona: AR });
    expect(cuerpo).toMatchObject({ id: 42, fechaInicio: original.fechaInicio, fechaFin: original.fechaFin });
    const cambiada = validarOrden({ ...valoresDeOrden(original, AR), fechaFin: '2026-10-30' }, { original, zona: AR });
    expect(cambiada.cuerpo?.fechaFin).toBe(Date.UTC(2026, 9, 31, 2, 59, 59, 999));
  });

  it("reads a saved order's dates as the company's days, whatever zone the device is in", () => {
    // The last ms of 02/12/2026 in Argentina: 03/12 06:59 in Madrid, but the form shows 02/12.
    const original = guardada({
      fechaInicio: Date.UTC(2026, 11, 2, 3),
      fechaFin: Date.UTC(2026, 11, 3, 2, 59, 59, 999),
    });
    expect(valoresDeOrden(original, AR)).toMatchObject({ fechaInicio: '2026-12-02', fechaFin: '2026-12-02' });
    expect(valoresDeOrden(original, 'Europe/Madrid')).toMatchObject({ fechaFin: '2026-12-03' });
  });

  it('refuses text that is not a day, in Spanish', () => {
    const { errores, cuerpo } = validarOrden({ ...valido, fechaInicio: '31/02/2026', fechaFin: '02/1' }, { zona: AR });
    expect(cuerpo).toBeUndefined();
    expect(errores).toEqual({
      fechaInicio: 'La fecha 31/02/2026 no es válida.',
      fechaFin: 'Escriba la fecha como dd/mm/aaaa.',
    });
  });
});

// The order form on devices in other zones: the same company day in, the same ms out.
describe.each([
  { tz: 'UTC', desfaseEnero: 0 },
  { tz: 'Europe/Madrid', desfaseEnero: -60 },
  { tz: 'Pacific/Kiritimati', desfaseEnero: -840 },
])('the order form on a device with TZ=$tz', ({ tz, desfaseEnero }) => {
  const antes = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = tz;
  });
  afterAll(() => {
    if (antes === undefined) delete process.env.TZ;
    else process.env.TZ = antes;
  });
  const zona = AR;

  it('02/12/2026 is sent as the last ms of that day in Argentina and reads back as 02/12/2026', () => {
    expect(new Date(Date.UTC(2026, 0, 15)).getTimezoneOffset()).toBe(desfaseEnero);
    const { cuerpo } = validarOrden(
      { ...VALORES_VACIOS, titulo: 'Bomba', cliente: 1, fechaFin: '2026-12-02' },
      { zona },
    );
    expect(cuerpo?.fechaFin).toBe(Date.UTC(2026, 11, 3, 2, 59, 59, 999));
    expect(cuerpo?.fechaFin).toBe(finDelDia('2026-12-02', zona));
    expect(textoFecha(cuerpo?.fechaFin as number, zona)).toBe('02/12/2026');
    expect(valoresDeOrden(guardada({ fechaFin: cuerpo?.fechaFin ?? null }), zona).fechaFin).toBe('2026-12-02');
  });
});

describe('sobreLoGuardadoAhora', () => {
  const abierta: ValoresOrden = { ...VALORES_VACIOS, titulo: 'A', detalle: 'd', cliente: 1, responsable: [4, 5] };

  it('keeps what the server has now for every field the person did not touch', () => {
    const ahora: ValoresOrden = { ...abierta, titulo: 'B', responsable: [6], prioridad: 2 };
    const v: ValoresOrden = { ...abierta, detalle: 'nuevo', responsable: [5, 4] };
    expect(sobreLoGuardadoAhora(v, abierta, ahora)).toEqual({ ...ahora, detalle: 'nuevo' });
  });

  it('what the person changed wins, also a field changed meanwhile', () => {
    const ahora: ValoresOrden = { ...abierta, titulo: 'B', responsable: [6] };
    const v: ValoresOrden = { ...abierta, titulo: 'C', responsable: [7] };
    expect(sobreLoGuardadoAhora(v, abierta, ahora)).toEqual({ ...ahora, titulo: 'C', responsable: [7] });
  });
});
