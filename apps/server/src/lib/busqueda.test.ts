import { describe, expect, it } from 'vitest';
import { normalizarTexto, numeroDePalabra, palabrasDeBusqueda, patronContiene } from './busqueda.js';

describe('palabrasDeBusqueda', () => {
  it('separa por espacios y deja cada palabra una vez, sin importar acentos ni mayúsculas', () => {
    expect(palabrasDeBusqueda('  tanque   agua ')).toEqual(['tanque', 'agua']);
    expect(palabrasDeBusqueda('Clínica clinica CLINICA')).toEqual(['Clínica']);
    expect(palabrasDeBusqueda('   ')).toEqual([]);
    expect(palabrasDeBusqueda(null)).toEqual([]);
  });

  it('separa también por la puntuación que se escribe entre palabras, pero no por # ni comodines', () => {
    expect(palabrasDeBusqueda('reparacion, aire')).toEqual(['reparacion', 'aire']);
    expect(palabrasDeBusqueda('aire-acondicionado.')).toEqual(['aire', 'acondicionado']);
    expect(palabrasDeBusqueda('¿tanque? (agua); «clínica»: “hotel” ¡hoy! \'cable\' "luz" piso–techo')).toEqual([
      'tanque',
      'agua',
      'clínica',
      'hotel',
      'hoy',
      'cable',
      'luz',
      'piso',
      'techo',
    ]);
    expect(palabrasDeBusqueda('#319, agua')).toEqual(['#319', 'agua']);
    expect(palabrasDeBusqueda('100%_x\\y.')).toEqual(['100%_x\\y']);
    expect(palabrasDeBusqueda(' , . - ')).toEqual([]);
  });

  it('omite la palabra contenida en otra, salvo que la otra sea un número', () => {
    expect(palabrasDeBusqueda('ag agua')).toEqual(['agua']);
    expect(palabrasDeBusqueda('AGUA agu tanque')).toEqual(['AGUA', 'tanque']);
    expect(palabrasDeBusqueda('12 123')).toEqual(['12', '123']);
    expect(palabrasDeBusqueda('12 #123')).toEqual(['12', '#123']);
    expect(palabrasDeBusqueda('12 a123')).toEqual(['a123']);
  });
});

describe('normalizarTexto, numeroDePalabra, patronContiene', () => {
  it('quita acentos y baja a minúsculas', () => {
    expect(normalizarTexto('ELÉCTRICO Ñandú Über')).toBe('electrico nandu uber');
  });

  it('lee el número de una orden con o sin #', () => {
    expect(numeroDePalabra('#1042')).toBe(1042);
    expect(numeroDePalabra('1042')).toBe(1042);
    expect(numeroDePalabra('10a')).toBeUndefined();
    expect(numeroDePalabra('1234567890')).toBeUndefined();
  });

  it('escapa los comodines de LIKE', () => {
    expect(patronContiene('100%_x\\y')).toBe('%100\\%\\_x\\\\y%');
  });
});
