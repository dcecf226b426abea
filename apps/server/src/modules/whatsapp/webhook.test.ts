import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { esBaja, fechaDeWebhook, firmaValida, igualesEnTiempoConstante, leerWebhook } from './webhook.js';

describe('firmaValida', () => {
  const cuerpo = Buffer.from('{"object":"whatsapp_business_account","entry":[]}', 'utf8');
  const firma = `sha256=${createHmac('sha256', 'secreto').update(cuerpo).digest('hex')}`;

  it('acepta el HMAC-SHA256 del cuerpo crudo con el secreto de la app, en mayúsculas o minúsculas', () => {
    expect(firmaValida(cuerpo, firma, 'secreto')).toBe(true);
    expect(firmaValida(cuerpo, `sha256=${firma.slice(7).toUpperCase()}`, 'secreto')).toBe(true);
  });

  it('rechaza otro secreto, otro cuerpo (un byte), otro formato, ninguna firma y ningún secreto', () => {
    expect(firmaValida(cuerpo, firma, 'otro')).toBe(false);
    expect(firmaValida(Buffer.concat([cuerpo, Buffer.from(' ')]), firma, 'secreto')).toBe(false);
    expect(firmaValida(cuerpo, firma.slice(7), 'secreto')).toBe(false);
    expect(firmaValida(cuerpo, `sha1=${firma.slice(7)}`, 'secreto')).toBe(false);
    expect(firmaValida(cuerpo, `${firma}00`, 'secreto')).toBe(false);
    expect(firmaValida(cuerpo, undefined, 'secreto')).toBe(false);
    expect(firmaValida(cuerpo, firma, null)).toBe(false);
    expect(firmaValida(cuerpo, `sha256=${createHmac('sha256', '').update(cuerpo).digest('hex')}`, '')).toBe(false);
  });
});

it('igualesEnTiempoConstante compara textos de cualquier largo', () => {
  expect(igualesEnTiempoConstante('verificar', 'verificar')).toBe(true);
  expect(igualesEnTiempoConstante('verificar', 'verificaR')).toBe(false);
  expect(igualesEnTiempoConstante('verificar', 'verificar1')).toBe(false);
  expect(igualesEnTiempoConstante('', 'x')).toBe(false);
});

it('esBaja: «BAJA» sin espacios alrededor, tildes ni mayúsculas; nada más', () => {
  for (const t of ['BAJA', 'baja', ' Baja\n', 'bája', 'BÁJÀ', '\tbaja  ']) expect(esBaja(t), t).toBe(true);
  for (const t of ['bajas', 'dar de baja', 'BAJA!', 'b a j a', '', 'alta']) expect(esBaja(t), t).toBe(false);
});

it('fechaDeWebhook: segundos Unix, nunca después de ahora; sin fecha válida, ahora', () => {
  const ahora = new Date('2026-06-15T12:00:00Z');
  expect(fechaDeWebhook('1781524800', ahora)).toEqual(new Date(1781524800 * 1000));
  expect(fechaDeWebhook(String(ahora.getTime() / 1000 + 3600), ahora)).toEqual(ahora);
  for (const t of [undefined, '', 'x', '-5', '0']) expect(fechaDeWebhook(t, ahora)).toEqual(ahora);
});

describe('leerWebhook', () => {
  it('lee estados y mensajes de cada entrada y cambio, y salta cada ítem que no se entiende', () => {
    const cuerpo = {
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              value: {
                statuses: [
                  { id: 'wamid.1', status: 'delivered', timestamp: '1' },
                  { id: 5, status: 'read' },
                  null,
                  { id: 'wamid.2', status: 'failed', errors: [{ code: 131026, title: 'x', extra: true }] },
                ],
                messages: [
                  { id: 'wamid.3', from: '5491123456789', type: 'text', text: { body: 'BAJA' } },
                  { id: 'wamid.4', from: '5491123456789', type: 'image', image: { id: 'm' } },
                  { id: 'wamid.5', type: 'text', text: { body: 'sin remitente' } },
                ],
              },
            },
            { field: 'message_template_status_update', value: { event: 'APPROVED' } },
          ],
        },
        { changes: 'no es una lista' },
        'basura',
      ],
    };
    const { estados, mensajes } = leerWebhook(cuerpo);
    expect(estados.map((s) => [s.id, s.status])).toEqual([
      ['wamid.1', 'delivered'],
      ['wamid.2', 'failed'],
    ]);
    expect(estados[1]?.errors?.[0]?.code).toBe(131026);
    expect(mensajes.map((m) => [m.id, m.type])).toEqual([
      ['wamid.3', 'text'],
      ['wamid.4', 'image'],
    ]);
  });

  it('un cuerpo que no es de la Cloud API no da nada', () => {
    for (const c of [null, 1, 'x', [], { entry: {} }, { entry: [{ changes: [{ value: null }] }] }]) {
      expect(leerWebhook(c)).toEqual({ estados: [], mensajes: [] });
    }
  });
});
