import { describe, expect, it } from 'vitest';
import { accionesVisibles } from './acciones';

const base = {
  soloLectura: false,
  modificar: true,
  borrar: false,
  cambiarResponsable: true,
  estadosSiguientes: [2, 3],
};

describe('accionesVisibles', () => {
  it('an editable order offers every change the server allows', () => {
    expect(accionesVisibles(base)).toEqual(['estado', 'responsable', 'responsables', 'titulo', 'detalle', 'editar']);
    expect(accionesVisibles({ ...base, borrar: true })).toContain('eliminar');
  });

  it('a read-only order offers no change at all', () => {
    const soloLectura = {
      soloLectura: true,
      modificar: false,
      borrar: false,
      cambiarResponsable: false,
      estadosSiguientes: [],
    };
    expect(accionesVisibles(soloLectura)).toEqual([]);
  });

  it('no state to move to: no "Cambiar estado"', () => {
    expect(accionesVisibles({ ...base, estadosSiguientes: [] })).not.toContain('estado');
  });

  it('deleting depends only on borrar', () => {
    expect(
      accionesVisibles({
        ...base,
        soloLectura: true,
        modificar: false,
        cambiarResponsable: false,
        estadosSiguientes: [],
        borrar: true,
      }),
    ).toEqual(['eliminar']);
  });
});
