import { z } from 'zod';
import { zTexto } from './common.js';

/**
 * The CUIT/CUIL rule, once for every form that asks for one (the client's record, the sign-up, the
 * billing form): NN-NNNNNNNN-N, dashes, spaces and dots optional, stored with dashes, and the AFIP
 * check digit right (issue 36: the client form saved `20-12345678-0`).
 */

export const MENSAJES_CUIT = {
  obligatorio: 'El CUIT es obligatorio.',
  formato: 'El CUIT debe tener el formato NN-NNNNNNNN-N (11 dígitos).',
  invalido: 'El CUIT no es válido: el dígito verificador no coincide.',
} as const;

/** As stored: NN-NNNNNNNN-N. */
export const CUIT_REGEX = /^\d{2}-\d{8}-\d$/;

const PESOS_CUIT = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/**
 * The check digit of a CUIT/CUIL from its first 10 digits (modulo 11 with the AFIP weights 5 4 3
 * 2 7 6 5 4 3 2): 11 minus the remainder, 0 when that is 11. A remainder that gives 10 has no
 * valid digit (AFIP changes the prefix instead): null.
 */
export function digitoVerificadorCuit(diezDigitos: string): number | null {
  if (!/^\d{10}$/.test(diezDigitos)) return null;
  let suma = 0;
  for (let i = 0; i < 10; i++) suma += Number(diezDigitos[i]) * (PESOS_CUIT[i] as number);
  const d = 11 - (suma % 11);
  if (d === 11) return 0;
  if (d === 10) return null;
  return d;
}

/** Whether a CUIT (NN-NNNNNNNN-N, or 11 digits) has the right check digit. */
export function cuitValido(cuit: string): boolean {
  const digitos = cuit.replace(/-/g, '');
  if (!/^\d{11}$/.test(digitos) || !/^(\d{11}|\d{2}-\d{8}-\d)$/.test(cuit)) return false;
  return digitoVerificadorCuit(digitos.slice(0, 10)) === Number(digitos[10]);
}

/** A CUIT that is there: the format, the check digit, and the stored form. */
const cuitPresente = (vacio: string) =>
  zTexto(vacio)
    .trim()
    .min(1, vacio)
    .max(20, MENSAJES_CUIT.formato)
    .transform((s) => s.replace(/[\s.]/g, ''))
    .refine((s) => /^(\d{11}|\d{2}-\d{8}-\d)$/.test(s), { message: MENSAJES_CUIT.formato, abort: true })
    .refine(cuitValido, MENSAJES_CUIT.invalido)
    .transform((s) => {
      const d = s.replace(/-/g, '');
      return `${d.slice(0, 2)}-${d.slice(2, 10)}-${d.slice(10)}`;
    });

/** A CUIT that must be there (the billing form). */
export const zCuitObligatorio = cuitPresente(MENSAJES_CUIT.obligatorio);

/** A CUIT that may be left empty (the client's record, the sign-up): empty is null. */
export const zCuit = z
  .preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    cuitPresente(MENSAJES_CUIT.obligatorio).nullable(),
  )
  .optional();
