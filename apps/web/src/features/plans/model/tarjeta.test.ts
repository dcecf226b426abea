import { TARJETAS_DE_PRUEBA, TOKEN_PRUEBA } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import {
  crearTokenDePrueba,
  formatearNumeroTarjeta,
  formatearVencimiento,
  marcaDe,
  idMetodoPago,
  nombreMetodoPago,
  pasaLuhn,
  validarTarjeta,
  type ValoresTarjeta,
} from './tarjeta';

const AHORA = new Date(2026, 10, 24); // 24 Nov 2026
const VISA: ValoresTarjeta = {
  numero: '4509 9535 6623 3704',
  vencimiento: '11/30',
  cvv: '123',
  titular: 'APRO',
  documento: '12.345.678',
};

function errores(parcial: Partial<ValoresTarjeta>, ahora = AHORA) {
  const r = validarTarjeta({ ...VISA, ...parcial }, ahora);
  return r.ok ? {} : r.errores;
}

describe('Luhn and brand', () => {
  it('accepts every documented test card and refuses a number with one digit changed', () => {
    for (const t of TARJETAS_DE_PRUEBA) expect(pasaLuhn(t.numero), t.marca).toBe(true);
    expect(pasaLuhn('4509953566233705')).toBe(false);
    expect(pasaLuhn('45099535662337a4')).toBe(false);
  });

  it('tells the brand from the first digits', () => {
    expect(marcaDe('4509 9535')).toBe('visa');
    expect(marcaDe('5031755734530604')).toBe('master');
    expect(marcaDe('2221000000000009')).toBe('master');
    expect(marcaDe('371180303257522')).toBe('amex');
    expect(marcaDe('5895620000000002')).toBe('naranja');
    expect(marcaDe('6042010000000000')).toBe('cabal');
    expect(marcaDe('9999')).toBe('otra');
  });

  it("names MercadoPago's payment method ids as people read them", () => {
    expect(nombreMetodoPago('visa')).toBe('Visa');
    expect(nombreMetodoPago('debmaster')).toBe('Mastercard Débito');
    expect(nombreMetodoPago('nueva_tarjeta')).toBe('nueva_tarjeta');
    expect(nombreMetodoPago('')).toBe('Tarjeta');
    expect(nombreMetodoPago('x'.repeat(40))).toHaveLength(30);
  });

  it("takes only the contract's payment method ids", () => {
    expect(idMetodoPago('visa')).toBe('visa');
    expect(idMetodoPago(' DebMaster ')).toBe('debmaster');
    expect(idMetodoPago('account_money')).toBeNull();
    expect(idMetodoPago('toString')).toBeNull();
    expect(idMetodoPago('4509953566233704')).toBeNull();
  });

  it('groups the number as printed and the expiry as MM/AA while typing', () => {
    expect(formatearNumeroTarjeta('4509953566233704')).toBe('4509 9535 6623 3704');
    expect(formatearNumeroTarjeta('45x09')).toBe('4509');
    expect(formatearNumeroTarjeta('371180303257522')).toBe('3711 803032 57522');
    expect(formatearVencimiento('1130')).toBe('11/30');
    expect(formatearVencimiento('11/3')).toBe('11/3');
    expect(formatearVencimiento('1')).toBe('1');
  });
});

describe('validarTarjeta', () => {
  it('a good card gives its digits, month, full year and brand', () => {
    const r = validarTarjeta({ ...VISA, titular: '  Ana   María  ' }, AHORA);
    expect(r).toEqual({
      ok: true,
      datos: {
        numero: '4509953566233704',
        mes: 11,
        anio: 2030,
        cvv: '123',
        titular: 'Ana María',
        documento: '12345678',
        marca: 'visa',
      },
    });
  });

  it('an empty form asks for every field in Spanish', () => {
    expect(validarTarjeta({ numero: '', vencimiento: '', cvv: '', titular: '', documento: '' }, AHORA)).toEqual({
      ok: false,
      errores: {
        numero: 'Ingrese el número de la tarjeta.',
        vencimiento: 'Ingrese el vencimiento.',
        cvv: 'Ingrese el código de seguridad.',
        titular: 'Ingrese el nombre del titular como figura en la tarjeta.',
        documento: 'Ingrese el DNI del titular.',
      },
    });
  });

  it('the number: digits only, its length, and Luhn', () => {
    expect(errores({ numero: '4509-9535-abcd' }).numero).toBe('El número de la tarjeta solo lleva dígitos.');
    expect(errores({ numero: '4509 9535' }).numero).toBe('El número de la tarjeta tiene entre 13 y 19 dígitos.');
    expect(errores({ numero: '3711 8030 3257 5220' }).numero).toBe(
      'El número de una American Express tiene 15 dígitos.',
    );
    expect(errores({ numero: '4509 9535 6623 3705' }).numero).toBe('El número de la tarjeta no es válido: revíselo.');
    // A real card (it passes Luhn) is refused: test mode takes only the documented test cards.
    expect(errores({ numero: '4111 1111 1111 1111' }).numero).toBe(
      'En modo de prueba use una de las tarjetas de prueba de la lista.',
    );
    for (const t of TARJETAS_DE_PRUEBA) {
      expect(errores({ numero: formatearNumeroTarjeta(t.numero), cvv: t.cvv }), t.marca).toEqual({});
    }
  });

  it('the expiry: its shape, the month, and a card valid through the end of its month', () => {
    expect(errores({ vencimiento: '1130' }).vencimiento).toBe('Escriba el vencimiento como MM/AA (por ejemplo 11/30).');
    expect(errores({ vencimiento: '13/30' }).vencimiento).toBe('El mes del vencimiento va de 01 a 12.');
    expect(errores({ vencimiento: '00/30' }).vencimiento).toBe('El mes del vencimiento va de 01 a 12.');
    expect(errores({ vencimiento: '10/26' }).vencimiento).toBe('La tarjeta está vencida.');
    expect(errores({ vencimiento: '11/26' }).vencimiento).toBeUndefined();
    expect(errores({ vencimiento: '01/2027' }).vencimiento).toBeUndefined();
    expect(errores({ vencimiento: '01/99' }).vencimiento).toBe('El año del vencimiento no es válido.');
  });

  it('the security code: 3 digits, 4 on American Express', () => {
    expect(errores({ cvv: '12' }).cvv).toBe('El código de seguridad tiene 3 dígitos.');
    expect(errores({ cvv: '1234' }).cvv).toBe('El código de seguridad tiene 3 dígitos.');
    expect(errores({ numero: '3711 803032 57522', cvv: '123' }).cvv).toBe(
      'El código de seguridad tiene 4 dígitos (al frente de la tarjeta).',
    );
    expect(errores({ numero: '3711 803032 57522', cvv: '1234' })).toEqual({});
  });

  it('the cardholder and the document', () => {
    expect(errores({ titular: '<b>APRO</b>' }).titular).toBe('El nombre del titular solo lleva letras y espacios.');
    expect(errores({ titular: 'A'.repeat(61) }).titular).toBe('Máximo 60 caracteres.');
    expect(errores({ titular: "María O'Neill-Peña" }).titular).toBeUndefined();
    expect(errores({ documento: '123456' }).documento).toBe('El DNI tiene 7 u 8 dígitos.');
    expect(errores({ documento: '1234567' }).documento).toBeUndefined();
  });
});

describe('crearTokenDePrueba', () => {
  const tarjeta = validarTarjeta(VISA, AHORA);
  if (!tarjeta.ok) throw new Error('la tarjeta de prueba debería ser válida');

  it('keeps only the token, the brand, the last four digits and the cardholder', () => {
    const datos = crearTokenDePrueba(tarjeta.datos, (b) => b.fill(0xab));
    expect(datos).toEqual({
      token: `prueba_${'ab'.repeat(16)}`,
      marca: 'visa',
      ultimosCuatro: '3704',
      titular: 'APRO',
    });
    // Nothing else of the card is in what is sent.
    const enviado = JSON.stringify(datos);
    for (const secreto of ['4509953566233704', '450995', '11/30', '2030', '123', '12345678']) {
      expect(enviado).not.toContain(secreto);
    }
  });

  it("sends each test card's payment method id (a debit card as debit)", () => {
    for (const t of TARJETAS_DE_PRUEBA) {
      const v = validarTarjeta({ ...VISA, numero: t.numero, cvv: t.cvv }, AHORA);
      if (!v.ok) throw new Error(`${t.marca}: ${JSON.stringify(v.errores)}`);
      expect(crearTokenDePrueba(v.datos).marca, t.marca).toBe(t.medio);
    }
  });

  it('each token is new and random (the browser crypto by default)', () => {
    const a = crearTokenDePrueba(tarjeta.datos);
    const b = crearTokenDePrueba(tarjeta.datos);
    expect(a.token).toMatch(/^prueba_[0-9a-f]{32}$/);
    expect(a.token).toMatch(TOKEN_PRUEBA);
    expect(a.token).not.toBe(b.token);
  });
});
