import { describe, expect, it } from 'vitest';
import { parseE5sCsv } from './e5s-csv.js';

describe('parseE5sCsv', () => {
  it('lee clave;nombre con o sin cabecera, con BOM y finales CRLF', () => {
    expect(parseE5sCsv('\uFEFFclave;nombre\r\nA1;Planta baja\r\nA2;Depósito\r\n')).toEqual({
      ok: true,
      filas: [
        { clave: 'A1', nombre: 'Planta baja' },
        { clave: 'A2', nombre: 'Depósito' },
      ],
    });
    expect(parseE5sCsv('A1;Planta baja')).toEqual({ ok: true, filas: [{ clave: 'A1', nombre: 'Planta baja' }] });
  });

  it('acepta coma o tabulador, comillas y líneas vacías', () => {
    expect(parseE5sCsv('Código,Descripción\n\n"B,1","Sala ""norte"""\nB2,Taller, sector sur\n')).toEqual({
      ok: true,
      filas: [
        { clave: 'B,1', nombre: 'Sala "norte"' },
        { clave: 'B2', nombre: 'Taller, sector sur' },
      ],
    });
    expect(parseE5sCsv('C1\tOficinas')).toEqual({ ok: true, filas: [{ clave: 'C1', nombre: 'Oficinas' }] });
  });

  it('informa cada problema con su línea', () => {
    const r = parseE5sCsv('A1;Uno\n;Sin clave\nA3\nA1;Repetida\n');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errores).toEqual([
      'Línea 2: falta la clave.',
      'Línea 3: falta el nombre (use "clave;nombre").',
      'Línea 4: la clave "A1" ya aparece en la línea 1.',
    ]);
  });

  it('rechaza un archivo sin áreas y uno con demasiadas', () => {
    expect(parseE5sCsv('clave;nombre\n')).toEqual({ ok: false, errores: ['El archivo no tiene áreas.'] });
    const muchas = Array.from({ length: 5001 }, (_, i) => `K${i};Área ${i}`).join('\n');
    const r = parseE5sCsv(muchas);
    expect(r.ok).toBe(false);
  });
});
