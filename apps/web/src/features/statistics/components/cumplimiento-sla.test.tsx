import type { ConteoPlazo, Cumplimiento, FilaCumplimiento } from '@delego/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { guardarSesion } from '../../../lib/session';
import { makeOperario, makeSupervisor } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor, type Llamada } from '../../../test/servidor';
import CumplimientoSlaPage from './cumplimiento-sla-page';
import EstadisticasPage from './estadisticas-page';

/** Ionic's first renders are slow on a loaded machine. */
const LENTO = 20_000;
const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';
// 01/11/2026 00:00 and 30/11/2026 23:59:59.999 in Argentina (UTC-3).
const INICIO_NOV = Date.UTC(2026, 10, 1, 3);
const FIN_NOV = Date.UTC(2026, 11, 1, 3) - 1;
const RUTA = '/cumplimiento-sla?desde=2026-11-01&hasta=2026-11-30';
const CUMPLIMIENTO = 'GET /api/v4/sla/cumplimiento';

function Direccion() {
  const { pathname, search } = useLocation();
  return <output data-testid="direccion">{decodeURIComponent(pathname + search)}</output>;
}

function mostrar(ui: React.ReactElement, ruta: string, usuario = makeSupervisor()) {
  guardarSesion({ usuario, md5: MD5 });
  return renderConApp(
    <>
      {ui}
      <Direccion />
    </>,
    { usuario, ruta },
  );
}

const conteo = (cumplidas: number, incumplidas: number, enCurso: number): ConteoPlazo => ({
  cumplidas,
  incumplidas,
  enCurso,
});

function fila(clave: string, nombre: string, respuesta: ConteoPlazo, resolucion: ConteoPlazo): FilaCumplimiento {
  const ordenes = Math.max(
    respuesta.cumplidas + respuesta.incumplidas + respuesta.enCurso,
    resolucion.cumplidas + resolucion.incumplidas + resolucion.enCurso,
  );
  return { clave, nombre, ordenes, respuesta, resolucion };
}

function makeCumplimiento(parcial: Partial<Cumplimiento> = {}): Cumplimiento {
  return {
    fechaDesde: INICIO_NOV,
    fechaHasta: FIN_NOV,
    por: 'cliente',
    filas: [
      // A name with markup stays text.
      fila('3', 'Clínica <b>San</b> Martín', conteo(1000, 200, 34), conteo(600, 400, 234)),
      fila('0', 'Sin cliente', conteo(0, 0, 2), conteo(0, 0, 2)),
    ],
    total: fila('total', 'Total', conteo(1000, 200, 36), conteo(600, 400, 236)),
    ...parcial,
  };
}

/** The answer to each call, by its `por`: the server's grouping echoed back. */
function porAgrupacion(l: Llamada) {
  const por = (l.query.get('por') ?? 'cliente') as Cumplimiento['por'];
  if (por === 'mes') {
    return makeCumplimiento({
      por,
      filas: [fila('2026-11', 'nov 2026', conteo(1000, 200, 36), conteo(600, 400, 236))],
    });
  }
  return makeCumplimiento({ por });
}

describe('cumplimiento de SLA', () => {
  it(
    'shows the company’s shares in time with their counts, a chart per group and every count in a table',
    async () => {
      const llamadas = simularServidor({ [CUMPLIMIENTO]: porAgrupacion });
      mostrar(<CumplimientoSlaPage />, RUTA);

      const respuesta = await screen.findByTestId('cumplimiento-respuesta');
      // 1.000 of 1.200 decided: 83 %; the ones running do not count.
      expect(respuesta).toHaveTextContent('83 %');
      expect(respuesta).toHaveTextContent('1.000 de 1.200 a tiempo');
      expect(respuesta).toHaveTextContent('36 en curso');
      const resolucion = screen.getByTestId('cumplimiento-resolucion');
      expect(resolucion).toHaveTextContent('60 %');
      expect(resolucion).toHaveTextContent('600 de 1.000 a tiempo');
      expect(resolucion).toHaveTextContent('236 en curso');
      expect(screen.getByTestId('cumplimiento-ordenes')).toHaveTextContent('1.236');

      // The range of the address, in whole Argentina days, and by client when the address says nothing.
      const [llamada] = llamadas.de('GET', '/api/v4/sla/cumplimiento');
      expect(llamada?.query.get('fechaDesde')).toBe(String(INICIO_NOV));
      expect(llamada?.query.get('fechaHasta')).toBe(String(FIN_NOV));
      expect(llamada?.query.get('por')).toBe('cliente');

      // The chart, as its table: the share of each target per group; «—» while none is decided.
      const grafico = screen.getByRole('table', { name: 'Porcentaje a tiempo por cliente' });
      const clinica = within(grafico).getByRole('row', { name: /Clínica <b>San<\/b> Martín/ });
      expect(
        within(clinica)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['83 %', '60 %']);
      const sinCliente = within(grafico).getByRole('row', { name: /Sin cliente/ });
      expect(
        within(sinCliente)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['—', '—']);

      // Every count per group, and the total.
      const tabla = within(screen.getByTestId('cumplimiento-tabla')).getByRole('table');
      const filas = within(tabla).getAllByTestId('cumplimiento-fila');
      expect(filas.map((f) => [...f.children].map((c) => c.textContent))).toEqual([
        ['Clínica <b>San</b> Martín', '1.234', '1.000', '200', '34', '83 %', '600', '400', '234', '60 %'],
        ['Sin cliente', '2', '0', '0', '2', '—', '0', '0', '2', '—'],
      ]);
      expect([...within(tabla).getByTestId('cumplimiento-fila-total').children].map((c) => c.textContent)).toEqual([
        'Total',
        '1.236',
        '1.000',
        '200',
        '36',
        '83 %',
        '600',
        '400',
        '236',
        '60 %',
      ]);
    },
    LENTO,
  );

  it(
    '«—» for the company when no target is decided yet',
    async () => {
      simularServidor({
        [CUMPLIMIENTO]: makeCumplimiento({
          filas: [fila('3', 'Clínica', conteo(0, 0, 4), conteo(0, 0, 4))],
          total: fila('total', 'Total', conteo(0, 0, 4), conteo(0, 0, 4)),
        }),
      });
      mostrar(<CumplimientoSlaPage />, RUTA);
      const respuesta = await screen.findByTestId('cumplimiento-respuesta');
      expect(respuesta).toHaveTextContent('—');
      expect(respuesta).toHaveTextContent('Ninguna decidida todavía');
      expect(respuesta).toHaveTextContent('4 en curso');
      expect(screen.getByTestId('cumplimiento-resolucion')).toHaveTextContent('—');
    },
    LENTO,
  );

  it(
    'another grouping asks again with `por`, and keeps it in the address with the range',
    async () => {
      const llamadas = simularServidor({ [CUMPLIMIENTO]: porAgrupacion });
      mostrar(<CumplimientoSlaPage />, RUTA);
      await screen.findByRole('table', { name: 'Porcentaje a tiempo por cliente' });

      fireEvent(screen.getByTestId('cumplimiento-agrupar'), new CustomEvent('ionChange', { detail: { value: 'mes' } }));

      const grafico = await screen.findByRole('table', { name: 'Porcentaje a tiempo por mes' });
      expect(within(grafico).getByRole('row', { name: /nov 2026/ })).toHaveTextContent('83 %');
      expect(screen.getByRole('heading', { name: 'Detalle por mes' })).toBeInTheDocument();
      const pedidas = llamadas.de('GET', '/api/v4/sla/cumplimiento');
      expect(pedidas.map((l) => l.query.get('por'))).toEqual(['cliente', 'mes']);
      expect(pedidas[1]?.query.get('fechaDesde')).toBe(String(INICIO_NOV));
      expect(screen.getByTestId('direccion')).toHaveTextContent(
        '/cumplimiento-sla?desde=2026-11-01&hasta=2026-11-30&por=mes',
      );
    },
    LENTO,
  );

  it(
    'opened with a grouping in the address, asks for it at once',
    async () => {
      const llamadas = simularServidor({ [CUMPLIMIENTO]: porAgrupacion });
      mostrar(<CumplimientoSlaPage />, `${RUTA}&por=responsable`);
      await screen.findByRole('table', { name: 'Porcentaje a tiempo por responsable' });
      expect(llamadas.de('GET', '/api/v4/sla/cumplimiento').map((l) => l.query.get('por'))).toEqual(['responsable']);
    },
    LENTO,
  );

  it(
    'without orders with a service level in the range, says where the policies are set',
    async () => {
      simularServidor({
        [CUMPLIMIENTO]: makeCumplimiento({
          filas: [],
          total: fila('total', 'Total', conteo(0, 0, 0), conteo(0, 0, 0)),
        }),
      });
      mostrar(<CumplimientoSlaPage />, RUTA);
      const vacio = await screen.findByTestId('cumplimiento-vacio');
      expect(vacio).toHaveTextContent('Ninguna orden creada en noviembre de 2026 tiene un nivel de servicio.');
      expect(vacio).toHaveTextContent('«Niveles de servicio»');
      expect(screen.queryByTestId('cumplimiento-totales')).toBeNull();
      fireEvent.click(screen.getByTestId('cumplimiento-ir-a-sla'));
      await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent(/^\/sla$/));
    },
    LENTO,
  );

  it(
    'a 403 of the server shows the no-permission state, as the other statistics',
    async () => {
      simularServidor({ [CUMPLIMIENTO]: errorDelServidor(403, 'No tiene permiso para ver estadísticas.') });
      mostrar(<CumplimientoSlaPage />, RUTA);
      expect(await screen.findByTestId('estadisticas-sin-permiso')).toHaveTextContent('Ver estadísticas y tableros');
      expect(screen.queryByTestId('estadisticas-error')).toBeNull();
    },
    LENTO,
  );

  it(
    'without verEstadisticas says so and asks nothing of the server',
    async () => {
      const llamadas = simularServidor({});
      mostrar(<CumplimientoSlaPage />, RUTA, makeOperario());
      expect(await screen.findByTestId('estadisticas-sin-permiso')).toHaveTextContent('Ver estadísticas y tableros');
      expect(llamadas).toHaveLength(0);
    },
    LENTO,
  );

  it(
    'another failure offers to try again',
    async () => {
      let veces = 0;
      simularServidor({
        [CUMPLIMIENTO]: () => (++veces === 1 ? errorDelServidor(500, 'Error interno.') : makeCumplimiento()),
      });
      mostrar(<CumplimientoSlaPage />, RUTA);
      const error = await screen.findByTestId('estadisticas-error');
      fireEvent.click(within(error).getByText('Reintentar'));
      expect(await screen.findByTestId('cumplimiento-respuesta')).toHaveTextContent('83 %');
    },
    LENTO,
  );

  it(
    'is reached from Estadísticas with the range chosen there',
    async () => {
      simularServidor({});
      mostrar(<EstadisticasPage />, '/estadisticas?desde=2026-10-01&hasta=2026-10-31');
      const enlace = await screen.findByTestId('enlace-cumplimiento-sla');
      expect(enlace).toHaveTextContent('Cumplimiento de SLA');
      // Spanish throughout: the plan's monthly orders are its «cupo».
      expect(screen.getByTestId('enlace-dashboard')).toHaveTextContent('Abiertas, vencidas, a tiempo y cupo usado');
      expect(document.body.textContent).not.toMatch(/quota/i);
      fireEvent.click(enlace);
      await waitFor(() =>
        expect(screen.getByTestId('direccion')).toHaveTextContent(
          '/cumplimiento-sla?desde=2026-10-01&hasta=2026-10-31',
        ),
      );
    },
    LENTO,
  );
});
