import { describe, expect, it } from 'vitest';
import { CONDICIONES_IVA, zDatosFacturacion, zResumenPublico } from './client-side.js';

const datos = {
  razonSocial: 'Ferretería Norte S.A.',
  cuit: '30-54668997-9',
  condicionIva: 'Responsable Inscripto',
  domicilioFiscal: 'Av. Siempreviva 742, Rosario',
  email: 'facturas@norte.com.ar',
};

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
