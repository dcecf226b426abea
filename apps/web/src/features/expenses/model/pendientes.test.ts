import { describe, expect, it } from 'vitest';
import type { Cambio } from '../../../lib/outbox';
import { registroPendiente } from './pendientes';

const FECHA = Date.UTC(2026, 10, 27, 15);

function cambio(cuerpo: unknown, extra: Partial<Cambio> = {}): Cambio {
  return {
    id: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
    usuarioId: 1,
    tipo: 'registro',
    ordenId: 7,
    descripcion: 'Orden #7 · Registrar 1 h 45 min',
    cuerpo,
    creado: FECHA,
    secuencia: 0,
    estado: 'pendiente',
    intentos: 0,
    ...extra,
  };
}

describe('horas y gastos que esperan en la bandeja', () => {
  it('lee las horas y los gastos nuevos, las correcciones y las bajas, con su estado', () => {
    const r = registroPendiente([
      cambio({ horas: [{ fecha: FECHA, horas: 1, minutos: 45, descripcion: ' Revisión ' }] }),
      cambio(
        {
          gastos: [{ id: 4, fecha: FECHA, concepto: 'Repuesto', monto: 1500.5, moneda: 'ars' }],
          borrados: { horas: [9] },
        },
        { id: '7a1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b', estado: 'rechazado' },
      ),
    ]);
    expect(r.horas).toEqual([
      {
        clave: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b:h0',
        estado: 'pendiente',
        correccion: false,
        fecha: FECHA,
        horas: 1,
        minutos: 45,
        descripcion: 'Revisión',
        usuarioId: null,
      },
    ]);
    expect(r.gastos).toHaveLength(1);
    expect(r.gastos[0]).toMatchObject({ estado: 'rechazado', correccion: true, concepto: 'Repuesto', moneda: 'ARS' });
    expect(r.gastos[0]?.monto).toBeCloseTo(1500.5);
    expect([...r.borrados.horas]).toEqual([9]);
    expect(r.borrados.gastos.size).toBe(0);
  });

  it('deja fuera otros tipos de cambio y cuerpos que no pasan el esquema', () => {
    const r = registroPendiente([
      cambio({ horas: [{ fecha: FECHA, horas: 0, minutos: 0 }] }),
      cambio({ estado: 3, comentarios: 'x' }, { tipo: 'estado' }),
      cambio('dañado'),
    ]);
    expect(r.horas).toEqual([]);
    expect(r.gastos).toEqual([]);
  });
});
