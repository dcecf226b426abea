import type { RegistroGasto, RegistroHoras } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import type { Cambio } from '../../../lib/outbox';
import { registroPendiente, totalesConPendientes } from './pendientes';

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
        id: null,
        fecha: FECHA,
        horas: 1,
        minutos: 45,
        descripcion: 'Revisión',
        usuarioId: null,
      },
    ]);
    expect(r.gastos).toHaveLength(1);
    expect(r.gastos[0]).toMatchObject({
      estado: 'rechazado',
      correccion: true,
      id: 4,
      concepto: 'Repuesto',
      moneda: 'ARS',
    });
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

describe('los totales con lo que espera en la bandeja', () => {
  const persona = { id: 1, usuario: 'operario', nombre: 'Diego', apellido: 'Sosa' };
  const comunes = { fecha: FECHA, autor: persona, creado: FECHA, actualizado: FECHA, puedeEditar: true };
  const hora = (id: number, horas: number, minutos: number): RegistroHoras => ({
    ...comunes,
    id,
    horas,
    minutos,
    descripcion: '',
    usuario: persona,
  });
  const gasto = (id: number, monto: number, moneda: string): RegistroGasto => ({
    ...comunes,
    id,
    concepto: 'Repuesto',
    monto,
    moneda,
    comprobante: null,
  });
  const registro = {
    horas: [hora(1, 2, 0), hora(2, 0, 30)],
    gastos: [gasto(5, 1000.1, 'ARS'), gasto(6, 20, 'USD')],
    totales: {
      minutos: 150,
      horas: '2:30',
      gastos: [
        { moneda: 'ARS', total: 1000.1 },
        { moneda: 'USD', total: 20 },
      ],
    },
  };

  it('sin nada pendiente no cambian', () => {
    expect(totalesConPendientes(registro, [])).toBeNull();
    expect(totalesConPendientes(registro, [cambio({ estado: 3, comentarios: 'x' }, { tipo: 'estado' })])).toBeNull();
  });

  it('suman lo nuevo, reemplazan lo corregido y quitan lo que se eliminará', () => {
    const t = totalesConPendientes(registro, [
      // 1 h 45 new, and the 2 h entry corrected to 3 h.
      cambio({
        horas: [
          { fecha: FECHA, horas: 1, minutos: 45 },
          { id: 1, fecha: FECHA, horas: 3, minutos: 0 },
        ],
      }),
      // The 30 min entry and the dollars removed; 0,20 pesos added: in cents, nothing drifts.
      cambio({ borrados: { horas: [2], gastos: [6] } }, { id: '7a1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b' }),
      cambio(
        {
          gastos: [
            { fecha: FECHA, concepto: 'Cinta', monto: 0.2, moneda: 'ARS' },
            { fecha: FECHA, concepto: 'Pasaje', monto: 12, moneda: 'EUR' },
          ],
        },
        { id: '8a1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b' },
      ),
    ]);
    expect(t).toEqual({
      minutos: 285,
      horas: '4:45',
      gastos: [
        { moneda: 'ARS', total: 1000.3 },
        { moneda: 'EUR', total: 12 },
      ],
    });
  });

  it('un cambio que el servidor rechazó no cuenta', () => {
    expect(
      totalesConPendientes(registro, [
        cambio({ horas: [{ fecha: FECHA, horas: 5, minutos: 0 }] }, { estado: 'rechazado' }),
      ]),
    ).toBeNull();
  });
});
