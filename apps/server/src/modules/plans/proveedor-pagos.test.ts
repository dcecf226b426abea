import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { estadoDePagoMercadoPago, firmaMercadoPagoValida } from './proveedor-pagos.js';
import { resultadoDeTitular } from './proveedor-prueba.js';
import { motivoDeRechazo, unMesDespues } from './suscripciones.service.js';

const SECRETO = 'clave-secreta';

function firma(manifiesto: string, secreto = SECRETO): string {
  return createHmac('sha256', secreto).update(manifiesto).digest('hex');
}

describe('firmaMercadoPagoValida', () => {
  const base = { xRequestId: 'req-1', dataId: '123456', ahora: 1_700_000_000_000 };
  it('acepta el HMAC-SHA256 del manifiesto id;request-id;ts', () => {
    const v1 = firma('id:123456;request-id:req-1;ts:1700000000;');
    expect(firmaMercadoPagoValida({ ...base, xSignature: `ts=1700000000,v1=${v1}` }, SECRETO)).toBe(true);
  });
  it('un data.id alfanumérico va en minúsculas', () => {
    const v1 = firma('id:abc123;request-id:req-1;ts:1700000000;');
    expect(firmaMercadoPagoValida({ ...base, dataId: 'ABC123', xSignature: `ts=1700000000,v1=${v1}` }, SECRETO)).toBe(
      true,
    );
  });
  it('rechaza otra clave, otro id, otro ts, sin firma, mal formada, y todo sin clave configurada', () => {
    const v1 = firma('id:123456;request-id:req-1;ts:1700000000;');
    const casos = [
      { ...base, xSignature: `ts=1700000000,v1=${firma('id:123456;request-id:req-1;ts:1700000000;', 'otra')}` },
      { ...base, dataId: '123457', xSignature: `ts=1700000000,v1=${v1}` },
      { ...base, xSignature: `ts=1700000001,v1=${v1}` },
      { ...base, xRequestId: 'req-2', xSignature: `ts=1700000000,v1=${v1}` },
      { ...base, xSignature: undefined },
      { ...base, xSignature: 'basura' },
      { ...base, xSignature: `v1=${v1}` },
    ];
    for (const c of casos) expect(firmaMercadoPagoValida(c, SECRETO), JSON.stringify(c)).toBe(false);
    expect(
      firmaMercadoPagoValida(
        { ...base, xSignature: `ts=1700000000,v1=${firma('id:123456;request-id:req-1;ts:1700000000;', '')}` },
        '',
      ),
    ).toBe(false);
  });
  it('el ts de la firma (segundos) a más de 5 minutos del reloj del servidor se rechaza, hacia atrás y hacia adelante', () => {
    const v1 = firma('id:123456;request-id:req-1;ts:1700000000;');
    const firmada = { ...base, xSignature: `ts=1700000000,v1=${v1}` };
    for (const desfase of [-300_000, 0, 300_000]) {
      expect(firmaMercadoPagoValida({ ...firmada, ahora: base.ahora + desfase }, SECRETO), String(desfase)).toBe(true);
    }
    for (const desfase of [-301_000, 301_000, 24 * 3_600_000]) {
      expect(firmaMercadoPagoValida({ ...firmada, ahora: base.ahora + desfase }, SECRETO), String(desfase)).toBe(false);
    }
  });
});

describe('estados y motivos', () => {
  it('los estados de pago de MercadoPago', () => {
    expect(
      [
        'approved',
        'authorized',
        'pending',
        'in_process',
        'rejected',
        'cancelled',
        'refunded',
        'charged_back',
        undefined,
      ].map(estadoDePagoMercadoPago),
    ).toEqual([
      'aprobado',
      'aprobado',
      'pendiente',
      'pendiente',
      'rechazado',
      'rechazado',
      'reembolsado',
      'contracargo',
      'pendiente',
    ]);
  });
  it('el titular de prueba elige el resultado; cualquier otro nombre es OTHE', () => {
    expect(resultadoDeTitular('APRO')).toEqual({ estado: 'aprobado', detalle: 'accredited' });
    expect(resultadoDeTitular(' cont ')).toEqual({ estado: 'pendiente', detalle: 'pending_contingency' });
    expect(resultadoDeTitular('FUND Pérez')).toEqual({
      estado: 'rechazado',
      detalle: 'cc_rejected_insufficient_amount',
    });
    expect(resultadoDeTitular('Juan Pérez')).toEqual({ estado: 'rechazado', detalle: 'cc_rejected_other_reason' });
  });
  it('motivo en español, con uno genérico para lo desconocido', () => {
    expect(motivoDeRechazo('cc_rejected_bad_filled_date')).toBe('la fecha de vencimiento es incorrecta.');
    expect(motivoDeRechazo('algo_nuevo')).toBe('la tarjeta rechazó el pago (error general).');
  });
});

describe('unMesDespues', () => {
  it('el mismo día del mes siguiente, o el último día cuando no existe', () => {
    expect(unMesDespues(new Date('2026-11-24T10:00:00Z')).toISOString()).toBe('2026-12-24T10:00:00.000Z');
    expect(unMesDespues(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(unMesDespues(new Date('2026-12-31T23:00:00Z')).toISOString()).toBe('2027-01-31T23:00:00.000Z');
  });
});
