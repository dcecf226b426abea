import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorDeFecha, mascaraFecha, textoDeValorFecha, useZonaEmpresa } from './fechas';

describe('useZonaEmpresa', () => {
  it("is the contract's default zone (Buenos Aires) until companies get a setting", () => {
    expect(renderHook(() => useZonaEmpresa()).result.current).toBe('America/Argentina/Buenos_Aires');
  });
});

describe('mascaraFecha (what the date field shows while typing)', () => {
  it('puts in the slashes as the digits arrive, and drops anything else', () => {
    expect(mascaraFecha('0')).toBe('0');
    expect(mascaraFecha('02')).toBe('02');
    expect(mascaraFecha('021')).toBe('02/1');
    expect(mascaraFecha('0212')).toBe('02/12');
    expect(mascaraFecha('02122026')).toBe('02/12/2026');
    expect(mascaraFecha('02/12/2026')).toBe('02/12/2026');
    expect(mascaraFecha('02-12-2026')).toBe('02/12/2026');
    expect(mascaraFecha('02/12/20269')).toBe('02/12/2026');
    expect(mascaraFecha('ab')).toBe('');
  });

  it('turns a pasted yyyy-MM-dd around', () => {
    expect(mascaraFecha(' 2026-12-02 ')).toBe('02/12/2026');
  });

  it('a value that is a day reads dd/MM/yyyy; text stays as typed', () => {
    expect(textoDeValorFecha('2026-12-02')).toBe('02/12/2026');
    expect(textoDeValorFecha('02/1')).toBe('02/1');
    expect(textoDeValorFecha('')).toBe('');
  });
});

describe('errorDeFecha (Spanish, for the field and the forms)', () => {
  it('nothing for a day or an empty field', () => {
    expect(errorDeFecha('')).toBeUndefined();
    expect(errorDeFecha('2028-02-29')).toBeUndefined();
  });

  it('says which date does not exist, or how to write one', () => {
    expect(errorDeFecha('31/02/2026')).toBe('La fecha 31/02/2026 no es válida.');
    expect(errorDeFecha('2026-02-31')).toBe('La fecha 31/02/2026 no es válida.');
    expect(errorDeFecha('02/12')).toBe('Escriba la fecha como dd/mm/aaaa.');
  });
});
