import { describe, expect, it } from 'vitest';
import { leerDetalle, rutaDeDetalle } from './detalle';

const AR = 'America/Argentina/Buenos_Aires';
const INICIO_NOV = Date.UTC(2026, 10, 1, 3); // 01/11/2026 00:00 in Argentina
const FIN_NOV = Date.UTC(2026, 11, 1, 3) - 1; // 30/11/2026 23:59:59.999 in Argentina

function params(ruta: string): URLSearchParams {
  return new URLSearchParams(ruta.split('?')[1]);
}

describe('detalle-grafico-ordenes address', () => {
  it('writes a figure’s filters with the order list’s parameters and reads the same filters back', () => {
    const ruta = rutaDeDetalle(
      { estados: [1, 2, 3], responsable: 4, fechaDesde: INICIO_NOV, fechaHasta: FIN_NOV, campoFecha: 'fechaFin' },
      'Vencen esta semana',
      AR,
    );
    expect(ruta).toBe(
      '/detalle-grafico-ordenes?estados=1%2C2%2C3&responsable=4&desde=2026-11-01&hasta=2026-11-30&fecha=fechaFin&titulo=Vencen+esta+semana',
    );
    const leido = leerDetalle(params(ruta), AR);
    expect(leido?.titulo).toBe('Vencen esta semana');
    expect(leido?.filtros).toMatchObject({
      estados: [1, 2, 3],
      responsable: 4,
      cliente: null,
      fechaDesde: INICIO_NOV,
      fechaHasta: FIN_NOV,
      campoFecha: 'fechaFin',
      vencidas: null,
      orden: 'vencimiento',
    });
    // The same filters for the order list, without the title.
    expect(leido?.consultaLista).toBe(
      '?estados=1%2C2%2C3&responsable=4&desde=2026-11-01&hasta=2026-11-30&fecha=fechaFin&orden=vencimiento',
    );
  });

  it('writes «every state» explicitly (the list reads a missing one as the open ones) and keeps overdue', () => {
    const ruta = rutaDeDetalle({ vencidas: true, tipo: 7 }, 'Vencidas', AR);
    expect(params(ruta).get('estados')).toBe('todas');
    const leido = leerDetalle(params(ruta), AR);
    expect(leido?.filtros).toMatchObject({ estados: null, vencidas: true, tipo: 7, fechaDesde: null });
  });

  it('drops what is not a filter of the list (unknown states, bad ids) and has nothing without states', () => {
    const leido = leerDetalle(new URLSearchParams('estados=2,99&cliente=abc&area=0&titulo=%3Cb%3Ex%3C/b%3E'), AR);
    expect(leido?.filtros).toMatchObject({ estados: [2], cliente: null, area: null });
    // The title is text: shown as typed, never as HTML.
    expect(leido?.titulo).toBe('<b>x</b>');
    expect(leerDetalle(new URLSearchParams('cliente=3'), AR)).toBeNull();
  });
});
