import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { hoyEn, textoMes, ZONA_HORARIA_EMPRESA_POR_DEFECTO } from '@delego/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../app/app';
import { crearQueryClient } from '../../../app/query-client';
import { hayCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { makeAdmin, makeSupervisor, makeOperario } from '../../../test/factories';
import { alternar, escribir } from '../../../test/ionic';
import { renderConApp } from '../../../test/render';
import { archivoRespuesta, errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { makeEnvioInforme, makeInformeSla } from '../test-utils';
import InformeSlaPage from './informe-sla-page';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const XSS = '<img src=x onerror="window.__xss=1">';
const CLIENTES = { 'GET /api/v2/empresasAsignables': [{ id: 3, nombre: 'Clínica San Martín' }] };

function abrir(
  respuestas: Record<string, Respuesta>,
  usuario = makeAdmin(),
  ruta = '/sla/informe?cliente=3&mes=2026-11',
) {
  const llamadas = simularServidor({
    ...CLIENTES,
    'GET /api/v4/sla/informe': makeInformeSla(),
    'GET /api/v4/sla/envio-informe/3': makeEnvioInforme(),
    ...respuestas,
  });
  renderConApp(<InformeSlaPage />, { usuario, ruta });
  return llamadas;
}

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('Informe mensual de SLA (issue 34)', () => {
  it('shows the totals with the % met and each order, user text as text', async () => {
    const llamadas = abrir({
      'GET /api/v4/sla/informe': makeInformeSla({ cliente: { id: 3, nombre: XSS } }),
    });
    const respuesta = await screen.findByTestId('informe-sla-respuesta');
    expect([...respuesta.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['1', '1', '0', '50 %']);
    expect(screen.getByTestId('informe-sla-resolucion')).toHaveTextContent('100 %');
    expect(screen.getByTestId('informe-sla-resumen')).toHaveTextContent(`${XSS} · noviembre de 2026: 2 órdenes`);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    const bomba = screen.getByTestId('informe-sla-orden-42');
    expect(bomba).toHaveTextContent('04/11/2026 09:00');
    expect(bomba).toHaveTextContent('Respuesta: Incumplido · Resolución: Sin objetivo');
    const q = llamadas.de('GET', '/api/v4/sla/informe')[0]?.query;
    expect([q?.get('cliente'), q?.get('mes')]).toEqual(['3', '2026-11']);
  });

  it('downloads the PDF and the Excel, and copies the public link', async () => {
    const guardados: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:informe');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      guardados.push(this.download);
    });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const llamadas = abrir({
      'GET /api/v4/sla/informe/pdf': archivoRespuesta('%PDF-1.3', 'application/pdf', 'informe-sla-clinica-2026-11.pdf'),
      'GET /api/v4/sla/informe/xlsx': archivoRespuesta(
        'PK',
        'application/octet-stream',
        'informe-sla-clinica-2026-11.xlsx',
      ),
      'POST /api/v4/sla/informe/enlace': { url: 'https://delego.example.com/informesla/tok' },
    });
    fireEvent.click(await screen.findByTestId('informe-sla-pdf'));
    await waitFor(() => expect(guardados).toEqual(['informe-sla-clinica-2026-11.pdf']));
    fireEvent.click(screen.getByTestId('informe-sla-xlsx'));
    await waitFor(() => expect(guardados).toHaveLength(2));
    expect(guardados[1]).toBe('informe-sla-clinica-2026-11.xlsx');
    fireEvent.click(screen.getByTestId('informe-sla-copiar'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('https://delego.example.com/informesla/tok'));
    expect(llamadas.de('POST', '/api/v4/sla/informe/enlace')[0]?.cuerpo).toEqual({ cliente: 3, mes: '2026-11' });
  });

  it('an administrator turns the monthly send on with the client’s email; without an email it says so', async () => {
    const llamadas = abrir({
      'PUT /api/v4/sla/envio-informe/3': (l) =>
        makeEnvioInforme({ activo: true, email: (l.cuerpo as { email: string }).email }),
    });
    const form = await screen.findByTestId('envio-informe');
    const email = within(form).getByTestId('envio-informe-email');
    await waitFor(() => expect(email).toHaveProperty('value', 'compras@clinica.example.com'));
    alternar(within(form).getByTestId('envio-informe-activo'), true);
    escribir(email, '');
    fireEvent.submit(form);
    expect(await within(form).findByText('Indique el email al que se envía el informe.')).toBeInTheDocument();
    expect(llamadas.de('PUT', '/api/v4/sla/envio-informe/3')).toHaveLength(0);
    escribir(email, 'informes@clinica.example.com');
    // Not saved yet: leaving the page asks first.
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(true));
    fireEvent.submit(form);
    await waitFor(() =>
      expect(llamadas.de('PUT', '/api/v4/sla/envio-informe/3')[0]?.cuerpo).toEqual({
        activo: true,
        email: 'informes@clinica.example.com',
      }),
    );
    // Saved: what the server keeps is the new start, nothing left to lose.
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(false));
    expect(email).toHaveProperty('value', 'informes@clinica.example.com');
  });

  it('a supervisor (verEstadisticas, not an administrator) sees the report but not the send', async () => {
    abrir({}, makeSupervisor());
    await screen.findByTestId('informe-sla-respuesta');
    expect(screen.queryByTestId('envio-informe')).toBeNull();
  });

  it('the month is chosen by its Spanish name among the last two years (whatever the browser language), and reads that report', async () => {
    const llamadas = abrir({});
    await screen.findByTestId('informe-sla-respuesta');
    const campo = screen.getByTestId('informe-sla-mes');
    const opciones = [...campo.querySelectorAll('ion-select-option')];
    const actual = hoyEn(ZONA_HORARIA_EMPRESA_POR_DEFECTO).slice(0, 7);
    expect(opciones).toHaveLength(24);
    expect((opciones[0] as HTMLElement & { value?: unknown }).value).toBe(actual);
    expect(opciones[0]).toHaveTextContent(textoMes(actual));
    expect(opciones.map((o) => o.textContent)).toContain('noviembre de 2026');
    expect(campo.querySelector('input[type="month"]')).toBeNull();

    fireEvent(campo, new CustomEvent('ionChange', { detail: { value: '2026-10' } }));
    await waitFor(() =>
      expect(llamadas.de('GET', '/api/v4/sla/informe').map((l) => l.query?.get('mes'))).toContain('2026-10'),
    );
  });

  it('a month from the address older than two years is offered too', async () => {
    abrir({}, makeAdmin(), '/sla/informe?cliente=3&mes=2019-06');
    await screen.findByTestId('informe-sla-respuesta');
    const opciones = [...screen.getByTestId('informe-sla-mes').querySelectorAll('ion-select-option')];
    expect(opciones).toHaveLength(25);
    expect(opciones.at(-1)).toHaveTextContent('junio de 2019');
  });

  it('without verEstadisticas the screen says so and asks nothing', async () => {
    const llamadas = abrir({}, makeOperario());
    expect(await screen.findByText(/requiere el permiso «Estadísticas»/)).toBeInTheDocument();
    expect(llamadas.de('GET', '/api/v4/sla/informe')).toHaveLength(0);
  });

  it('without a client chosen it asks for one and reads no report', async () => {
    const llamadas = abrir({}, makeAdmin(), '/sla/informe');
    expect(await screen.findByTestId('informe-sla-elegir')).toBeInTheDocument();
    expect(llamadas.de('GET', '/api/v4/sla/informe')).toHaveLength(0);
  });

  it('a report that fails to load offers to retry', async () => {
    abrir({ 'GET /api/v4/sla/informe': errorDelServidor(500, 'Falló el servidor.') });
    expect(await screen.findByTestId('admin-error')).toHaveTextContent('Reintentar');
  });
});

describe('informesla/:id (público)', () => {
  function abrirPublico(ruta: string) {
    window.history.replaceState(null, '', ruta);
    return render(<App queryClient={crearQueryClient()} />);
  }

  it('shows the report without a session, with «Descargar PDF» by the same token', async () => {
    const s = simularServidor({
      'GET /api/v4/sla/informe-publico': makeInformeSla({ entidad: { nombre: XSS } }),
    });
    abrirPublico('/informesla/tok-abc');
    expect(await screen.findByTestId('informe-sla-respuesta')).toHaveTextContent('50 %');
    expect(screen.getByTestId('informe-sla-publico')).toHaveTextContent(XSS);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByTestId('informe-sla-publico-pdf').getAttribute('href')).toBe(
      '/api/v4/sla/informe-publico/pdf?k=tok-abc',
    );
    const llamada = s.de('GET', '/api/v4/sla/informe-publico')[0];
    expect(llamada?.query.get('k')).toBe('tok-abc');
    expect(llamada?.autorizacion).toBeNull();
  });

  it('an unknown link says the report is not available', async () => {
    simularServidor({
      'GET /api/v4/sla/informe-publico': errorDelServidor(404, 'Este informe no está disponible.'),
    });
    abrirPublico('/informesla/otro');
    expect(await screen.findByTestId('informe-sla-no-disponible')).toBeInTheDocument();
  });
});
