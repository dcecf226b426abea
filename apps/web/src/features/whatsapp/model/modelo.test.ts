import { CANALES_POR_OMISION, MENSAJE_WHATSAPP_SIN_NUMERO } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import { EL_12_DE_NOVIEMBRE, makeWhatsappCliente } from '../test-utils';
import { validarCanales } from './canales';
import { consentimientoVigente, sinCambios, valoresDeWhatsappCliente } from './cliente';
import { partesDePlantilla } from './plantillas';

describe('partesDePlantilla', () => {
  it('names each {{n}} by its parameter and keeps the text around it', () => {
    expect(partesDePlantilla('Orden #{{1}}: {{2}}.', ['Número', 'Título'])).toEqual([
      { tipo: 'texto', texto: 'Orden #' },
      { tipo: 'parametro', numero: 1, nombre: 'Número' },
      { tipo: 'texto', texto: ': ' },
      { tipo: 'parametro', numero: 2, nombre: 'Título' },
      { tipo: 'texto', texto: '.' },
    ]);
  });

  it('leaves a parameter without a name as written, and a text without parameters whole', () => {
    expect(partesDePlantilla('{{3}}', ['a'])).toEqual([{ tipo: 'parametro', numero: 3, nombre: '{{3}}' }]);
    expect(partesDePlantilla('<b>{x}</b>', [])).toEqual([{ tipo: 'texto', texto: '<b>{x}</b>' }]);
  });
});

describe('validarCanales', () => {
  const eventos = { ...CANALES_POR_OMISION, ORDEN_ESTADO: { app: true, push: true, correo: true, whatsapp: true } };

  it('normalises the number and keeps the boxes', () => {
    expect(validarCanales({ numero: '11 2345-6789', acepta: true, eventos })).toEqual({
      ok: true,
      datos: { numero: '+5491123456789', acepta: true, eventos },
    });
  });

  it('asks for what WhatsApp lacks: the number first, then the consent', () => {
    expect(validarCanales({ numero: ' ', acepta: true, eventos })).toEqual({
      ok: false,
      errores: { numero: MENSAJE_WHATSAPP_SIN_NUMERO },
    });
    expect(validarCanales({ numero: '+5491123456789', acepta: false, eventos })).toEqual({
      ok: false,
      errores: { acepta: MENSAJE_WHATSAPP_SIN_NUMERO },
    });
  });

  it('without WhatsApp anywhere, no number is needed; an empty number is sent as null', () => {
    expect(validarCanales({ numero: '', acepta: false, eventos: CANALES_POR_OMISION })).toEqual({
      ok: true,
      datos: { numero: null, acepta: false, eventos: CANALES_POR_OMISION },
    });
  });
});

describe('a client’s consent', () => {
  const optIn = { fecha: EL_12_DE_NOVIEMBRE, origen: 'verbal' as const, registradoPor: 'Ana Pérez' };

  it('is in force when given after the last opt-out', () => {
    expect(consentimientoVigente(makeWhatsappCliente({ optIn }))).toBe(true);
    expect(
      consentimientoVigente(makeWhatsappCliente({ optIn, optOut: { fecha: optIn.fecha + 1, origen: 'baja' } })),
    ).toBe(false);
    expect(
      consentimientoVigente(makeWhatsappCliente({ optIn, optOut: { fecha: optIn.fecha - 1, origen: 'empresa' } })),
    ).toBe(true);
    expect(consentimientoVigente(makeWhatsappCliente())).toBe(false);
  });

  it('is not recorded again for the same number written another way', () => {
    const w = makeWhatsappCliente({ numero: '+5491123456789', optIn });
    const v = valoresDeWhatsappCliente(w);
    expect(sinCambios({ ...v, numero: '011 15 2345-6789' }, w)).toBe(true);
    expect(sinCambios({ ...v, numero: '011 15 2345-6780' }, w)).toBe(false);
    expect(sinCambios({ ...v, origen: 'escrito' }, w)).toBe(false);
    expect(sinCambios({ ...v, optIn: false }, w)).toBe(false);
  });
});
