import { describe, expect, it } from 'vitest';
import { ESTADO, estadoVisible, type Calendario, type Persona } from '@delego/contract';
import { enVista } from './respuesta';

const ana: Persona = { id: 1, usuario: 'ana', nombre: 'Ana', apellido: 'Paz' };
const beto: Persona = { id: 2, usuario: 'beto', nombre: 'Beto', apellido: '' };

describe('la respuesta del calendario en la pantalla', () => {
  it('cada orden y programada recibe su estado, sus personas en el orden de la respuesta y su cliente', () => {
    const c: Pick<Calendario, 'ordenes' | 'programadas' | 'personas' | 'clientes'> = {
      ordenes: [
        {
          id: 5,
          numero: 105,
          titulo: 'Caldera',
          fechaFin: 1,
          estadoId: ESTADO.EN_PROCESO,
          responsables: [1, 2],
          editable: true,
        },
        {
          id: 6,
          numero: 106,
          titulo: 'Bomba',
          fechaFin: 2,
          estadoId: ESTADO.PENDIENTE,
          responsables: [],
          editable: false,
        },
      ],
      programadas: [
        { planId: 3, titulo: 'Filtros', fecha: 3, estado: 'esperando_cupo', clienteId: 8, responsables: [2] },
        // A client or a person the answer does not name is left out.
        { planId: 4, titulo: 'Sin nombre', fecha: 4, estado: 'programada', clienteId: 99, responsables: [77, 1] },
      ],
      personas: [ana, beto],
      clientes: [{ id: 8, nombre: 'Hotel Sur' }],
    };
    const v = enVista(c);
    expect(v.ordenes).toEqual([
      {
        id: 5,
        numero: 105,
        titulo: 'Caldera',
        fechaFin: 1,
        estado: estadoVisible(ESTADO.EN_PROCESO),
        responsables: [ana, beto],
        editable: true,
      },
      {
        id: 6,
        numero: 106,
        titulo: 'Bomba',
        fechaFin: 2,
        estado: estadoVisible(ESTADO.PENDIENTE),
        responsables: [],
        editable: false,
      },
    ]);
    expect(v.ordenes[0]?.estado.nombre).not.toBe('—');
    expect(v.programadas).toEqual([
      {
        planId: 3,
        titulo: 'Filtros',
        fecha: 3,
        estado: 'esperando_cupo',
        cliente: { id: 8, nombre: 'Hotel Sur' },
        responsables: [beto],
      },
      { planId: 4, titulo: 'Sin nombre', fecha: 4, estado: 'programada', cliente: null, responsables: [ana] },
    ]);
  });
});
