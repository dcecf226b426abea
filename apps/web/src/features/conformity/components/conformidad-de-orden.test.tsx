import type { ConformidadOrden } from '@delego/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { createStore } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crearQueryClient } from '../../../app/query-client';
import { configurarBandeja, leerBandeja, type Cambio } from '../../../lib/outbox';
import { usarAlmacen } from '../../../lib/outbox/almacen';
import { guardarSesion } from '../../../lib/session';
import { makeOperario } from '../../../test/factories';
import { makeOrdenDetalle } from '../../../test/ordenes';
import { responderConfirmacion } from '../../../test/ionic';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { ConformidadDeOrden } from './conformidad-de-orden';

const PENDIENTE: ConformidadOrden = {
  ordenId: 42,
  requerida: 'antes_de_finalizar',
  estado: 'pendiente',
  firma: null,
  remota: null,
  fecha: null,
};

/** jsdom has no canvas: a context that records nothing and a fixed PNG. */
function lienzoFalso() {
  const ctx = { fillRect: vi.fn(), beginPath: vi.fn(), moveTo: vi.fn(), lineTo: vi.fn(), stroke: vi.fn() };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,iVBORw0KGgo=');
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    left: 0,
    top: 0,
    width: 600,
    height: 240,
  } as DOMRect);
}

function firmar() {
  const canvas = screen.getByTestId('conformidad-firma-canvas');
  fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, pointerId: 1 });
  fireEvent.pointerMove(canvas, { clientX: 200, clientY: 100, pointerId: 1 });
  fireEvent.pointerUp(canvas, { pointerId: 1 });
}

function escribir(testId: string, valor: string) {
  fireEvent(screen.getByTestId(testId), new CustomEvent('ionInput', { detail: { value: valor } }));
}

function mostrar(respuestas: Record<string, Respuesta>) {
  const llamadas = simularServidor(respuestas);
  renderConApp(<ConformidadDeOrden orden={makeOrdenDetalle({ id: 42 })} />, {
    usuario: makeOperario(),
    queryClient: crearQueryClient(),
  });
  return llamadas;
}

describe('ConformidadDeOrden', () => {
  it('dice qué pide el tipo y firma con nombre y DNI, con una clave de idempotencia', async () => {
    lienzoFalso();
    const llamadas = mostrar({
      'GET /api/v2/orden/42/conformidad': PENDIENTE,
      'POST /api/v2/orden/42/conformidad/firma': {
        ...PENDIENTE,
        estado: 'conforme',
        firma: {
          nombre: 'Laura <b>Gómez</b>',
          dni: '30123456',
          fecha: 1,
          registrada: 2,
          ubicacion: null,
          registradaPor: 'Diego Sosa',
          tipoImagen: 'image/png',
        },
      },
      'GET /api/v2/orden/42/conformidad/firma': new Response('png', { headers: { 'Content-Type': 'image/png' } }),
    });
    expect(await screen.findByText('Este tipo de orden la pide antes de finalizar.')).toBeInTheDocument();
    expect(screen.getByTestId('conformidad-estado')).toHaveTextContent('Pendiente');
    fireEvent.click(screen.getByTestId('accion-firma-cliente'));

    firmar();
    fireEvent.click(screen.getByTestId('conformidad-firma-aceptar'));
    expect(await screen.findByText('El nombre de quien firma es obligatorio.')).toBeInTheDocument();
    expect(llamadas.de('POST', '/api/v2/orden/42/conformidad/firma')).toHaveLength(0);

    escribir('conformidad-nombre', 'Laura <b>Gómez</b>');
    escribir('conformidad-dni', '30.123.456');
    fireEvent.click(screen.getByTestId('conformidad-firma-aceptar'));
    await waitFor(() => expect(llamadas.de('POST', '/api/v2/orden/42/conformidad/firma')).toHaveLength(1));
    const post = llamadas.de('POST', '/api/v2/orden/42/conformidad/firma')[0];
    expect(post?.cuerpo).toMatchObject({
      firma: 'data:image/png;base64,iVBORw0KGgo=',
      nombre: 'Laura <b>Gómez</b>',
      dni: '30.123.456',
    });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByTestId('conformidad-firma')).toHaveTextContent('Firmó Laura <b>Gómez</b> (DNI 30123456)');
    expect(screen.getByTestId('conformidad-estado')).toHaveTextContent('Conforme');
  });

  it('un DNI mal escrito no sale; el error del servidor se muestra', async () => {
    lienzoFalso();
    const llamadas = mostrar({
      'GET /api/v2/orden/42/conformidad': PENDIENTE,
      'POST /api/v2/orden/42/conformidad/firma': errorDelServidor(
        400,
        'La firma debe ser una imagen PNG o JPEG.',
        'firma',
      ),
    });
    fireEvent.click(await screen.findByTestId('accion-firma-cliente'));
    escribir('conformidad-nombre', 'Laura');
    escribir('conformidad-dni', '12ab');
    firmar();
    fireEvent.click(screen.getByTestId('conformidad-firma-aceptar'));
    expect(await screen.findByText('El DNI debe tener entre 7 y 8 dígitos (puede llevar puntos).')).toBeInTheDocument();
    expect(llamadas.de('POST', '/api/v2/orden/42/conformidad/firma')).toHaveLength(0);

    escribir('conformidad-dni', '');
    fireEvent.click(screen.getByTestId('conformidad-firma-aceptar'));
    expect(await screen.findByTestId('conformidad-firma-error-general')).toHaveTextContent(
      'La firma debe ser una imagen PNG o JPEG.',
    );
  });
});

describe('ConformidadDeOrden: cancelar con la firma a medio hacer', () => {
  const pregunta = () =>
    [...document.querySelectorAll('ion-alert')].find((a) => a.header === '¿Descartar los cambios?' && a.isConnected) ??
    null;
  const cancelar = () => fireEvent.click(screen.getByText('Cancelar'));

  it('sin nada escrito ni dibujado cierra sin preguntar; con trazos o un nombre pregunta antes', async () => {
    lienzoFalso();
    mostrar({ 'GET /api/v2/orden/42/conformidad': PENDIENTE });
    fireEvent.click(await screen.findByTestId('accion-firma-cliente'));
    cancelar();
    await waitFor(() => expect(screen.queryByTestId('conformidad-formulario')).toBeNull());
    expect(pregunta()).toBeNull();

    fireEvent.click(screen.getByTestId('accion-firma-cliente'));
    firmar();
    cancelar();
    await responderConfirmacion('Seguir editando');
    expect(screen.getByTestId('conformidad-formulario')).toBeInTheDocument();
    cancelar();
    await responderConfirmacion('Descartar');
    await waitFor(() => expect(screen.queryByTestId('conformidad-formulario')).toBeNull());

    fireEvent.click(screen.getByTestId('accion-firma-cliente'));
    escribir('conformidad-nombre', 'Laura');
    cancelar();
    await responderConfirmacion('Seguir editando');
    expect(screen.getByTestId('conformidad-nombre')).toHaveProperty('value', 'Laura');
  });
});

describe('ConformidadDeOrden sin conexión', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
    configurarBandeja(null);
    usarAlmacen(null);
  });

  it('la firma queda en la bandeja con cuándo se firmó, y se ve «pendiente» en lugar de «todavía no dio su conformidad»', async () => {
    lienzoFalso();
    globalThis.indexedDB = new IDBFactory();
    usarAlmacen(createStore('prueba-conformidad', 'cambios'));
    const usuario = makeOperario();
    guardarSesion({ usuario, md5: 'eb6bc90afb1de3b7e8a41c1afa38ee01' });
    const enviados: Cambio[] = [];
    configurarBandeja({
      enviar: async (c) => {
        enviados.push(c);
        return PENDIENTE;
      },
      usuarioId: () => usuario.id,
    });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const llamadas = mostrar({ 'GET /api/v2/orden/42/conformidad': PENDIENTE });
    fireEvent.click(await screen.findByTestId('accion-firma-cliente'));
    escribir('conformidad-nombre', 'Laura Gómez');
    firmar();
    const antes = Date.now();
    fireEvent.click(screen.getByTestId('conformidad-firma-aceptar'));

    const pendiente = await screen.findByTestId('conformidad-firma-pendiente');
    expect(pendiente).toHaveTextContent('Firma de Laura Gómez tomada en este dispositivo');
    expect(pendiente).toHaveTextContent('pendiente');
    expect(screen.queryByText('El cliente todavía no dio su conformidad.')).not.toBeInTheDocument();
    expect(llamadas.de('POST', '/api/v2/orden/42/conformidad/firma')).toHaveLength(0);
    const [cambio] = leerBandeja().cambios;
    expect(cambio).toMatchObject({
      tipo: 'conformidadFirma',
      ordenId: 42,
      descripcion: expect.stringMatching(/^Orden #\d+ · Firma de conformidad de Laura Gómez$/),
      cuerpo: { nombre: 'Laura Gómez', firma: 'data:image/png;base64,iVBORw0KGgo=' },
    });
    expect((cambio?.cuerpo as { fecha: number }).fecha).toBeGreaterThanOrEqual(antes);
    expect(enviados).toHaveLength(0);
  }, 20_000);
});
