import { describe, expect, it } from 'vitest';
import type { Cambio } from '../../../lib/outbox';
import { FILTROS_INICIALES } from './filtros';
import { estadosPendientes, muestraOrdenesNuevas, ordenesNuevasPendientes } from './pendientes';

function cambio(extra: Partial<Cambio>): Cambio {
  return {
    id: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
    usuarioId: 1,
    tipo: 'orden',
    ordenId: null,
    descripcion: 'Nueva orden: Filtración',
    cuerpo: { titulo: 'Filtración en el sótano' },
    creado: 0,
    secuencia: 0,
    estado: 'pendiente',
    intentos: 0,
    ...extra,
  };
}

describe('órdenes nuevas que esperan en la bandeja', () => {
  it('lee las altas con su título y su estado, y nada más', () => {
    expect(
      ordenesNuevasPendientes([
        cambio({}),
        cambio({ id: 'b', estado: 'rechazado', cuerpo: { titulo: 'Otra' } }),
        cambio({ id: 'c', tipo: 'estado', ordenId: 3 }),
        cambio({ id: 'd', cuerpo: null }),
      ]),
    ).toEqual([
      {
        clave: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
        estado: 'pendiente',
        titulo: 'Filtración en el sótano',
        archivos: 0,
      },
      { clave: 'b', estado: 'rechazado', titulo: 'Otra', archivos: 0 },
      { clave: 'd', estado: 'pendiente', titulo: 'Nueva orden', archivos: 0 },
    ]);
  });

  it('cuenta los archivos adjuntados al crearla, que esperan detrás de ella (issue 36)', () => {
    const clave = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
    const foto = { nombre: 'a.jpg', tipo: 'image/jpeg', datos: new Blob(['x']) };
    const nuevas = ordenesNuevasPendientes([
      cambio({}),
      cambio({ id: 'f1', tipo: 'archivos', ordenClave: clave, archivos: [foto] }),
      cambio({ id: 'f2', tipo: 'archivos', ordenClave: clave, archivos: [foto, foto] }),
      cambio({ id: 'f3', tipo: 'archivos', ordenId: 9, archivos: [foto] }),
    ]);
    expect(nuevas.map((n) => [n.clave, n.archivos])).toEqual([[clave, 3]]);
  });

  it('se muestran en las listas donde una orden Pendiente entra, sin búsqueda ni otros filtros', () => {
    expect(muestraOrdenesNuevas(FILTROS_INICIALES)).toBe(true);
    expect(muestraOrdenesNuevas({ ...FILTROS_INICIALES, estados: 'todas' })).toBe(true);
    expect(muestraOrdenesNuevas({ ...FILTROS_INICIALES, estados: [1] })).toBe(true);
    expect(muestraOrdenesNuevas({ ...FILTROS_INICIALES, estados: [4] })).toBe(false);
    expect(muestraOrdenesNuevas({ ...FILTROS_INICIALES, buscar: 'bomba' })).toBe(false);
    expect(muestraOrdenesNuevas({ ...FILTROS_INICIALES, vencidas: true })).toBe(false);
    expect(muestraOrdenesNuevas({ ...FILTROS_INICIALES, cliente: 3 })).toBe(false);
  });
});

describe('estados que esperan en la bandeja', () => {
  it('da el último cambio de estado pendiente de cada orden; uno rechazado no cuenta', () => {
    const estado = (ordenId: number, valor: number, marca: Cambio['estado'] = 'pendiente') =>
      cambio({ tipo: 'estado', ordenId, cuerpo: { estado: valor, comentarios: 'x' }, estado: marca });
    const m = estadosPendientes([
      estado(7, 2),
      estado(7, 3),
      estado(8, 4, 'rechazado'),
      cambio({ tipo: 'registro', ordenId: 9, cuerpo: { estado: 4 } }),
    ]);
    expect([...m]).toEqual([[7, 3]]);
  });
});
