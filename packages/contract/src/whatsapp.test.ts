import { describe, expect, it } from 'vitest';
import {
  descripcionMensajeWhatsapp,
  MENSAJE_NUMERO_WHATSAPP,
  normalizarWhatsapp,
  textoDePlantilla,
  zGuardarWhatsappCliente,
  zNumeroWhatsappOpcional,
} from './whatsapp.js';

describe('normalizarWhatsapp', () => {
  it.each([
    ['+54 9 11 2345-6789', '+5491123456789'],
    ['+54 11 2345-6789', '+5491123456789'],
    ['+54 11 15 2345-6789', '+5491123456789'],
    ['011 15 2345-6789', '+5491123456789'],
    ['(011) 2345-6789', '+5491123456789'],
    ['11 2345 6789', '+5491123456789'],
    ['0351 15 123-4567', '+5493511234567'],
    ['0351 153 123456', '+5493513123456'],
    ['0294 15 412-3456', '+5492944123456'],
    ['5491123456789', '+5491123456789'],
    ['0054 9 11 2345 6789', '+5491123456789'],
    ['+34 612 34 56 78', '+34612345678'],
    ['+1 (415) 555-0100', '+14155550100'],
  ])('%s → %s', (entrada, esperado) => {
    expect(normalizarWhatsapp(entrada)).toBe(esperado);
  });

  it.each([
    '',
    '1234',
    '2345-6789',
    '+54 9 11 2345',
    '+0 123 456 789',
    'hola',
    '+54 9 011 2345 6789 1',
    '+1234567890123456',
  ])('refuses %j', (entrada) => {
    expect(normalizarWhatsapp(entrada)).toBeNull();
  });

  it('a field gives the Spanish reason, and empty clears', () => {
    const r = zNumeroWhatsappOpcional.safeParse('2345-6789');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(MENSAJE_NUMERO_WHATSAPP);
    expect(zNumeroWhatsappOpcional.parse('')).toBeNull();
  });

  it('an opt-in needs the number and how it was given, each at its field', () => {
    const r = zGuardarWhatsappCliente.safeParse({ numero: null, optIn: true });
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['numero', 'origen']);
    expect(zGuardarWhatsappCliente.parse({ numero: '11 2345 6789', optIn: true, origen: 'verbal' }).numero).toBe(
      '+5491123456789',
    );
  });
});

describe('texts', () => {
  it('fills a template and describes a message as the history shows it', () => {
    expect(textoDePlantilla('ORDEN_ESTADO', ['12', 'Aire', 'Finalizada', 'https://x/ordersummary/k'])).toBe(
      'La orden #12 (Aire) pasó a Finalizada. Véala aquí: https://x/ordersummary/k',
    );
    expect(
      descripcionMensajeWhatsapp({
        destinatario: { tipo: 'cliente', nombre: 'Clínica' },
        estado: 'leido',
        estados: [
          { estado: 'enviado', fecha: 1 },
          { estado: 'entregado', fecha: 2 },
          { estado: 'leido', fecha: 3 },
        ],
      }),
    ).toBe('WhatsApp a Cliente: enviado, entregado, leído');
  });
});
