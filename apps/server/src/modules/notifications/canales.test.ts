import { describe, expect, it } from 'vitest';
import { CANALES_POR_OMISION } from '@delego/contract';
import { canalesDeNotificacion, esCanal, eventoDeTipo, matrizDe } from './canales.js';

const todo = { app: true, push: true, correo: true, whatsapp: true };
const nada = { app: false, push: false, correo: false, whatsapp: false };

describe('canales de cada aviso', () => {
  it('cada tipo de notificación sigue su tipo de aviso; el incumplimiento sigue al «SLA por vencer»', () => {
    expect(eventoDeTipo('ORDEN_ASIGNADA')).toBe('ORDEN_ASIGNADA');
    expect(eventoDeTipo('ORDEN_ESTADO')).toBe('ORDEN_ESTADO');
    expect(eventoDeTipo('SLA_POR_VENCER')).toBe('SLA_POR_VENCER');
    expect(eventoDeTipo('SLA_INCUMPLIDO')).toBe('SLA_POR_VENCER');
    expect(eventoDeTipo('SOLICITUD_RECIBIDA')).toBe('SOLICITUD_RECIBIDA');
    expect(eventoDeTipo('ORDEN_QUITADA')).toBe('ORDEN_ASIGNADA');
    expect(eventoDeTipo('ORDEN_VENCIDA')).toBeNull();
    expect(eventoDeTipo('constructor')).toBeNull();
    expect(eventoDeTipo('orden_asignada')).toBeNull();
  });

  it('sin elección, la app y push; los demás tipos siempre la app y push, nunca correo ni WhatsApp', () => {
    const m = matrizDe([]);
    expect(m).toEqual(CANALES_POR_OMISION);
    expect(canalesDeNotificacion('ORDEN_ASIGNADA', m)).toEqual({
      evento: 'ORDEN_ASIGNADA',
      ...CANALES_POR_OMISION.ORDEN_ASIGNADA,
    });
    const todoEncendido = matrizDe([
      { evento: 'ORDEN_ASIGNADA', ...todo },
      { evento: 'ORDEN_ESTADO', ...todo },
      { evento: 'SLA_POR_VENCER', ...todo },
      { evento: 'SOLICITUD_RECIBIDA', ...todo },
    ]);
    expect(canalesDeNotificacion('mantenimiento', todoEncendido)).toEqual({
      evento: null,
      app: true,
      push: true,
      correo: false,
      whatsapp: false,
    });
  });

  it('el incumplimiento toma la app, push y correo del «SLA por vencer», pero nunca WhatsApp', () => {
    const m = matrizDe([{ evento: 'SLA_POR_VENCER', app: false, push: true, correo: true, whatsapp: true }]);
    expect(canalesDeNotificacion('SLA_POR_VENCER', m)).toEqual({
      evento: 'SLA_POR_VENCER',
      app: false,
      push: true,
      correo: true,
      whatsapp: true,
    });
    expect(canalesDeNotificacion('SLA_INCUMPLIDO', m)).toEqual({
      evento: 'SLA_POR_VENCER',
      app: false,
      push: true,
      correo: true,
      whatsapp: false,
    });
  });

  it('dejar de ser responsable sigue la elección de «Asignada a usted», nunca por WhatsApp', () => {
    const m = matrizDe([{ evento: 'ORDEN_ASIGNADA', app: true, push: false, correo: true, whatsapp: true }]);
    expect(canalesDeNotificacion('ORDEN_QUITADA', m)).toEqual({
      evento: 'ORDEN_ASIGNADA',
      app: true,
      push: false,
      correo: true,
      whatsapp: false,
    });
  });

  it('una fila de un tipo que no existe no cambia nada; las demás no se tocan entre sí', () => {
    const m = matrizDe([
      { evento: 'SLA_INCUMPLIDO', ...nada },
      { evento: 'OTRO', ...nada },
      { evento: 'ORDEN_ESTADO', ...nada },
    ]);
    expect(m).toEqual({ ...CANALES_POR_OMISION, ORDEN_ESTADO: nada });
    // A fresh copy: changing it leaves the contract's defaults as they were.
    m.ORDEN_ASIGNADA.correo = true;
    expect(CANALES_POR_OMISION.ORDEN_ASIGNADA.correo).toBe(false);
  });

  it('solo los cuatro canales son canales', () => {
    expect(['app', 'push', 'correo', 'whatsapp'].every(esCanal)).toBe(true);
    expect(esCanal('sms')).toBe(false);
    expect(esCanal('app; drop table x')).toBe(false);
  });
});
