import { describe, expect, it } from 'vitest';
import {
  CONDICIONES_IVA,
  cuitValido,
  digitoVerificadorCuit,
  zDatosFacturacion,
  zCuitFacturacion,
  zResumenPublico,
} from './cliente-publico.js';

const datos = {
  razonSocial: 'Ferretería Norte S.A.',
  cuit: '30-54668997-9',
  condicionIva: 'Responsable Inscripto',
  domicilioFiscal: 'Av. Siempreviva 742, Rosario',
  email: 'facturas@norte.com.ar',
};

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
    expect(zCuitFacturacion.parse('33693450239')).toBe('33-69345023-9');
    expect(zCuitFacturacion.parse(' 33-69345023-9 ')).toBe('33-69345023-9');
    const malDigito = zCuitFacturacion.safeParse('33-69345023-8');
    expect(malDigito.success).toBe(false);
    expect(malDigito.error?.issues.map((i) => i.message)).toEqual([
      'El CUIT no es válido: el dígito verificador no coincide.',
    ]);
    const malFormato = zCuitFacturacion.safeParse('12-34');
    expect(malFormato.error?.issues.map((i) => i.message)).toEqual([
      'El CUIT debe tener el formato NN-NNNNNNNN-N (11 dígitos).',
    ]);
  });
});

describe('zDatosFacturacion', () => {
  it('takes the five fields', () => {
    expect(zDatosFacturacion.parse(datos)).toEqual(datos);
    for (const c of CONDICIONES_IVA)
      expect(zDatosFacturacion.safeParse({ ...datos, condicionIva: c }).success).toBe(true);
  });

  it('refuses an unknown IVA condition, a 10 KB razón social and a missing field, naming the field', () => {
    const iva = zDatosFacturacion.safeParse({ ...datos, condicionIva: 'Otro' });
    expect(iva.error?.issues[0]?.path).toEqual(['condicionIva']);
    expect(iva.error?.issues[0]?.message).toMatch(/condición frente al IVA/);
    const largo = zDatosFacturacion.safeParse({ ...datos, razonSocial: 'x'.repeat(10_240) });
    expect(largo.error?.issues[0]?.path).toEqual(['razonSocial']);
    expect(largo.error?.issues[0]?.message).toBe('La razón social admite hasta 200 caracteres.');
    const sinDomicilio = zDatosFacturacion.safeParse({ ...datos, domicilioFiscal: '  ' });
    expect(sinDomicilio.error?.issues[0]?.message).toBe('El domicilio fiscal es obligatorio.');
    const email = zDatosFacturacion.safeParse({ ...datos, email: 'no-es-un-email' });
    expect(email.error?.issues[0]?.path).toEqual(['email']);
  });

  it('keeps HTML as plain text (the screens show it as text)', () => {
    expect(zDatosFacturacion.parse({ ...datos, razonSocial: '<b>ACME</b>' }).razonSocial).toBe('<b>ACME</b>');
  });
});

describe('zResumenPublico', () => {
  it('is a whitelist: keys it does not name are dropped', () => {
    const r = zResumenPublico.parse({
      entidad: { nombre: 'E', logo: null, cuit: '30-1' },
      orden: {
        id: 7,
        numero: 1,
        titulo: 't',
        detalle: 'secreto',
        estado: { id: 1, nombre: 'Pendiente', color: 'medium' },
        creada: 1,
        fechaInicio: null,
        fechaFin: null,
        finalizada: null,
        responsables: ['Ana'],
      },
      historial: [],
      archivos: [],
      facturacionPendiente: false,
      encuestaPendiente: false,
      leido: 1,
    });
    expect(r.orden).not.toHaveProperty('id');
    expect(r.orden).not.toHaveProperty('detalle');
    expect(r.entidad).not.toHaveProperty('cuit');
  });
});
