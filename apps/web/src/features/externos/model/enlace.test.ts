import { MENSAJES_EXTERNO, MENSAJE_NUMERO_WHATSAPP } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import { DIA, EL_12_DE_NOVIEMBRE, makeEnlaceExterno, makeEnlaceInactivo } from '../test-utils';
import {
  ENTREGA_VACIA,
  enlaceWeb,
  estadoDeEnlace,
  puedeRenovar,
  sinCorreo,
  textoRespuesta,
  textoRevocado,
  textoVence,
  validarEntrega,
} from './enlace';

const AR = 'America/Argentina/Buenos_Aires';
const AHORA = EL_12_DE_NOVIEMBRE + DIA;

describe('a contractor link as the company sees it (issue 33 part 2)', () => {
  it('says why a link is not active: revoked first, then expired, then rejected', () => {
    expect(estadoDeEnlace(makeEnlaceExterno(), AHORA)).toBe('activo');
    const vencido = makeEnlaceInactivo({ vence: AHORA - 1 });
    expect(estadoDeEnlace(vencido, AHORA)).toBe('vencido');
    expect(estadoDeEnlace({ ...vencido, revocado: AHORA - 2 }, AHORA)).toBe('revocado');
    expect(estadoDeEnlace(makeEnlaceInactivo({ respuesta: 'rechazada' }), AHORA)).toBe('rechazado');
    expect(estadoDeEnlace(makeEnlaceInactivo({ respuesta: 'rechazada', vence: AHORA - 1 }), AHORA)).toBe('vencido');
    // Not active for another reason (the order was deleted): no reason of its own.
    expect(estadoDeEnlace(makeEnlaceInactivo(), AHORA)).toBe('inactivo');
  });

  it('offers renewal only with an end date, and never for a revoked or rejected link', () => {
    expect(puedeRenovar(makeEnlaceExterno())).toBe(false);
    expect(puedeRenovar(makeEnlaceExterno({ vence: AHORA + DIA }))).toBe(true);
    expect(puedeRenovar(makeEnlaceInactivo({ vence: AHORA - DIA }))).toBe(true);
    expect(puedeRenovar(makeEnlaceInactivo({ vence: AHORA + DIA, revocado: AHORA }))).toBe(false);
    expect(puedeRenovar(makeEnlaceInactivo({ vence: AHORA + DIA, respuesta: 'rechazada' }))).toBe(false);
  });

  it('writes the answer, the reason of a rejection as given, the end and the revocation', () => {
    expect(textoRespuesta(makeEnlaceExterno())).toBe('Sin responder');
    expect(textoRespuesta(makeEnlaceExterno({ respuesta: 'aceptada' }))).toBe('Aceptada');
    expect(textoRespuesta(makeEnlaceExterno({ respuesta: 'rechazada', motivo: '<b>x</b>' }))).toBe(
      'Rechazada: <b>x</b>',
    );
    expect(textoRespuesta(makeEnlaceExterno({ respuesta: 'rechazada', motivo: null }))).toBe('Rechazada');
    expect(textoVence(makeEnlaceExterno(), AR, AHORA)).toBeNull();
    expect(textoVence(makeEnlaceExterno({ vence: AHORA + DIA }), AR, AHORA)).toBe('Vence el 14/11/2026 10:00');
    expect(textoVence(makeEnlaceExterno({ vence: EL_12_DE_NOVIEMBRE }), AR, AHORA)).toBe('Venció el 12/11/2026 10:00');
    expect(textoRevocado(makeEnlaceExterno(), AR)).toBeNull();
    expect(textoRevocado(makeEnlaceExterno({ revocado: AHORA, revocadoPor: 'Luis Sosa' }), AR)).toBe(
      'Revocado el 13/11/2026 10:00 por Luis Sosa',
    );
  });

  it('opens only web addresses in a new tab', () => {
    expect(enlaceWeb('https://wa.me/5491123456789?text=x')).toBe('https://wa.me/5491123456789?text=x');
    expect(enlaceWeb('javascript:alert(1)')).toBeNull();
    expect(enlaceWeb(null)).toBeNull();
  });

  it('notes a link that was meant to be mailed and was not', () => {
    expect(sinCorreo(makeEnlaceExterno({ correoEnviado: false }))).toBe(true);
    expect(sinCorreo(makeEnlaceExterno({ correoEnviado: true }))).toBe(false);
    // Only by WhatsApp: nothing was meant to be mailed.
    expect(sinCorreo(makeEnlaceExterno({ email: null, correoEnviado: false }))).toBe(false);
  });
});

describe('the hand-over form’s check (the contract’s zEntregaExterno)', () => {
  it('asks for the name and a way to reach them', () => {
    expect(validarEntrega(ENTREGA_VACIA)).toEqual({
      ok: false,
      errores: { nombre: 'El nombre es obligatorio.', email: MENSAJES_EXTERNO.sinContacto },
    });
  });

  it('refuses a bad email and a bad number at their fields', () => {
    const r = validarEntrega({ ...ENTREGA_VACIA, nombre: 'Juan', email: 'juan@', whatsapp: '12' });
    expect(r).toEqual({
      ok: false,
      errores: { email: 'El email no es una dirección válida.', whatsapp: MENSAJE_NUMERO_WHATSAPP },
    });
  });

  it('sends trimmed texts, null for what was left empty and the number in E.164', () => {
    expect(
      validarEntrega({ nombre: '  Juan Gómez ', email: '', whatsapp: '011 15 2345-6789', mensaje: '   ' }),
    ).toEqual({
      ok: true,
      datos: { nombre: 'Juan Gómez', email: null, whatsapp: '+5491123456789', mensaje: null },
    });
    expect(
      validarEntrega({ nombre: 'Juan', email: ' juan@ejemplo.com ', whatsapp: '', mensaje: 'Llevar escalera' }),
    ).toEqual({
      ok: true,
      datos: { nombre: 'Juan', email: 'juan@ejemplo.com', whatsapp: null, mensaje: 'Llevar escalera' },
    });
  });
});
