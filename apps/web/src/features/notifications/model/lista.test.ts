import type { Notificacion } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import {
  agregarNotificacion,
  contarNoLeidas,
  marcarComoLeida,
  ordenarRecientes,
  rutaDeNotificacion,
  textoInsignia,
} from './lista';

const n = (id: number, fecha: number, leida = false): Notificacion => ({
  id,
  tipo: 'ORDEN_ESTADO',
  titulo: `N${id}`,
  mensaje: '',
  ordenId: id * 10,
  fecha,
  leida,
});

describe('notification list rules', () => {
  it('newest first; the id breaks ties', () => {
    expect(ordenarRecientes([n(1, 100), n(3, 300), n(2, 300)]).map((x) => x.id)).toEqual([3, 2, 1]);
  });

  it('adds an arrival once, in its place', () => {
    const lista = [n(2, 200), n(1, 100)];
    expect(agregarNotificacion(lista, n(3, 300)).map((x) => x.id)).toEqual([3, 2, 1]);
    expect(agregarNotificacion(lista, n(2, 200, true))).toEqual([n(2, 200, true), n(1, 100)]);
  });

  it('counts the unread and marks one read', () => {
    const lista = [n(1, 1), n(2, 2, true), n(3, 3)];
    expect(contarNoLeidas(lista)).toBe(2);
    expect(contarNoLeidas(marcarComoLeida(lista, 3))).toBe(1);
    expect(contarNoLeidas(undefined)).toBe(0);
  });

  it('opens the order, a request’s the requests (issue 33), or the list when there is none', () => {
    expect(rutaDeNotificacion({ ordenId: 42, tipo: 'ORDEN_ASIGNADA' })).toBe('/orden/42');
    expect(rutaDeNotificacion({ ordenId: null, tipo: 'SOLICITUD_RECIBIDA' })).toBe('/solicitudes');
    expect(rutaDeNotificacion({ ordenId: null, tipo: 'FACTURACION_RECIBIDA' })).toBe('/notificaciones');
  });

  it('the badge stops at 99+', () => {
    expect(textoInsignia(7)).toBe('7');
    expect(textoInsignia(100)).toBe('99+');
  });
});
