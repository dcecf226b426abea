import { MENSAJES_EXTERNO } from '@delego/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { createStore } from 'idb-keyval';
import { Blob as BlobDeNode, File as FileDeNode } from 'node:buffer';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guardarSesion } from '../../../lib/session';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { escribir } from '../../../test/ionic';
import { makeOperario } from '../../../test/factories';
import { leerCambiosExterno, usarAlmacenesExterno } from '../model/almacen';
import { claveDeEnlace } from '../model/clave-enlace';
import { makeVista } from '../test-utils';
import ExternoPage from './externo-page';

configure({ asyncUtilTimeout: 5000 });

const K = 'Zk3_-q9wE1rT5yU7iO0pA2sD4fG6hJ8kL0zX2cV4bN6';
const VISTA = '/api/v4/externo';
const XSS = '<img src=x onerror="window.__xss=1">';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function enLinea(valor: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => valor });
}

function abrir(respuestas: Record<string, Respuesta>) {
  const llamadas = simularServidor({ 'GET /api/v2/archivos/12': [], ...respuestas });
  renderConApp(
    <Routes>
      <Route path="/externo/:k" element={<ExternoPage />} />
    </Routes>,
    { ruta: `/externo/${K}` },
  );
  return llamadas;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  usarAlmacenesExterno({
    cambios: createStore('prueba-externo', 'cambios'),
    copias: createStore('prueba-copias', 'copias'),
  });
});
afterEach(() => usarAlmacenesExterno(null));

describe('the contractor’s page (issue 33 part 2)', () => {
  it('not answered: the order’s header, as text, and «Aceptar» / «Rechazar»; asked with the link, never the session', async () => {
    guardarSesion({ usuario: makeOperario(), md5: 'eb6bc90afb1de3b7e8a41c1afa38ee01' });
    const vista = makeVista();
    const llamadas = abrir({ [`GET ${VISTA}`]: { ...vista, orden: { ...vista.orden, detalle: `Pierde ${XSS}` } } });
    expect(await screen.findByTestId('externo-titulo')).toHaveTextContent('Orden #345: Caldera sin presión');
    expect(screen.getByTestId('externo-empresa')).toHaveTextContent('Demo Servicios S.A.');
    expect(screen.getByTestId('externo-estado-actual')).toHaveTextContent('Pendiente');
    expect(screen.getByTestId('externo-dato-lugar')).toHaveTextContent('Sede Centro · Caldera 2');
    expect(screen.getByTestId('externo-dato-vence')).toHaveTextContent('20/11/2026');
    expect(screen.getByTestId('externo-detalle')).toHaveTextContent(`Pierde ${XSS}`);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByTestId('externo-aceptar')).toBeInTheDocument();
    expect(screen.getByTestId('externo-rechazar')).toBeInTheDocument();
    expect(screen.queryByTestId('externo-foto-input')).toBeNull();
    expect(llamadas.de('GET', VISTA)[0]!.autorizacion).toBe(`Externo ${K}`);
    expect(llamadas.every((l) => l.autorizacion === `Externo ${K}`)).toBe(true);
  });

  it('«Aceptar la orden» sends it with a key and shows the sections', async () => {
    const llamadas = abrir({
      [`GET ${VISTA}`]: makeVista(),
      [`POST ${VISTA}/aceptar`]: makeVista({ respuesta: 'aceptada' }),
    });
    fireEvent.click(await screen.findByTestId('externo-aceptar'));
    expect(await screen.findByTestId('externo-estado-2')).toBeInTheDocument();
    const aceptar = llamadas.de('POST', `${VISTA}/aceptar`)[0]!;
    expect(aceptar.autorizacion).toBe(`Externo ${K}`);
    expect(aceptar.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(screen.getByTestId('externo-foto-input')).toHaveAttribute('capture', 'environment');
    expect(screen.getByTestId('externo-horas-form')).toBeInTheDocument();
  });

  it('«Rechazar» asks a reason (required) and then shows «Rechazó esta orden»', async () => {
    const llamadas = abrir({
      [`GET ${VISTA}`]: makeVista(),
      [`POST ${VISTA}/rechazar`]: ({ cuerpo }) =>
        makeVista({
          respuesta: 'rechazada',
          externo: { ...makeVista().externo, respuesta: 'rechazada', motivo: (cuerpo as { motivo: string }).motivo },
        }),
    });
    fireEvent.click(await screen.findByTestId('externo-rechazar'));
    const dialogo = await screen.findByRole('form', { name: 'Motivo del rechazo' });
    fireEvent.submit(dialogo);
    await waitFor(() =>
      expect(screen.getByTestId('externo-motivo')).toMatchObject({ errorText: 'El motivo es obligatorio.' }),
    );
    expect(llamadas.de('POST', `${VISTA}/rechazar`)).toHaveLength(0);
    escribir(screen.getByTestId('externo-motivo'), 'No llego esta semana.');
    fireEvent.submit(dialogo);
    expect(await screen.findByTestId('externo-rechazada')).toHaveTextContent('Rechazó esta orden');
    expect(screen.getByTestId('externo-motivo-rechazo')).toHaveTextContent('Motivo: No llego esta semana.');
    expect(llamadas.de('POST', `${VISTA}/rechazar`)[0]!.cuerpo).toEqual({ motivo: 'No llego esta semana.' });
    expect(screen.queryByTestId('externo-aceptar')).toBeNull();
  });

  it('accepted: history in the company’s zone, and a state change goes out with the link and its key', async () => {
    const llamadas = abrir({
      [`GET ${VISTA}`]: makeVista({
        respuesta: 'aceptada',
        historial: [
          {
            fecha: Date.UTC(2026, 10, 12, 13),
            quien: 'Externo: Juan Pérez',
            estadoAnteriorId: 1,
            estadoNuevoId: 2,
            comentario: XSS,
          },
        ],
      }),
      'PUT /api/v2/estado/12': {},
    });
    const linea = await screen.findByTestId('externo-historial-linea');
    expect(linea).toHaveTextContent('12/11/2026 10:00 · Externo: Juan Pérez');
    expect(linea).toHaveTextContent('Pendiente → En proceso');
    expect(linea).toHaveTextContent(XSS);
    fireEvent.click(screen.getByTestId('externo-estado-3'));
    escribir(screen.getByTestId('externo-comentario'), 'Espero el repuesto');
    fireEvent.submit(screen.getByRole('form', { name: 'Cambiar el estado' }));
    await waitFor(() => expect(llamadas.de('PUT', '/api/v2/estado/12')).toHaveLength(1));
    const cambio = llamadas.de('PUT', '/api/v2/estado/12')[0]!;
    expect(cambio.cuerpo).toEqual({ estado: 3, comentarios: 'Espero el repuesto' });
    expect(cambio.autorizacion).toBe(`Externo ${K}`);
    expect(cambio.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(Number(cambio.headers.get('X-Hecho-En'))).toBeGreaterThan(0);
  });

  it('offline: the kept copy with «Sin conexión», a photo and hours shown pending, and sent when the connection returns', async () => {
    const enlace = await claveDeEnlace(K);
    let fuera = false;
    const llamadas = abrir({
      [`GET ${VISTA}`]: () => (fuera ? Response.error() : makeVista({ respuesta: 'aceptada' })),
      'GET /api/v2/archivos/12': () => (fuera ? Response.error() : []),
      'POST /api/v2/archivos/12/add': [],
      'PUT /api/v2/registro-gastos/12': () => ({
        ordenId: 12,
        horas: [],
        gastos: [],
        totales: { minutos: 0, horas: '0:00', gastos: [] },
        puedeAgregar: true,
        puedeCargarAOtros: false,
      }),
    });
    await screen.findByTestId('externo-estado-2');
    await waitFor(() => expect(llamadas.de('GET', '/api/v2/archivos/12')).toHaveLength(1));
    // The connection goes: a reload of the page reads the copy.
    fuera = true;
    enLinea(false);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByTestId('externo-sin-conexion')).toHaveTextContent(/^Sin conexión · datos de \d\d:\d\d$/);

    // Node's File: jsdom's does not survive the fake IndexedDB's structured clone (a browser's does).
    const foto = new FileDeNode([new BlobDeNode(['jpeg'])], 'caldera.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('externo-foto-input'), { target: { files: [foto] } });
    await waitFor(() => expect(screen.getByTestId('externo-archivos')).toHaveTextContent('caldera.jpg'));

    escribir(screen.getByTestId('externo-horas-horas'), '2');
    escribir(screen.getByTestId('externo-horas-minutos'), '30');
    escribir(screen.getByTestId('externo-horas-descripcion'), 'Cambio de válvula');
    fireEvent.submit(screen.getByTestId('externo-horas-form'));
    await waitFor(() => expect(screen.getAllByTestId('externo-pendiente')).toHaveLength(2));
    expect(screen.getByTestId('externo-registro')).toHaveTextContent('2:30 h · Cambio de válvula');
    expect(screen.getByTestId('externo-barra-pendientes')).toHaveTextContent('2 cambios sin enviar');
    expect(llamadas.de('POST', '/api/v2/archivos/12/add')).toHaveLength(0);
    const guardados = await leerCambiosExterno(enlace);
    expect(guardados.map((c) => c.tipo)).toEqual(['archivos', 'registro']);

    // Back online: both go, in order, with the keys they were stored with.
    fuera = false;
    enLinea(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(llamadas.de('PUT', '/api/v2/registro-gastos/12')).toHaveLength(1));
    const subida = llamadas.de('POST', '/api/v2/archivos/12/add')[0]!;
    const horas = llamadas.de('PUT', '/api/v2/registro-gastos/12')[0]!;
    expect(llamadas.indexOf(subida)).toBeLessThan(llamadas.indexOf(horas));
    expect(subida.headers.get('Idempotency-Key')).toBe(guardados[0]!.id);
    expect(horas.headers.get('Idempotency-Key')).toBe(guardados[1]!.id);
    expect(horas.headers.get('X-Hecho-En')).toBe(String(guardados[1]!.creado));
    expect(horas.cuerpo).toMatchObject({ horas: [{ horas: 2, minutos: 30, descripcion: 'Cambio de válvula' }] });
    await waitFor(() => expect(screen.queryAllByTestId('externo-pendiente')).toHaveLength(0));
    expect(await leerCambiosExterno(enlace)).toEqual([]);
  });

  it('a refused change shows in red with the server’s message and «Descartar»', async () => {
    abrir({
      [`GET ${VISTA}`]: makeVista({ respuesta: 'aceptada' }),
      'PUT /api/v2/estado/12': () => errorDelServidor(409, MENSAJES_EXTERNO.sinAceptar, { code: 'CONFLICTO' }),
    });
    fireEvent.click(await screen.findByTestId('externo-estado-4'));
    escribir(screen.getByTestId('externo-comentario'), 'Listo');
    fireEvent.submit(screen.getByRole('form', { name: 'Cambiar el estado' }));
    const rechazado = await screen.findByTestId('externo-rechazado');
    expect(rechazado).toHaveTextContent(`No se pudo enviar: ${MENSAJES_EXTERNO.sinAceptar}`);
    expect(within(rechazado).getByTestId('externo-descartar')).toBeInTheDocument();
  });

  it('401: «Este enlace no existe…»', async () => {
    abrir({ [`GET ${VISTA}`]: () => errorDelServidor(401, MENSAJES_EXTERNO.noExiste, { code: 'NO_AUTENTICADO' }) });
    expect(await screen.findByTestId('externo-no-existe')).toHaveTextContent(MENSAJES_EXTERNO.noExiste);
  });

  it('410: the server’s message, and what could not be sent is listed', async () => {
    const enlace = await claveDeEnlace(K);
    let revocado = false;
    abrir({
      [`GET ${VISTA}`]: () =>
        revocado ? errorDelServidor(410, MENSAJES_EXTERNO.revocado) : makeVista({ respuesta: 'aceptada' }),
      'PUT /api/v2/estado/12': () => errorDelServidor(410, MENSAJES_EXTERNO.revocado),
    });
    await screen.findByTestId('externo-estado-2');
    enLinea(false);
    fireEvent.click(screen.getByTestId('externo-estado-2'));
    escribir(screen.getByTestId('externo-comentario'), 'Empiezo');
    fireEvent.submit(screen.getByRole('form', { name: 'Cambiar el estado' }));
    await screen.findByTestId('externo-pendiente');
    revocado = true;
    enLinea(true);
    window.dispatchEvent(new Event('online'));
    const pagina = await screen.findByTestId('externo-revocado');
    expect(pagina).toHaveTextContent(MENSAJES_EXTERNO.revocado);
    expect(screen.getByTestId('externo-sin-enviar')).toHaveTextContent('1 cambio no se envió');
    expect(screen.getByTestId('externo-sin-enviar')).toHaveTextContent('Estado: En proceso');
    expect(await leerCambiosExterno(enlace)).toHaveLength(1);
  });

  it('another failure offers «Reintentar»', async () => {
    let fallar = true;
    abrir({ [`GET ${VISTA}`]: () => (fallar ? errorDelServidor(404, 'No encontrado.') : makeVista()) });
    const reintentar = await screen.findByTestId('externo-reintentar');
    fallar = false;
    fireEvent.click(reintentar);
    expect(await screen.findByTestId('externo-titulo')).toBeInTheDocument();
  });
});
