import { describe, expect, it } from 'vitest';
import { cuitValido, digitoVerificadorCuit, zCuit, zCuitObligatorio } from './cuit.js';

describe('CUIT', () => {
  it('computes the check digit with the AFIP weights', () => {
    expect(digitoVerificadorCuit('3369345023')).toBe(9); // AFIP
    expect(digitoVerificadorCuit('3054668997')).toBe(9); // YPF
    expect(digitoVerificadorCuit('2012345678')).toBe(6);
    // 11 - 0 = 11 gives 0
    expect(digitoVerificadorCuit('2000000006')).toBe(0);
    expect(digitoVerificadorCuit('123')).toBeNull();
  });

  it('has no valid digit when the remainder is 1 (the check would be 10)', () => {
    const sinDigito = Array.from({ length: 1000 }, (_, i) => `20${String(i).padStart(8, '0')}`).find(
      (d) => [...d].reduce((s, c, i) => s + Number(c) * ([5, 4, 3, 2, 7, 6, 5, 4, 3, 2][i] ?? 0), 0) % 11 === 1,
    );
    expect(sinDigito).toBeDefined();
    expect(digitoVerificadorCuit(sinDigito as string)).toBeNull();
    for (let d = 0; d <= 9; d++) expect(cuitValido(`${sinDigito as string}${d}`)).toBe(false);
  });

  it.each(['33-69345023-9', '30-54668997-9', '20-12345678-6', '33693450239', '20-00000006-0'])('accepts %s', (c) => {
    expect(cuitValido(c)).toBe(true);
  });

  it.each(['33-69345023-8', '30-54668997-0', '20-12345678-5', '2012345678', '20-1234567-86', 'ab-cdefghij-k', ''])(
    'refuses %s',
    (c) => {
      expect(cuitValido(c)).toBe(false);
    },
  );

  it('normalizes to NN-NNNNNNNN-N and says why it refuses, in Spanish', () => {
    expect(zCuitObligatorio.parse('33693450239')).toBe('33-69345023-9');
    expect(zCuitObligatorio.parse(' 33-69345023-9 ')).toBe('33-69345023-9');
    const malDigito = zCuitObligatorio.safeParse('33-69345023-8');
    expect(malDigito.success).toBe(false);
    expect(malDigito.error?.issues.map((i) => i.message)).toEqual([
      'El CUIT no es válido: el dígito verificador no coincide.',
    ]);
    const malFormato = zCuitObligatorio.safeParse('12-34');
    expect(malFormato.error?.issues.map((i) => i.message)).toEqual([
      'El CUIT debe tener el formato NN-NNNNNNNN-N (11 dígitos).',
    ]);
  });

  it('the optional CUIT (client record, sign-up) is the same rule: empty is null, a wrong digit is refused', () => {
    expect(zCuit.parse('')).toBeNull();
    expect(zCuit.parse('  ')).toBeNull();
    expect(zCuit.parse(undefined)).toBeUndefined();
    expect(zCuit.parse('20123456786')).toBe('20-12345678-6');
    expect(zCuit.safeParse('20-12345678-0').error?.issues.map((i) => i.message)).toEqual([
      'El CUIT no es válido: el dígito verificador no coincide.',
    ]);
    expect(zCuit.safeParse('30-1234-5').error?.issues.map((i) => i.message)).toEqual([
      'El CUIT debe tener el formato NN-NNNNNNNN-N (11 dígitos).',
    ]);
  });
});
