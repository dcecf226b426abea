import type { HistorialEquipo } from '@delego/contract';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makePropietario, makeUsuario } from '../../../test/factories';
import { responderConfirmacion } from '../../../test/ionic';
import { makeOrdenResumen } from '../../../test/ordenes';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor } from '../../../test/servidor';
import { makeMantenimiento } from '../../maintenance/test-utils';
import { makeEquipo } from '../test-utils';
import EquipoPage from './equipo-page';

configure({ asyncUtilTimeout: 5000 });

function historial(ordenes: ReturnType<typeof makeOrdenResumen>[], total: number, pagina = 0): HistorialEquipo {
  return {
    ordenes,
    total,
    pagina,
    porPagina: 25,
    totales: { ordenes: total, minutos: 150, gastos: [{ moneda: 'ARS', centavos: 150050 }] },
  };
}

function mostrar(usuario = makePropietario()) {
  return renderConApp(
    <Routes>
      <Route path="/equipos/:id" element={<EquipoPage />} />
    </Routes>,
    { usuario, ruta: '/equipos/5' },
  );
}

describe('Equipo detail (issue 32)', () => {
  it('shows its data, open orders, history with totals (paged) and «Nueva orden» pre-filled', async () => {
    const equipo = makeEquipo({ id: 5, notas: 'Revisar <b>quemador</b>' });
    const abierta = makeOrdenResumen({ titulo: 'Pierde agua' });
    const primeras = Array.from({ length: 25 }, (_, i) => makeOrdenResumen({ titulo: `Service ${i + 1}` }));
    const ultima = makeOrdenResumen({ titulo: 'Service 26' });
    const llamadas = simularServidor({
      'GET /api/v4/equipos/5': equipo,
      'GET /api/v4/equipos/5/archivos': [],
      'POST /api/v4/ordenes/all/filtered': { ordenes: [abierta], total: 1, pagina: 0, porPagina: 100 },
      'GET /api/v4/equipos/5/ordenes': (l) =>
        l.query.get('pagina') === '1' ? historial([ultima], 26, 1) : historial(primeras, 26),
      'GET /api/v2/mantenimientos': { mantenimientos: [] },
    });
    mostrar();

    const datos = await screen.findByTestId('equipo-datos');
    expect(datos).toHaveTextContent('Caldera 5');
    expect(datos).toHaveTextContent('Clínica San Martín');
    expect(datos).toHaveTextContent('Sede Centro');
    expect(within(datos).getByText('Revisar <b>quemador</b>')).toBeInTheDocument();
    expect(screen.getByTestId('equipo-nueva-orden')).toHaveAttribute(
      'router-link',
      '/nueva-orden?cliente=1&equipo=5&ubicacion=7',
    );

    expect(await within(screen.getByTestId('equipo-abiertas')).findByText('Pierde agua')).toBeInTheDocument();
    const filtros = llamadas.de('POST', '/api/v4/ordenes/all/filtered')[0]!.cuerpo as {
      equipo: number;
      estados: number[];
    };
    expect(filtros.equipo).toBe(5);
    expect(filtros.estados.length).toBeGreaterThan(0);

    expect(await screen.findByTestId('equipo-totales')).toHaveTextContent(
      '26 órdenes · 2:30 h de trabajo · Gastos: $ 1.500,50',
    );
    expect(within(screen.getByTestId('equipo-historial-lista')).getAllByTestId('orden-item')).toHaveLength(25);
    fireEvent.click(screen.getByTestId('equipo-historial-mas'));
    expect(await screen.findByText('Service 26')).toBeInTheDocument();
    expect(screen.queryByTestId('equipo-historial-mas')).toBeNull();
  });

  it('another company’s equipo (404) says «Equipo no encontrado»', async () => {
    simularServidor({ 'GET /api/v4/equipos/5': errorDelServidor(404, 'El equipo no existe.') });
    mostrar();
    expect(await screen.findByText('Equipo no encontrado')).toBeInTheDocument();
    expect(screen.queryByTestId('equipo-datos')).toBeNull();
  });

  it('without altaClientes there is no edit nor delete; without creating orders, no «Nueva orden»', async () => {
    simularServidor({
      'GET /api/v4/equipos/5': makeEquipo({ id: 5 }),
      'GET /api/v4/equipos/5/archivos': [],
      'POST /api/v4/ordenes/all/filtered': { ordenes: [], total: 0, pagina: 0, porPagina: 100 },
      'GET /api/v4/equipos/5/ordenes': historial([], 0),
    });
    mostrar(makeUsuario({ roles: ['OPERARIO'], globales: [] }));
    await screen.findByTestId('equipo-datos');
    expect(screen.queryByTestId('equipo-editar')).toBeNull();
    expect(screen.queryByTestId('equipo-borrar')).toBeNull();
    expect(screen.queryByTestId('equipo-archivos-agregar')).toBeNull();
    expect(screen.queryByTestId('equipo-nueva-orden')).toBeNull();
    // Plans are scheduled (and seen) only by who creates orders.
    expect(screen.queryByTestId('equipo-mantenimiento')).toBeNull();
    expect(screen.queryByTestId('equipo-programar')).toBeNull();
    expect(await screen.findByText('Todavía no se hizo ninguna orden sobre este equipo.')).toBeInTheDocument();
    expect(screen.getByText('No hay órdenes abiertas de este equipo.')).toBeInTheDocument();
  });

  it('deleting asks first; a refusal (an order names it) says why', async () => {
    const llamadas = simularServidor({
      'GET /api/v4/equipos/5': makeEquipo({ id: 5 }),
      'GET /api/v4/equipos/5/archivos': [],
      'POST /api/v4/ordenes/all/filtered': { ordenes: [], total: 0, pagina: 0, porPagina: 100 },
      'GET /api/v4/equipos/5/ordenes': historial([], 0),
      'DELETE /api/v4/equipos/5': errorDelServidor(409, 'El equipo tiene órdenes: no se puede borrar.'),
    });
    mostrar();
    fireEvent.click(await screen.findByTestId('equipo-borrar'));
    expect(llamadas.de('DELETE', '/api/v4/equipos/5')).toHaveLength(0);
    await responderConfirmacion('Borrar');
    expect(await screen.findByTestId('equipo-borrar-error')).toHaveTextContent(
      'No se borró el equipo. El equipo tiene órdenes: no se puede borrar.',
    );
    expect(llamadas.de('DELETE', '/api/v4/equipos/5')).toHaveLength(1);
    expect(screen.getByTestId('equipo-datos')).toBeInTheDocument();
  });

  it('«Próximo mantenimiento» lists the plans naming this equipo with their next dates, and «Programar mantenimiento» pre-filled', async () => {
    const llamadas = simularServidor({
      'GET /api/v4/equipos/5': makeEquipo({ id: 5 }),
      'GET /api/v4/equipos/5/archivos': [],
      'POST /api/v4/ordenes/all/filtered': { ordenes: [], total: 0, pagina: 0, porPagina: 100 },
      'GET /api/v4/equipos/5/ordenes': historial([], 0),
      'GET /api/v2/mantenimientos': {
        mantenimientos: [
          makeMantenimiento({
            id: 1,
            equipo: 5,
            plantilla: { ...makeMantenimiento().plantilla, titulo: 'Service <i>mensual</i>' },
          }),
          makeMantenimiento({
            id: 2,
            equipo: 6,
            plantilla: { ...makeMantenimiento().plantilla, titulo: 'Otra caldera' },
          }),
          makeMantenimiento({ id: 3, equipo: 5, activo: false, proximas: [] }),
        ],
      },
    });
    mostrar();
    const seccion = await screen.findByTestId('equipo-mantenimiento');
    const lista = await within(seccion).findByTestId('equipo-mantenimiento-lista');
    expect(within(lista).getByTestId('equipo-mantenimiento-plan-1')).toHaveTextContent(
      'Service <i>mensual</i>Cada mes, el último díaPróximas: 31/12/2026 · 31/01/2027',
    );
    expect(within(lista).getByTestId('equipo-mantenimiento-plan-3')).toHaveTextContent('Pausado: no crea órdenes');
    expect(within(lista).queryByTestId('equipo-mantenimiento-plan-2')).toBeNull();
    expect(within(seccion).getByTestId('equipo-programar')).toHaveAttribute(
      'router-link',
      '/mantenimiento?cliente=1&equipo=5&ubicacion=7',
    );
    expect(llamadas.de('GET', '/api/v2/mantenimientos')).toHaveLength(1);
  });

  it('«Próximo mantenimiento» without plans for it says so; a failed list offers to retry', async () => {
    let fallar = true;
    simularServidor({
      'GET /api/v4/equipos/5': makeEquipo({ id: 5 }),
      'GET /api/v4/equipos/5/archivos': [],
      'POST /api/v4/ordenes/all/filtered': { ordenes: [], total: 0, pagina: 0, porPagina: 100 },
      'GET /api/v4/equipos/5/ordenes': historial([], 0),
      'GET /api/v2/mantenimientos': () =>
        fallar ? errorDelServidor(500, 'Falló.') : { mantenimientos: [makeMantenimiento({ equipo: 6 })] },
    });
    mostrar();
    const seccion = await screen.findByTestId('equipo-mantenimiento');
    expect(await within(seccion).findByText(/No se pudo cargar el mantenimiento programado/)).toBeInTheDocument();
    fallar = false;
    fireEvent.click(within(seccion).getByText('Reintentar'));
    expect(await within(seccion).findByText('No hay mantenimiento programado para este equipo.')).toBeInTheDocument();
    expect(within(seccion).getByTestId('equipo-programar')).toBeInTheDocument();
  });
});
