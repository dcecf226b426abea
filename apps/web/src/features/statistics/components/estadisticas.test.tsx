import type {
  CalidadClientes,
  Dashboard,
  Desempeno,
  DemorasOrdenes,
  Grafico,
  TarjetaDashboard,
} from '@delego/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { guardarSesion } from '../../../lib/session';
import { makeOperario, makeSupervisor, makeUsuario } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { simularServidor } from '../../../test/servidor';
import { makeOrdenResumen } from '../../../test/ordenes';
import DashboardPage from './dashboard-page';
import DemoraPage from './demora-page';
import DemoraPorOrdenPage from './demora-por-orden-page';
import DemorasUsuarioPage from './demoras-usuario-page';
import DetalleGraficoOrdenesPage from './detalle-grafico-ordenes-page';
import EstadisticasPage from './estadisticas-page';

/** Ionic's first renders are slow on a loaded machine. */
const LENTO = 20_000;
const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';
// 01/11/2026 00:00 and 30/11/2026 23:59:59.999 in Argentina (UTC-3).
const INICIO_NOV = Date.UTC(2026, 10, 1, 3);
const FIN_NOV = Date.UTC(2026, 11, 1, 3) - 1;
const INICIO_OCT = Date.UTC(2026, 9, 1, 3);
const FIN_OCT = Date.UTC(2026, 10, 1, 3) - 1;

afterEach(() => {
  vi.useRealTimers();
});

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

function tarjeta(parcial: Partial<TarjetaDashboard> & Pick<TarjetaDashboard, 'clave' | 'titulo'>): TarjetaDashboard {
  return { valor: 0, unidad: 'ordenes', total: null, filtro: null, ...parcial };
}

function grafico(parcial: Partial<Grafico> = {}): Grafico {
  return {
    grafico: 'ordenes-por-estado',
    titulo: 'Órdenes por estado',
    tipo: 'dona',
    fechaDesde: INICIO_NOV,
    fechaHasta: FIN_NOV,
    categorias: [
      { clave: '1', nombre: 'Pendiente', cantidad: 7, filtro: { estados: [1] } },
      { clave: '2', nombre: 'En proceso', cantidad: 5, filtro: { estados: [2] } },
    ],
    series: [{ clave: 'ordenes', nombre: 'Órdenes', unidad: 'ordenes', valores: [7, 5] }],
    resumen: [{ clave: 'total', nombre: 'Total', valor: 12, unidad: 'ordenes' }],
    aviso: null,
    ...parcial,
  };
}

function makeDashboard(): Dashboard {
  return {
    fechaDesde: INICIO_NOV,
    fechaHasta: FIN_NOV,
    ahora: Date.UTC(2026, 10, 24, 15),
    tarjetas: [
      tarjeta({ clave: 'abiertas', titulo: 'Abiertas', valor: 1234, filtro: { estados: [1, 2, 3] } }),
      tarjeta({ clave: 'vencidas', titulo: 'Vencidas', valor: 3, filtro: { estados: [1, 2, 3], vencidas: true } }),
      tarjeta({ clave: 'medianaResolucion', titulo: 'Mediana de resolución', valor: 2.5, unidad: 'dias' }),
      tarjeta({ clave: 'porcentajeATiempo', titulo: 'A tiempo', valor: 80, unidad: 'porcentaje', total: 10 }),
      tarjeta({ clave: 'quotaUsada', titulo: 'Cupo usado', valor: null, total: null }),
    ],
    graficos: [grafico()],
  };
}

const CATALOGOS = {
  'GET /api/v2/tipoOrden/all': [],
  'GET /api/v3/areas/all': [],
  'GET /api/v2/usuarios/todos': [{ id: 4, usuario: 'operario', nombre: 'Diego', apellido: 'Sosa', email: null }],
};

describe('dashboard', () => {
  it(
    'shows the cards of GET /api/v2/dashboard, and a tap on a card opens the orders behind it',
    async () => {
      const llamadas = simularServidor({ ...CATALOGOS, 'GET /api/v2/dashboard': makeDashboard() });
      mostrar(<DashboardPage />, '/dashboard');
      const abiertas = await screen.findByTestId('tarjeta-abiertas');
      expect(abiertas).toHaveTextContent('1.234');
      expect(screen.getByTestId('tarjeta-medianaResolucion')).toHaveTextContent('2,5 días');
      expect(screen.getByTestId('tarjeta-porcentajeATiempo')).toHaveTextContent('80 %de 10 con vencimiento');
      expect(screen.getByTestId('tarjeta-quotaUsada')).toHaveTextContent('Sin límite');
      // A card without filters is not a button.
      expect(within(screen.getByTestId('tarjeta-medianaResolucion')).queryByRole('button')).toBeNull();
      expect(llamadas.de('POST', '/api/v4/dashboard')).toHaveLength(0);

      fireEvent.click(within(screen.getByTestId('tarjeta-vencidas')).getByRole('button'));
      await waitFor(() =>
        expect(screen.getByTestId('direccion')).toHaveTextContent(
          '/detalle-grafico-ordenes?estados=1,2,3&vencidas=1&titulo=Vencidas',
        ),
      );
    },
    LENTO,
  );

  it(
    'every chart figure is in its table, and a tap on a segment opens its orders',
    async () => {
      simularServidor({ ...CATALOGOS, 'GET /api/v2/dashboard': makeDashboard() });
      mostrar(<DashboardPage />, '/dashboard');
      const tabla = await screen.findByRole('table', { name: 'Órdenes por estado' });
      expect(within(tabla).getByRole('row', { name: /En proceso/ })).toHaveTextContent('5');
      fireEvent.click(within(tabla).getByRole('button', { name: 'En proceso' }));
      await waitFor(() =>
        expect(screen.getByTestId('direccion')).toHaveTextContent(
          '/detalle-grafico-ordenes?estados=2&titulo=Órdenes+por+estado:+En+proceso',
        ),
      );
    },
    LENTO,
  );

  it(
    'a chart without data does not invite a tap on its bars or segments',
    async () => {
      const dashboard = makeDashboard();
      dashboard.graficos = [
        grafico(),
        // A freshly registered company: its states at zero, and no areas at all.
        grafico({
          grafico: 'ordenes-por-tipo',
          titulo: 'Órdenes por tipo',
          series: [{ clave: 'ordenes', nombre: 'Órdenes', unidad: 'ordenes', valores: [0, 0] }],
        }),
        grafico({ grafico: 'ordenes-por-area', titulo: 'Órdenes por área', categorias: [], series: [] }),
      ];
      simularServidor({ ...CATALOGOS, 'GET /api/v2/dashboard': dashboard });
      mostrar(<DashboardPage />, '/dashboard');
      const PISTA = 'Toque una barra o un segmento para ver sus órdenes.';
      expect(await screen.findByTestId('grafico-ordenes-por-estado')).toHaveTextContent(PISTA);
      for (const id of ['grafico-ordenes-por-tipo', 'grafico-ordenes-por-area']) {
        expect(screen.getByTestId(id)).toHaveTextContent('Sin datos para este período.');
        expect(screen.getByTestId(id)).not.toHaveTextContent(PISTA);
      }
    },
    LENTO,
  );

  it(
    'another range or a filter asks POST /api/v4/dashboard with Argentina days',
    async () => {
      vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 15), toFake: ['Date'] });
      const llamadas = simularServidor({
        ...CATALOGOS,
        'GET /api/v2/dashboard': makeDashboard(),
        'POST /api/v4/dashboard': makeDashboard(),
      });
      mostrar(<DashboardPage />, '/dashboard?desde=2026-10-01&hasta=2026-10-31&responsable=4');
      await waitFor(() => expect(llamadas.de('POST', '/api/v4/dashboard')).toHaveLength(1));
      expect(llamadas.de('POST', '/api/v4/dashboard')[0]?.cuerpo).toEqual({
        fechaDesde: INICIO_OCT,
        fechaHasta: FIN_OCT,
        tipo: null,
        area: null,
        responsable: 4,
      });
      expect(llamadas.de('GET', '/api/v2/dashboard')).toHaveLength(0);
    },
    LENTO,
  );

  it(
    'shows the failure with a retry',
    async () => {
      simularServidor({
        ...CATALOGOS,
        'GET /api/v2/dashboard': () =>
          new Response(JSON.stringify({ message: 'Falla', code: 'ERROR_INTERNO' }), { status: 500 }),
      });
      mostrar(<DashboardPage />, '/dashboard');
      expect(await screen.findByTestId('estadisticas-error')).toHaveTextContent('Reintentar');
    },
    LENTO,
  );
});

describe('detalle-grafico-ordenes', () => {
  it(
    'lists the orders of the figure’s filters, the most urgent first, with the title as text',
    async () => {
      const llamadas = simularServidor({
        'POST /api/v4/ordenes/all/filtered': {
          ordenes: [makeOrdenResumen({ titulo: '<img src=x onerror=alert(1)>', numero: 77 })],
          total: 1,
          pagina: 0,
          porPagina: 25,
        },
      });
      mostrar(
        <DetalleGraficoOrdenesPage />,
        '/detalle-grafico-ordenes?estados=1,2,3&vencidas=1&responsable=4&titulo=Vencidas',
      );
      await waitFor(() => expect(screen.getByTestId('detalle-total')).toHaveTextContent('1 orden'));
      expect(screen.getByTestId('detalle-titulo')).toHaveTextContent('Vencidas');
      expect(screen.getByTestId('detalle-orden')).toHaveTextContent('#77 <img src=x onerror=alert(1)>');
      expect(document.querySelector('img')).toBeNull();
      expect(llamadas.de('POST', '/api/v4/ordenes/all/filtered')[0]?.cuerpo).toMatchObject({
        estados: [1, 2, 3],
        vencidas: true,
        responsable: 4,
        orden: 'vencimiento',
        pagina: 0,
      });
      fireEvent.click(screen.getByTestId('detalle-abrir-lista'));
      await waitFor(() =>
        expect(screen.getByTestId('direccion')).toHaveTextContent(
          '/home?estados=1,2,3&vencidas=1&responsable=4&orden=vencimiento',
        ),
      );
    },
    LENTO,
  );

  it(
    'without a session (the route is open) it asks to log in, and calls nothing',
    async () => {
      const llamadas = simularServidor({});
      renderConApp(<DetalleGraficoOrdenesPage />, { usuario: null, ruta: '/detalle-grafico-ordenes?estados=todas' });
      expect(await screen.findByTestId('estadisticas-requiere-sesion')).toBeInTheDocument();
      expect(llamadas).toHaveLength(0);
    },
    LENTO,
  );
});

describe('permissions', () => {
  it(
    'estadisticas without verEstadisticas says so and asks nothing of the server',
    async () => {
      const llamadas = simularServidor({});
      mostrar(<EstadisticasPage />, '/estadisticas', makeOperario());
      expect(await screen.findByTestId('estadisticas-sin-permiso')).toHaveTextContent('Ver estadísticas y tableros');
      expect(llamadas).toHaveLength(0);
    },
    LENTO,
  );

  it.each([
    ['/demora', <DemoraPage key="d" />],
    ['/demora-por-orden', <DemoraPorOrdenPage key="o" />],
    ['/demoras-usuario', <DemorasUsuarioPage key="u" />],
  ])(
    '%s without verEstadisticas says so and asks nothing of the server',
    async (ruta, pagina) => {
      const llamadas = simularServidor({});
      mostrar(pagina, ruta, makeOperario());
      expect(await screen.findByTestId('estadisticas-sin-permiso')).toBeInTheDocument();
      expect(llamadas).toHaveLength(0);
    },
    LENTO,
  );

  it(
    'the dashboard is every user’s: an operario sees it, without the link to Estadísticas',
    async () => {
      simularServidor({ ...CATALOGOS, 'GET /api/v2/dashboard': makeDashboard() });
      mostrar(<DashboardPage />, '/dashboard', makeUsuario({ globales: [] }));
      expect(await screen.findByTestId('tarjeta-abiertas')).toBeInTheDocument();
      expect(screen.queryByTestId('dashboard-estadisticas')).toBeNull();
    },
    LENTO,
  );
});

function makeDesempeno(): Desempeno {
  const base = {
    finalizadasConVencimiento: 0,
    finalizadasATiempo: 0,
    porcentajeATiempo: null,
    medianaDemoraDias: null,
    abiertas: 0,
    horas: 0,
    satisfaccion: null,
    encuestasRespondidas: 0,
    vencidasAbiertas: 0,
  };
  return {
    fechaDesde: INICIO_NOV,
    fechaHasta: FIN_NOV,
    satisfaccionDisponible: true,
    vencidasAbiertas: 2,
    responsables: [
      {
        ...base,
        responsable: { id: 4, usuario: 'operario', nombre: 'Diego', apellido: 'Sosa' },
        finalizadas: 10,
        finalizadasConVencimiento: 10,
        finalizadasATiempo: 9,
        porcentajeATiempo: 90,
        medianaDemoraDias: 0.75,
        horas: 12.5,
        satisfaccion: 4.5,
        encuestasRespondidas: 2,
        sinSeguimiento: 8,
        porcentajePrimeraVez: 80,
        conformes: 3,
        noConformes: 1,
        porcentajeConformidad: 75,
        filtroVencidas: { estados: [1, 2, 3], vencidas: true, responsable: 4 },
      },
      {
        ...base,
        responsable: { id: 5, usuario: 'lbenitez', nombre: 'Lucía', apellido: 'Benítez' },
        finalizadas: 4,
        finalizadasConVencimiento: 4,
        finalizadasATiempo: 2,
        porcentajeATiempo: 50,
        medianaDemoraDias: 3,
        vencidasAbiertas: 2,
        abiertas: 5,
        filtroVencidas: { estados: [1, 2, 3], vencidas: true, responsable: 5 },
      },
    ],
  };
}

function makeCalidadClientes(clientes: CalidadClientes['clientes'] = CALIDAD): CalidadClientes {
  return { fechaDesde: INICIO_NOV, fechaHasta: FIN_NOV, clientes };
}

const CALIDAD: CalidadClientes['clientes'] = [
  {
    // A name with markup stays text.
    cliente: { id: 3, nombre: 'Clínica <b>San</b> Martín' },
    finalizadas: 12,
    sinSeguimiento: 12,
    porcentajePrimeraVez: 100,
    conformes: 2,
    noConformes: 1,
    porcentajeConformidad: (2 / 3) * 100,
  },
  {
    cliente: null,
    finalizadas: 2,
    sinSeguimiento: 1,
    porcentajePrimeraVez: 50,
    conformes: 0,
    noConformes: 0,
    porcentajeConformidad: null,
  },
];

describe('demoras-usuario (scorecard)', () => {
  it(
    'shows the worst on-time first, what to act on, and opens a person’s late orders',
    async () => {
      const llamadas = simularServidor({
        'POST /api/v2/estadisticas/responsables/desempeno': makeDesempeno(),
        'POST /api/v2/estadisticas/clientes/calidad': makeCalidadClientes(),
      });
      mostrar(<DemorasUsuarioPage />, '/demoras-usuario?desde=2026-11-01&hasta=2026-11-30');
      const personas = await screen.findAllByTestId('desempeno-persona');
      expect(personas.map((p) => within(p).getByRole('heading').textContent)).toEqual(['Lucía Benítez', 'Diego Sosa']);
      expect(personas[0]).toHaveTextContent('50 % a tiempo');
      expect(personas[0]).toHaveTextContent('2 de 4');
      expect(personas[0]).toHaveTextContent('3 días');
      expect(personas[1]).toHaveTextContent('4,5 / 5 (2)');
      expect(personas[1]).toHaveTextContent('12:30 h');
      // A delay under a day is in days too, as on Demoras (it read «18 h»).
      expect(personas[1]).toHaveTextContent('Demora mediana0,75 días');
      expect(personas[1]).toHaveTextContent('A la primera80 % (8 de 10)');
      expect(personas[1]).toHaveTextContent('Conformidad75 % (3 de 4)');
      // Lucía's server sent no conformity answered: nothing to show, not «0 %».
      expect(personas[0]).toHaveTextContent('Conformidad—');

      const clientes = await screen.findAllByTestId('calidad-cliente');
      expect(clientes.map((c) => c.textContent)).toEqual([
        'Clínica <b>San</b> Martín12100 % (12 de 12)67 % (2 de 3)',
        'Sin cliente250 % (1 de 2)—',
      ]);
      expect(llamadas.de('POST', '/api/v2/estadisticas/clientes/calidad')[0]?.cuerpo).toEqual({
        fechaDesde: INICIO_NOV,
        fechaHasta: FIN_NOV,
      });
      expect(screen.getByTestId('desempeno-alertas')).toHaveTextContent(
        '2 órdenes vencidas sin finalizar, a cargo de 1 responsable.',
      );
      expect(llamadas[0]?.cuerpo).toEqual({ fechaDesde: INICIO_NOV, fechaHasta: FIN_NOV });

      fireEvent.click(within(personas[0]!).getByTestId('desempeno-ver-vencidas'));
      await waitFor(() =>
        expect(screen.getByTestId('direccion')).toHaveTextContent(
          '/detalle-grafico-ordenes?estados=1,2,3&vencidas=1&responsable=5&titulo=Vencidas+de+Lucía+Benítez',
        ),
      );
    },
    LENTO,
  );

  it(
    'Calidad por cliente says so when no order was finished, and offers to try again when it fails',
    async () => {
      simularServidor({
        'POST /api/v2/estadisticas/responsables/desempeno': makeDesempeno(),
        'POST /api/v2/estadisticas/clientes/calidad': makeCalidadClientes([]),
      });
      mostrar(<DemorasUsuarioPage />, '/demoras-usuario?desde=2026-11-01&hasta=2026-11-30');
      expect(await screen.findByTestId('calidad-clientes-vacio')).toHaveTextContent(
        'Ningún cliente tuvo órdenes finalizadas en noviembre de 2026.',
      );
    },
    LENTO,
  );

  it(
    'a range of chosen days reads well in the period and in the empty states',
    async () => {
      simularServidor({
        'POST /api/v2/estadisticas/responsables/desempeno': { ...makeDesempeno(), responsables: [] },
        'POST /api/v2/estadisticas/clientes/calidad': makeCalidadClientes([]),
      });
      mostrar(<DemorasUsuarioPage />, '/demoras-usuario?desde=2019-03-15&hasta=2019-04-20');
      expect(await screen.findByTestId('desempeno-vacio')).toHaveTextContent(
        'Nadie tuvo órdenes a cargo entre el 15/03/2019 y el 20/04/2019.',
      );
      expect(await screen.findByTestId('calidad-clientes-vacio')).toHaveTextContent(
        'Ningún cliente tuvo órdenes finalizadas entre el 15/03/2019 y el 20/04/2019.',
      );
      expect(screen.getByTestId('rango-texto')).toHaveTextContent(
        'Período: del 15/03/2019 al 20/04/2019, días completos en hora de Argentina.',
      );
    },
    LENTO,
  );
});

function makeDemoras(): DemorasOrdenes {
  return {
    fechaDesde: INICIO_NOV,
    fechaHasta: FIN_NOV,
    tipo: null,
    resumen: {
      conVencimiento: 10,
      finalizadasATiempo: 5,
      finalizadasConDemora: 2,
      vencidas: 1,
      enPlazo: 2,
      demoraPromedioDias: 1.5,
      demoraMedianaDias: 0.5,
    },
    ordenes: [],
    total: 3,
    pagina: 0,
    porPagina: 1,
  };
}

describe('demora', () => {
  let clic: MockInstance<() => void>;

  it(
    'shows the delay summary and exports through a one-use access token the browser opens',
    async () => {
      clic = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const url = `/api/v2/estadisticas/demora/export?fechaDesde=${INICIO_NOV}&fechaHasta=${FIN_NOV}&access=abc.def`;
      const llamadas = simularServidor({
        'POST /api/v2/estadisticas/demora/ordenes': makeDemoras(),
        'POST /api/v2/estadisticas/:grafico': (l) =>
          grafico({ grafico: l.ruta.split('/').pop()!, categorias: [], series: [] }),
        'POST /api/v2/estadisticas/demora/export/acceso': { access: 'abc.def', expira: Date.now() + 120_000, url },
      });
      mostrar(<DemoraPage />, '/demora?desde=2026-11-01&hasta=2026-11-30');
      expect(await screen.findByTestId('demora-vencidas')).toHaveTextContent('1');
      expect(screen.getByTestId('demora-mediana')).toHaveTextContent('0,5 días');
      expect(screen.getByTestId('demora-promedio')).toHaveTextContent('1,5 días');

      fireEvent.click(screen.getByTestId('demoras-exportar'));
      await waitFor(() => expect(clic).toHaveBeenCalledTimes(1));
      expect(llamadas.de('POST', '/api/v2/estadisticas/demora/export/acceso')[0]?.cuerpo).toEqual({
        fechaDesde: INICIO_NOV,
        fechaHasta: FIN_NOV,
        tipo: null,
      });
      const enlace = clic.mock.contexts[0] as HTMLAnchorElement;
      expect(enlace.getAttribute('href')).toBe(url);
      // The credentials never travel in the URL the browser opens.
      expect(enlace.getAttribute('href')).not.toContain(MD5);
    },
    LENTO,
  );
});

describe('range picker', () => {
  it(
    'a quick choice changes the address and asks again for those Argentina days; a wrong range is explained',
    async () => {
      vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 15), toFake: ['Date'] });
      const llamadas = simularServidor({ 'POST /api/v2/estadisticas/responsables/desempeno': makeDesempeno() });
      mostrar(<DemorasUsuarioPage />, '/demoras-usuario');
      await screen.findAllByTestId('desempeno-persona');
      // Without a range in the address: the current month.
      expect(llamadas[0]?.cuerpo).toEqual({ fechaDesde: INICIO_NOV, fechaHasta: FIN_NOV });
      expect(screen.getByTestId('rango-esteMes')).toMatchObject({ fill: 'solid' });
      expect(screen.getByTestId('rango-mesAnterior')).toMatchObject({ fill: 'outline' });

      fireEvent.click(screen.getByTestId('rango-mesAnterior'));
      await waitFor(() =>
        expect(screen.getByTestId('direccion')).toHaveTextContent('/demoras-usuario?desde=2026-10-01&hasta=2026-10-31'),
      );
      await waitFor(() => expect(llamadas.at(-1)?.cuerpo).toEqual({ fechaDesde: INICIO_OCT, fechaHasta: FIN_OCT }));
      expect(screen.getByTestId('rango-texto')).toHaveTextContent('octubre de 2026');

      const llamadasAntes = llamadas.length;
      fireEvent(screen.getByTestId('rango-desde'), new CustomEvent('ionInput', { detail: { value: '15/11/2026' } }));
      expect(await screen.findByTestId('rango-problema')).toHaveTextContent(
        'La fecha «Desde» no puede ser posterior a «Hasta». Período a la vista: octubre de 2026.',
      );
      expect(llamadas).toHaveLength(llamadasAntes);
    },
    LENTO,
  );
});

describe('demora-por-orden/:tipo', () => {
  it(
    'asks for that type’s late orders and shows each one’s situation and delay',
    async () => {
      const demoras = makeDemoras();
      demoras.tipo = { id: 3, nombre: 'Instalación' };
      demoras.ordenes = [
        {
          ...makeOrdenResumen({ numero: 41, titulo: 'Cambio de cerradura' }),
          fechaFin: Date.UTC(2026, 10, 10, 3),
          finalizada: null,
          situacion: 'vencida',
          demoraDias: 14.2,
        },
      ];
      demoras.total = 1;
      const llamadas = simularServidor({ 'POST /api/v2/estadisticas/demora/ordenes': demoras });
      mostrar(
        <Routes>
          <Route path="/demora-por-orden/:tipo" element={<DemoraPorOrdenPage />} />
        </Routes>,
        '/demora-por-orden/3?desde=2026-11-01&hasta=2026-11-30',
      );
      const orden = await screen.findByTestId('demora-orden');
      expect(orden).toHaveTextContent('#41 Cambio de cerradura');
      expect(orden).toHaveTextContent('Vencimiento 10/11/2026');
      expect(orden).toHaveTextContent('Vencida (abierta)');
      expect(orden).toHaveTextContent('14 días');
      expect(llamadas[0]?.cuerpo).toEqual({
        fechaDesde: INICIO_NOV,
        fechaHasta: FIN_NOV,
        tipo: 3,
        soloConDemora: true,
        pagina: 0,
      });
      expect(screen.getByTestId('demoras-total')).toHaveTextContent('1 orden');
    },
    LENTO,
  );

  it(
    'without late orders in a range of chosen days, says so in a whole sentence',
    async () => {
      const demoras = makeDemoras();
      demoras.tipo = { id: 3, nombre: 'Instalación' };
      demoras.total = 0;
      simularServidor({ 'POST /api/v2/estadisticas/demora/ordenes': demoras });
      mostrar(
        <Routes>
          <Route path="/demora-por-orden/:tipo" element={<DemoraPorOrdenPage />} />
        </Routes>,
        '/demora-por-orden/3?desde=2019-03-15&hasta=2019-04-20',
      );
      expect(await screen.findByTestId('demoras-vacio')).toHaveTextContent(
        'Ninguna orden que vence entre el 15/03/2019 y el 20/04/2019 se atrasó.',
      );
    },
    LENTO,
  );
});
