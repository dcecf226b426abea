import type { ReactElement } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { crearQueryClient } from '../../../app/query-client';
import { ErrorFeedback } from '../../../components/error-feedback';
import { guardarSesion } from '../../../lib/session';
import { makeAdmin } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { makeOrden, simularObjectUrl } from '../../files/test-utils';
import { archivoRespuesta, errorDelServidor, simularServidor } from '../../../test/servidor';
import { ExportarOrdenesBoton } from './exportar-ordenes-boton';
import { OpcionesImpresion } from './historial-imprimir-page';
import { Reporte } from './horas-reportadas-page';
import { deshabilitado } from '../../../test/ionic';

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let clic: MockInstance<() => void>;

beforeEach(() => {
  simularObjectUrl();
  clic = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function guardado(): HTMLAnchorElement | undefined {
  return clic.mock.contexts.at(-1) as HTMLAnchorElement | undefined;
}

function mostrar(ui: ReactElement) {
  const usuario = makeAdmin();
  guardarSesion({ usuario, md5: MD5 });
  return renderConApp(
    <>
      {ui}
      <ErrorFeedback />
    </>,
    { usuario, ruta: '/home', queryClient: crearQueryClient() },
  );
}

describe('ExportarOrdenesBoton', () => {
  it('POSTs the list’s filters (without paging) and saves the .xlsx with the server’s name', async () => {
    const llamadas = simularServidor({
      'POST /api/v2/ordenes/exportar': () => archivoRespuesta('PK', XLSX, 'ordenes-2026-05-12.xlsx'),
    });
    mostrar(
      <ExportarOrdenesBoton
        filtros={{ estados: [1, 2], buscar: 'bomba', cliente: 3, orden: 'recientes', porPagina: 25 }}
      />,
    );
    fireEvent.click(screen.getByTestId('ordenes-exportar'));
    await waitFor(() => expect(clic).toHaveBeenCalledTimes(1));
    expect(llamadas[0]?.cuerpo).toEqual({ estados: [1, 2], buscar: 'bomba', cliente: 3, orden: 'recientes' });
    expect(llamadas[0]?.headers.get('Authorization')).toMatch(/#eb6bc90afb1de3b7e8a41c1afa38ee01$/);
    expect(guardado()?.download).toBe('ordenes-2026-05-12.xlsx');
    expect(guardado()?.href).toMatch(/^blob:/);
  });

  it('calls the file ordenes.xlsx when the server gives no name, and shows a refusal in the alert', async () => {
    simularServidor({ 'POST /api/v2/ordenes/exportar': () => archivoRespuesta('PK', XLSX) });
    mostrar(<ExportarOrdenesBoton filtros={{}} />);
    fireEvent.click(screen.getByTestId('ordenes-exportar'));
    await waitFor(() => expect(guardado()?.download).toBe('ordenes.xlsx'));

    simularServidor({ 'POST /api/v2/ordenes/exportar': () => errorDelServidor(400, 'Dato inválido en "estados".') });
    fireEvent.click(screen.getByTestId('ordenes-exportar'));
    await waitFor(() =>
      expect(document.querySelector('ion-alert')).toMatchObject({
        header: 'Atención',
        message: 'Dato inválido en "estados".',
      }),
    );
  });
});

describe('historial-imprimir', () => {
  it('"Descargar PDF" asks for the history by default and saves orden-N.pdf', async () => {
    const llamadas = simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden(),
      'GET /api/v2/imprimirReporte/42': () => archivoRespuesta('%PDF-1.7', 'application/pdf', 'orden-42.pdf'),
    });
    mostrar(<OpcionesImpresion ordenId={42} numero={42} />);
    fireEvent.click(screen.getByTestId('imprimir-descargar'));
    await waitFor(() => expect(guardado()?.download).toBe('orden-42.pdf'));
    const pedido = llamadas.find((l) => l.ruta === '/api/v2/imprimirReporte/42');
    expect(pedido?.query.get('eventos')).toBe('true');
    expect(pedido?.query.has('archivos')).toBe(false);
  });

  it('with both options the query has eventos and archivos; without, neither', async () => {
    const llamadas = simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden(),
      'GET /api/v2/imprimirReporte/42': () => archivoRespuesta('%PDF-1.7', 'application/pdf', 'orden-42.pdf'),
    });
    mostrar(<OpcionesImpresion ordenId={42} numero={42} />);
    fireEvent(screen.getByTestId('imprimir-archivos'), new CustomEvent('ionChange', { detail: { checked: true } }));
    fireEvent.click(screen.getByTestId('imprimir-descargar'));
    await waitFor(() => expect(clic).toHaveBeenCalledTimes(1));
    fireEvent(screen.getByTestId('imprimir-eventos'), new CustomEvent('ionChange', { detail: { checked: false } }));
    fireEvent(screen.getByTestId('imprimir-archivos'), new CustomEvent('ionChange', { detail: { checked: false } }));
    await waitFor(() => expect(deshabilitado(screen.getByTestId('imprimir-descargar'))).toBe(false));
    fireEvent.click(screen.getByTestId('imprimir-descargar'));
    await waitFor(() => expect(clic).toHaveBeenCalledTimes(2));
    const pedidos = llamadas.filter((l) => l.ruta === '/api/v2/imprimirReporte/42');
    expect([...pedidos[0]!.query.keys()].sort()).toEqual(['archivos', 'eventos', 'tsp']);
    expect([...pedidos[1]!.query.keys()]).toEqual(['tsp']);
  });

  it('"Ver PDF" opens the viewer tab during the click and shows the PDF through an object URL made by that tab', async () => {
    simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden(),
      'GET /api/v2/imprimirReporte/42': () => archivoRespuesta('%PDF-1.7', 'application/pdf', 'orden-42.pdf'),
    });
    const creadas: Blob[] = [];
    const pestania = {
      closed: false,
      close: vi.fn(),
      location: { href: '', pathname: '/visor-pdf.html' },
      document: { readyState: 'complete' },
      // The tab's own URL object: the PDF document then falls under the viewer page's policy.
      URL: { createObjectURL: (b: Blob) => (creadas.push(b), 'blob:http://localhost/visor-1') },
    };
    const abrir = vi.spyOn(window, 'open').mockReturnValue(pestania as unknown as Window);
    const propia = vi.spyOn(URL, 'createObjectURL');
    mostrar(<OpcionesImpresion ordenId={42} numero={42} />);
    fireEvent.click(screen.getByTestId('imprimir-ver'));
    expect(abrir).toHaveBeenCalledWith('/visor-pdf.html', '_blank');
    await waitFor(() => expect(pestania.location.href).toBe('blob:http://localhost/visor-1'));
    expect(creadas).toHaveLength(1);
    expect(creadas[0]!.type).toBe('application/pdf');
    expect(propia).not.toHaveBeenCalled();
    expect(screen.queryByTestId('imprimir-enlace')).toBeNull();
  });

  it('with pop-ups blocked, the PDF is offered as a download on the screen', async () => {
    simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden(),
      'GET /api/v2/imprimirReporte/42': () => archivoRespuesta('%PDF-1.7', 'application/pdf', 'orden-42.pdf'),
    });
    vi.spyOn(window, 'open').mockReturnValue(null);
    mostrar(<OpcionesImpresion ordenId={42} numero={42} />);
    fireEvent.click(screen.getByTestId('imprimir-ver'));
    const enlace = await screen.findByTestId('imprimir-enlace');
    expect(enlace).toHaveTextContent('Descargar el PDF');
    expect(enlace).toHaveAttribute('download', 'orden-42.pdf');
    expect(enlace.getAttribute('href')).toMatch(/^blob:/);
  });

  it('a failure closes that tab and says why on the screen', async () => {
    simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden(),
      'GET /api/v2/imprimirReporte/42': () => errorDelServidor(404, 'La orden no existe o no tiene acceso a ella.'),
    });
    const pestania = {
      closed: false,
      close: vi.fn(),
      location: { href: '' },
      document: { title: '', body: { style: {}, textContent: '' } },
    };
    vi.spyOn(window, 'open').mockReturnValue(pestania as unknown as Window);
    mostrar(<OpcionesImpresion ordenId={42} numero={42} />);
    fireEvent.click(screen.getByTestId('imprimir-ver'));
    expect(await screen.findByTestId('imprimir-error')).toHaveTextContent(
      'La orden no existe o no tiene acceso a ella.',
    );
    expect(pestania.close).toHaveBeenCalled();
  });
});

describe('horas-reportadas', () => {
  it('hours per person and per client, largest first, with totals as H:MM', () => {
    const ana = { id: 5, usuario: 'ana', nombre: 'Ana', apellido: 'Paz' };
    const diego = { id: 4, usuario: 'operario', nombre: 'Diego', apellido: 'Sosa' };
    const muni = { id: 1, nombre: 'Municipalidad de Rosario' };
    mostrar(
      <Reporte
        reporte={{
          desde: Date.parse('2026-05-01T03:00:00Z'),
          hasta: Date.parse('2026-05-31T03:00:00Z'),
          totalMinutos: 390,
          filas: [
            { usuario: ana, cliente: muni, minutos: 90 },
            { usuario: diego, cliente: muni, minutos: 150 },
            { usuario: diego, cliente: null, minutos: 150 },
          ],
          porUsuario: [
            { usuario: ana, minutos: 90 },
            { usuario: diego, minutos: 300 },
          ],
          porCliente: [
            { cliente: muni, minutos: 240 },
            { cliente: null, minutos: 150 },
          ],
        }}
      />,
    );
    expect(screen.getByTestId('horas-total')).toHaveTextContent('Total del 01/05/2026 al 31/05/2026');
    expect(screen.getByTestId('horas-total')).toHaveTextContent('6:30 h');
    const filas = (id: string) => [...screen.getByTestId(id).querySelectorAll('tbody tr')].map((tr) => tr.textContent);
    expect(filas('horas-por-usuario')).toEqual(['Diego Sosa5:0077 %', 'Ana Paz1:3023 %']);
    expect(filas('horas-por-cliente')).toEqual(['Municipalidad de Rosario4:0062 %', 'Sin cliente2:3038 %']);
    expect(filas('horas-detalle')).toEqual([
      'Ana PazMunicipalidad de Rosario1:30',
      'Diego SosaMunicipalidad de Rosario2:30',
      'Diego SosaSin cliente2:30',
    ]);
    expect(screen.getByTestId('horas-por-usuario').querySelector('tfoot')).toHaveTextContent('Total6:30100 %');
  });
});
