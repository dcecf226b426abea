import { MENSAJES_SOLICITUD } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import { cuerpoSolicitud, revisarFotos, validarSolicitud, VALORES_VACIOS } from './formulario';
import {
  antiguedad,
  enlaceSeguro,
  primeraLinea,
  textoContacto,
  textoDonde,
  textoLugar,
  textoResolucion,
} from './textos';

const CLAVE = '2f1c7b0e-7a51-4c8f-9d43-2b1e6f0a9c11';
const ZONA = 'America/Argentina/Buenos_Aires';
const LLENO = { ...VALORES_VACIOS, que: '  Pierde agua  ', nombre: ' Marta ', telefono: '341 555 1234' };

describe('validarSolicitud (issue 33)', () => {
  it('says each missing field in Spanish at its field; the contact at the email', () => {
    const r = validarSolicitud(VALORES_VACIOS, CLAVE, true);
    expect(r).toEqual({
      ok: false,
      errores: {
        que: 'Qué necesita es obligatorio.',
        nombre: 'Su nombre es obligatorio.',
        email: MENSAJES_SOLICITUD.sinContacto,
      },
    });
  });

  it('refuses a bad email and a text over its limit', () => {
    const r = validarSolicitud({ ...LLENO, email: 'no-es-email', que: 'x'.repeat(2001) }, CLAVE, true);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errores.email).toBe('El email no es una dirección válida.');
    expect(!r.ok && r.errores.que).toBe('Qué necesita admite hasta 2000 caracteres.');
  });

  it('gives the values trimmed, an empty optional one as null, the honeypot as typed', () => {
    expect(validarSolicitud({ ...LLENO, donde: ' ', sitio: 'http://spam' }, CLAVE, true)).toEqual({
      ok: true,
      datos: {
        que: 'Pierde agua',
        donde: null,
        nombre: 'Marta',
        email: null,
        telefono: '341 555 1234',
        sitio: 'http://spam',
      },
    });
  });

  it('on a QR’s form the place is the label’s: what was typed in «dónde» does not go', () => {
    const r = validarSolicitud({ ...LLENO, donde: 'Cocina' }, CLAVE, false);
    expect(r.ok && r.datos.donde).toBeNull();
  });
});

describe('cuerpoSolicitud', () => {
  const datos = { que: 'Pierde agua', donde: 'Cocina', nombre: 'Marta', email: null, telefono: '341', sitio: '' };

  it('the link’s token and the fields first, then the photos; empty ones do not travel', () => {
    const fotos = [new File(['a'], 'a.jpg', { type: 'image/jpeg' }), new File(['b'], 'b.png', { type: 'image/png' })];
    const f = cuerpoSolicitud(datos, CLAVE, fotos, 'k123');
    expect([...f.keys()]).toEqual(['k', 'que', 'donde', 'nombre', 'telefono', 'clave', 'fotos', 'fotos']);
    expect(f.get('k')).toBe('k123');
    expect(f.get('clave')).toBe(CLAVE);
    expect(f.getAll('fotos').map((x) => (x as File).name)).toEqual(['a.jpg', 'b.png']);
  });

  it('from a QR: no token (the code is in the path); a filled honeypot goes as it is', () => {
    const f = cuerpoSolicitud({ ...datos, donde: null, sitio: 'bot' }, CLAVE, [], null);
    expect([...f.keys()]).toEqual(['que', 'nombre', 'telefono', 'sitio', 'clave']);
    expect(f.get('sitio')).toBe('bot');
  });
});

describe('revisarFotos', () => {
  const img = (n: string, tipo = 'image/jpeg') => new File(['x'], n, { type: tipo });

  it('takes images only (JPG, PNG, WebP, HEIC), and says why once', () => {
    const r = revisarFotos(
      [img('a.jpg'), img('b.pdf', 'application/pdf'), img('c.gif', 'image/gif'), img('d.heic', 'image/heic')],
      0,
    );
    expect(r.aceptadas.map((f) => f.name)).toEqual(['a.jpg', 'd.heic']);
    expect(r.problemas).toEqual([MENSAJES_SOLICITUD.fotoNoImagen]);
  });

  it('stops at 5 photos, counting those already chosen', () => {
    const r = revisarFotos([img('a.jpg'), img('b.jpg'), img('c.jpg')], 3);
    expect(r.aceptadas.map((f) => f.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(r.problemas).toEqual([MENSAJES_SOLICITUD.demasiadasFotos]);
  });
});

describe('texts of a request', () => {
  it('the place of a label, and where the work is', () => {
    expect(textoLugar({ tipo: 'equipo', nombre: 'Caldera 2' })).toBe('Equipo: Caldera 2');
    expect(textoLugar({ tipo: 'ubicacion', nombre: 'Planta baja' })).toBe('Ubicación: Planta baja');
    expect(textoDonde({ lugar: { tipo: 'equipo', id: 5, nombre: 'Caldera 2' }, donde: 'Sótano' })).toBe(
      'Equipo: Caldera 2 · Sótano',
    );
    expect(textoDonde({ lugar: null, donde: null })).toBeNull();
  });

  it('the first line with text, cut with «…» past 120 characters', () => {
    expect(primeraLinea('\n  \n  Pierde agua  \nsegunda')).toBe('Pierde agua');
    const larga = primeraLinea('a'.repeat(200));
    expect(larga).toHaveLength(120);
    expect(larga.endsWith('…')).toBe(true);
    expect(primeraLinea('   ')).toBe('');
  });

  it('the contact: the name and each way to reach them', () => {
    expect(textoContacto({ nombre: 'Marta', email: 'm@example.com', telefono: null })).toBe('Marta · m@example.com');
    expect(textoContacto({ nombre: 'Marta', email: 'm@example.com', telefono: '341' })).toBe(
      'Marta · m@example.com · 341',
    );
  });

  it('the age, in Spanish', () => {
    const ahora = Date.UTC(2026, 10, 12, 13, 0);
    expect(antiguedad(ahora - 20_000, ahora)).toBe('hace un momento');
    expect(antiguedad(ahora - 5 * 60_000, ahora)).toBe('hace 5 minutos');
    expect(antiguedad(ahora - 3 * 24 * 3_600_000, ahora)).toBe('hace 3 días');
  });

  it('who decided and when', () => {
    const resuelta = Date.UTC(2026, 10, 12, 13, 0);
    expect(textoResolucion({ estado: 'aceptada', resueltaPor: 'Ana Pérez', resuelta }, ZONA)).toBe(
      'Aceptada por Ana Pérez el 12/11/2026 10:00',
    );
    expect(textoResolucion({ estado: 'rechazada', resueltaPor: null, resuelta: null }, ZONA)).toBe('Rechazada');
    expect(textoResolucion({ estado: 'pendiente', resueltaPor: null, resuelta: null }, ZONA)).toBe('Pendiente');
  });

  it('a link from the server is a link only when it is a web address or a path of this site', () => {
    expect(enlaceSeguro('https://delego.example/o/k')).toBe('https://delego.example/o/k');
    expect(enlaceSeguro('/ordersummary/k')).toBe('/ordersummary/k');
    expect(enlaceSeguro('javascript:alert(1)')).toBeNull();
    expect(enlaceSeguro('data:text/html,hola')).toBeNull();
    expect(enlaceSeguro('//otro.example/x')).toBeNull();
    expect(enlaceSeguro(null)).toBeNull();
  });
});
