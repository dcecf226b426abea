import { SEMANA_POR_DEFECTO, type CalendarioHabilVista, type SlaOrden } from '@delego/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crearQueryClientDePrueba } from '../../test/render';
import { hora, makePlazoOrden, makeSlaOrden } from '../../test/sla';
import { CuentaRegresivaSla, NivelDeServicioDeOrden } from './cuenta-regresiva-sla';
import { slaKeys } from './keys';

const CALENDARIO: CalendarioHabilVista = {
  zona: 'America/Argentina/Buenos_Aires',
  semana: SEMANA_POR_DEFECTO,
  anios: [2026, 2027],
  feriados: [],
};

afterEach(() => {
  vi.useRealTimers();
});

/** Renders at a fixed instant with the company's calendar already read (nothing is fetched). */
function mostrar(ui: React.ReactElement, ahora: number) {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: ahora });
  const qc = crearQueryClientDePrueba();
  qc.setQueryData(slaKeys.calendario(), CALENDARIO);
  return render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
}

const lista = (sla: SlaOrden, ahora: number) => mostrar(<CuentaRegresivaSla sla={sla} />, ahora);

describe('the countdown of an order’s service level (issue 34)', () => {
  it('green under 80 % of the response target used', () => {
    lista(makeSlaOrden(), hora('2026-03-02', '10:00'));
    const cuenta = screen.getByTestId('sla-cuenta');
    expect(cuenta).toHaveTextContent('Respuesta Vence en 3 h hábiles');
    expect(cuenta).toHaveAttribute('data-nivel', 'verde');
    expect(cuenta).toHaveClass('sla-cuenta--verde');
  });

  it('amber from 80 %, and it moves on by itself each minute', () => {
    lista(makeSlaOrden(), hora('2026-03-02', '12:12'));
    const cuenta = screen.getByTestId('sla-cuenta');
    expect(cuenta).toHaveTextContent('Vence en 48 min hábiles');
    expect(cuenta).toHaveAttribute('data-nivel', 'ambar');
    // The clock wakes just after the minute turns.
    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(screen.getByTestId('sla-cuenta')).toHaveTextContent('Vence en 47 min hábiles');
    act(() => {
      vi.advanceTimersByTime(47 * 60_000);
    });
    expect(screen.getByTestId('sla-cuenta')).toHaveTextContent('Vencida hace menos de 1 min hábil');
    expect(screen.getByTestId('sla-cuenta')).toHaveAttribute('data-nivel', 'rojo');
  });

  it('red once due, counting business hours only', () => {
    lista(makeSlaOrden(), hora('2026-03-02', '15:00'));
    expect(screen.getByTestId('sla-cuenta')).toHaveTextContent('Vencida hace 2 h hábiles');
    expect(screen.getByTestId('sla-cuenta')).toHaveAttribute('data-nivel', 'rojo');
  });

  it('«En pausa» while the order waits: the clock stopped at the pause', () => {
    lista(makeSlaOrden({ pausadaDesde: hora('2026-03-02', '10:00') }), hora('2026-03-03', '17:00'));
    expect(screen.getByTestId('sla-cuenta')).toHaveTextContent('En pausa · quedan 3 h hábiles');
    expect(screen.getByTestId('sla-cuenta')).toHaveAttribute('data-nivel', 'pausa');
  });

  it('after the response, the resolution runs; with both met (or no service level) the list shows nothing', () => {
    const respondida = makePlazoOrden({ cumplidaEn: hora('2026-03-02', '11:00') });
    const { unmount } = lista(makeSlaOrden({ respuesta: respondida }), hora('2026-03-02', '10:00'));
    expect(screen.getByTestId('sla-cuenta')).toHaveTextContent('Resolución Vence en 1 día 8 h hábiles');
    unmount();
    const resuelta = makePlazoOrden({ cumplidaEn: hora('2026-03-02', '12:00') });
    lista(makeSlaOrden({ respuesta: respondida, resolucion: resuelta }), hora('2026-03-02', '10:00'));
    expect(screen.queryByTestId('sla-cuenta')).toBeNull();
  });

  it('the detail shows both targets with the policy: answered on time, resolved late', () => {
    const sla = makeSlaOrden({
      respuesta: makePlazoOrden({ cumplidaEn: hora('2026-03-02', '11:00') }),
      resolucion: makePlazoOrden({
        objetivo: { cantidad: 2, unidad: 'dias' },
        totalMs: 18 * 3_600_000,
        vence: hora('2026-03-03', '18:00'),
        cumplidaEn: hora('2026-03-04', '10:00'),
      }),
    });
    mostrar(<NivelDeServicioDeOrden sla={sla} />, hora('2026-03-05', '10:00'));
    expect(screen.getByTestId('sla-orden-politica')).toHaveTextContent(
      'Política «Estándar» · el tiempo En espera no cuenta',
    );
    const respuesta = screen.getByTestId('sla-respuesta');
    expect(respuesta).toHaveTextContent('Respondida a tiempo');
    expect(respuesta).toHaveTextContent('4 h hábiles · 02/03/2026 11:00');
    expect(screen.getByTestId('sla-respuesta-estado')).toHaveAttribute('data-nivel', 'cumplida');
    const resolucion = screen.getByTestId('sla-resolucion');
    expect(resolucion).toHaveTextContent('Resuelta fuera de plazo');
    expect(resolucion).toHaveTextContent('2 días hábiles');
    expect(screen.getByTestId('sla-resolucion-estado')).toHaveAttribute('data-nivel', 'rojo');
  });

  it('the detail shows a running target with its due instant, and leaves out a target the policy has not', () => {
    mostrar(<NivelDeServicioDeOrden sla={makeSlaOrden({ respuesta: null })} />, hora('2026-03-03', '16:30'));
    expect(screen.queryByTestId('sla-respuesta')).toBeNull();
    const resolucion = screen.getByTestId('sla-resolucion');
    expect(resolucion).toHaveTextContent('Vence en 1 h hábil');
    expect(resolucion).toHaveTextContent('vence 03/03/2026 18:00');
    expect(screen.getByTestId('sla-resolucion-estado')).toHaveAttribute('data-nivel', 'ambar');
  });
});
