import { describe, expect, it } from 'vitest';
import { editablesDe, itemNuevo, mover, validarPlantilla } from './plantilla';

describe('editor de la plantilla', () => {
  it('mueve un ítem arriba y abajo, sin salirse de la lista', () => {
    expect(mover(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(mover(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(mover(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('arma lo que el servidor acepta, con números con coma', () => {
    const medida = {
      ...itemNuevo('Bomba'),
      etiqueta: ' Presión ',
      tipo: 'numero' as const,
      unidad: 'bar',
      min: '1,5',
      max: '4',
      requerido: true,
    };
    const v = validarPlantilla([medida, { ...itemNuevo(), etiqueta: 'Limpieza' }]);
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.plantilla.items[0]).toMatchObject({
      seccion: 'Bomba',
      etiqueta: 'Presión',
      tipo: 'numero',
      min: 1.5,
      max: 4,
      unidad: 'bar',
      requerido: true,
    });
    expect(v.plantilla.items[1]).toMatchObject({ seccion: null, unidad: null, min: null, max: null });
  });

  it('dice en español qué ítem está mal', () => {
    const vacio = itemNuevo();
    const alReves = { ...itemNuevo(), etiqueta: 'Temperatura', tipo: 'numero' as const, min: '9', max: '2' };
    const letras = { ...itemNuevo(), etiqueta: 'Nivel', tipo: 'numero' as const, min: 'abc' };
    const v = validarPlantilla([vacio, alReves, letras]);
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.errores[vacio.clave]).toBe('Cada ítem necesita un texto.');
    expect(v.errores[alReves.clave]).toBe('El mínimo no puede ser mayor que el máximo.');
    expect(v.errores[letras.clave]).toMatch(/números/);
  });

  it('no admite más de 200 ítems', () => {
    const muchos = Array.from({ length: 201 }, (_, i) => ({ ...itemNuevo(), etiqueta: `Ítem ${i}` }));
    const v = validarPlantilla(muchos);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.errores.general).toBe('Un checklist admite hasta 200 ítems.');
  });

  it('lee la plantilla guardada para editarla', () => {
    const [e] = editablesDe([
      {
        seccion: null,
        etiqueta: 'Presión',
        tipo: 'numero',
        requerido: false,
        publico: true,
        unidad: 'bar',
        min: 1.5,
        max: null,
      },
    ]);
    expect(e).toMatchObject({ seccion: '', min: '1,5', max: '', unidad: 'bar', publico: true });
  });
});
