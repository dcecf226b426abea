import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ID_MAXIMO, MENSAJE_TEXTO_INVALIDO, caracterInvalidoEn, zId, zIdCon, zTexto } from './common.js';
import { zClienteGuardar, zStoreUser } from './admin.js';
import { zGastoEntrada } from './expenses.js';
import { zCambioEstado, zFiltros, zOrdenGuardar } from './orders.js';

/** Tests of `zTexto` and `zId` (common.ts): every request text and id of the contract goes through them. */

const RAZON_ID = 'Debe ser un número entero positivo (el id de un registro).';

/** The reference: a string PostgreSQL can store as text is free of NUL and well-formed UTF-16. */
function almacenable(s: string): boolean {
  if (s.includes('\u0000')) return false;
  try {
    encodeURIComponent(s); // throws URIError on a lone surrogate
    return true;
  } catch {
    return false;
  }
}

/** Strings of any UTF-16 code units, with NUL and surrogates frequent. */
const unidades = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', 'a', 'ñ', '😀'),
    fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  ),
  maxLength: 20,
});

describe('caracterInvalidoEn', () => {
  it('da la posición del primer NUL o sustituto suelto', () => {
    expect(caracterInvalidoEn('Reparación ¿urgente? ¡sí! 😀')).toBe(-1);
    expect(caracterInvalidoEn('')).toBe(-1);
    expect(caracterInvalidoEn('ab\u0000c')).toBe(2);
    expect(caracterInvalidoEn('\ud800')).toBe(0);
    expect(caracterInvalidoEn('x\udc00')).toBe(1);
    expect(caracterInvalidoEn('😀\ud83d')).toBe(2);
    expect(caracterInvalidoEn('\ude00\ud83d')).toBe(0); // a pair in the wrong order is two lone halves
  });

  it('coincide con la referencia en cualquier secuencia de unidades UTF-16', () => {
    fc.assert(
      fc.property(unidades, (s) => {
        const i = caracterInvalidoEn(s);
        expect(i < 0).toBe(almacenable(s));
        if (i >= 0) expect(almacenable(s.slice(0, i))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('zTexto', () => {
  it('rechaza NUL y sustitutos sueltos con un motivo en español, antes que las demás reglas', () => {
    const campo = zTexto().trim().min(1, 'Obligatorio.').max(5, 'Largo.');
    for (const malo of ['a\u0000', '\u0000', 'abcdefgh\ud800', '\udfff']) {
      const r = campo.safeParse(malo);
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual([MENSAJE_TEXTO_INVALIDO]);
    }
    expect(campo.parse('  hola ')).toBe('hola');
    expect(campo.parse('😀')).toBe('😀');
    expect(campo.safeParse('   ').error?.issues[0]?.message).toBe('Obligatorio.');
  });

  it('usa el motivo dado cuando falta el valor o no es texto', () => {
    expect(zTexto('El concepto es obligatorio.').safeParse(undefined).error?.issues[0]?.message).toBe(
      'El concepto es obligatorio.',
    );
    expect(zTexto('El concepto es obligatorio.').safeParse(3).error?.issues[0]?.message).toBe(
      'El concepto es obligatorio.',
    );
  });

  it('los esquemas de petición lo usan y nombran el campo', () => {
    const casos: [
      { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
      unknown,
      string,
    ][] = [
      [zOrdenGuardar, { titulo: 'a\u0000b', cliente: 1 }, 'titulo'],
      [zOrdenGuardar, { titulo: 'ok', detalle: 'x\ud800', cliente: 1 }, 'detalle'],
      [zCambioEstado, { estado: 2, comentarios: 'listo\u0000' }, 'comentarios'],
      [zFiltros, { buscar: '\udc00' }, 'buscar'],
      [zClienteGuardar, { nombre: 'Hotel', notas: 'a\u0000' }, 'notas'],
      [zStoreUser, { usuario: 'ana', nombre: 'Ana\ud800' }, 'nombre'],
      [zGastoEntrada, { fecha: Date.UTC(2026, 0, 1), concepto: 'x\u0000', monto: 5 }, 'concepto'],
    ];
    for (const [esquema, valor, campo] of casos) {
      const issues = esquema.safeParse(valor).error?.issues ?? [];
      expect(
        issues.map((i) => [i.path.join('.'), i.message]),
        campo,
      ).toContainEqual([campo, MENSAJE_TEXTO_INVALIDO]);
    }
  });
});

describe('zId', () => {
  it('acepta enteros JSON y decimales canónicos de 1 a 2147483647', () => {
    expect(zId.parse(1)).toBe(1);
    expect(zId.parse('1')).toBe(1);
    expect(zId.parse('907')).toBe(907);
    expect(zId.parse(ID_MAXIMO)).toBe(ID_MAXIMO);
    expect(zId.parse(String(ID_MAXIMO))).toBe(ID_MAXIMO);
  });

  it('rechaza lo que antes se convertía con indulgencia, con el motivo de siempre', () => {
    const malos: unknown[] = [
      '00001',
      '01',
      '1e3',
      '0x10',
      ' 1',
      '1 ',
      '+1',
      '-1',
      '1.0',
      '1.5',
      '',
      '١',
      '１',
      'NaN',
      'Infinity',
      true,
      false,
      null,
      [],
      [1],
      {},
      0,
      -1,
      1.5,
      ID_MAXIMO + 1,
      String(ID_MAXIMO + 1),
      '99999999999',
      Number.NaN,
    ];
    for (const v of malos) {
      const r = zId.safeParse(v);
      expect(r.success, JSON.stringify(v)).toBe(false);
      expect(
        r.error?.issues.map((i) => i.message),
        JSON.stringify(v),
      ).toEqual([RAZON_ID]);
    }
  });

  it('todo entero positivo int32 pasa como número y como texto, y vuelve igual', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: ID_MAXIMO }), (n) => {
        expect(zId.parse(n)).toBe(n);
        expect(zId.parse(String(n))).toBe(n);
        expect(zId.safeParse(`0${n}`).success).toBe(false);
      }),
    );
  });

  it('un texto pasa solo si es la forma canónica de su número', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '1', '9', '-', '+', ' ', '.', 'e'), maxLength: 12 }), (s) => {
        const n = Number(s);
        const canonico = Number.isInteger(n) && n >= 1 && n <= ID_MAXIMO && String(n) === s;
        expect(zId.safeParse(s).success, JSON.stringify(s)).toBe(canonico);
      }),
      { numRuns: 2000 },
    );
  });

  it('zIdCon cambia el motivo en todos los casos', () => {
    for (const v of [undefined, 'x', 0, '007']) {
      expect(
        zIdCon('Elija el cliente de la orden.')
          .safeParse(v)
          .error?.issues.map((i) => i.message),
      ).toEqual(['Elija el cliente de la orden.']);
    }
  });
});
