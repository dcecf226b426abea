import type { OrdenGuardada } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import { finDelDia, inicioDelDia } from './filtros';
import { MENSAJE_FECHAS, VALORES_VACIOS, validarOrden, valoresDeOrden } from './formulario-orden';

const valido = { ...VALORES_VACIOS, titulo: '  Cambio de bomba ', cliente: 1, responsables: [4] };

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
    fechaInicio: new Date(2026, 9, 1, 10, 55).getTime(),
    fechaFin: new Date(2026, 9, 27, 10, 55).getTime(),
    registroResponsable: 3,
    e5sAreaKey: null,
    e5sAreaName: null,
    ...parcial,
  };
}

describe('validarOrden (mirrors the server)', () => {
  it('asks for a title and a client, in Spanish', () => {
    const { errores, cuerpo } = validarOrden({ ...VALORES_VACIOS, titulo: '   ' });
    expect(cuerpo).toBeUndefined();
    expect(errores).toEqual({ titulo: 'El título es obligatorio.', cliente: 'Elija el cliente.' });
  });

  it('limits the title to 200 characters', () => {
    expect(validarOrden({ ...valido, titulo: 'x'.repeat(201) }).errores.titulo).toBe('El título admite hasta 200 caracteres.');
    expect(validarOrden({ ...valido, titulo: 'x'.repeat(200) }).cuerpo).toBeDefined();
  });

  it('refuses an end before the start; the same day is fine', () => {
    expect(validarOrden({ ...valido, fechaInicio: '2026-10-10', fechaFin: '2026-10-09' }).errores).toEqual({ fechaFin: MENSAJE_FECHAS });
    expect(validarOrden({ ...valido, fechaInicio: '2026-10-10', fechaFin: '2026-10-10' }).cuerpo).toBeDefined();
  });

  it('builds the body: trimmed title, ids, the start at 00:00 and the end at 23:59:59.999', () => {
    const { cuerpo } = validarOrden({ ...valido, prioridad: 3, fechaInicio: '2026-10-10', fechaFin: '2026-10-20' });
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
      fechaInicio: inicioDelDia('2026-10-10'),
      fechaFin: finDelDia('2026-10-20'),
    });
  });

  it('names the chosen E5S area', () => {
    const { cuerpo } = validarOrden({ ...valido, e5sAreaKey: 'A1' }, { e5s: [{ clave: 'A1', nombre: 'Planta' }] });
    expect(cuerpo).toMatchObject({ e5sAreaKey: 'A1', e5sAreaName: 'Planta' });
  });

  it('editing sends the id and keeps the exact time of a date left as it was', () => {
    const original = guardada();
    const { cuerpo } = validarOrden(valoresDeOrden(original), { original });
    expect(cuerpo).toMatchObject({ id: 42, fechaInicio: original.fechaInicio, fechaFin: original.fechaFin });
    const cambiada = validarOrden({ ...valoresDeOrden(original), fechaFin: '2026-10-30' }, { original });
    expect(cambiada.cuerpo?.fechaFin).toBe(finDelDia('2026-10-30'));
  });
});
