import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crearQueryClient } from '../../../app/query-client';
import { guardarSesion } from '../../../lib/session';
import { makeOperario } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { makeArchivo, simularObjectUrl } from '../test-utils';
import { archivoRespuesta, simularServidor } from '../../../test/servidor';
import ImageModalPage, { VisorImagenes } from './image-modal-page';
import { deshabilitado } from '../../../test/ionic';

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';
const imagenes = [
  makeArchivo({ id: 7, nombre: 'uno.jpg' }),
  makeArchivo({ id: 9, nombre: 'dos.jpg' }),
  makeArchivo({ id: 12, nombre: 'tres.jpg' }),
];

beforeEach(() => {
  simularObjectUrl();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function servidor() {
  const rutas: Record<string, () => Response> = {};
  for (const a of imagenes)
    rutas[`GET /api/v2/archivos/42/descargar/${a.id}`] = () => archivoRespuesta(`imagen ${a.id}`, 'image/jpeg');
  return simularServidor(rutas);
}

function mostrar(actualId: number, conTeclado = true) {
  const usuario = makeOperario();
  guardarSesion({ usuario, md5: MD5 });
  const onCambiar = vi.fn();
  const onCerrar = vi.fn();
  const r = renderConApp(
    <VisorImagenes
      ordenId={42}
      imagenes={imagenes}
      actualId={actualId}
      onCambiar={onCambiar}
      onCerrar={onCerrar}
      conTeclado={conTeclado}
    />,
    { usuario, ruta: `/image-modal?id=42&archivo=${actualId}`, queryClient: crearQueryClient() },
  );
  return { ...r, onCambiar, onCerrar };
}

function tecla(key: string) {
  act(() => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
}

describe('image-modal', () => {
  it('shows the image full size (?inline=1, as a blob) with its name and place: "2 de 3"', async () => {
    const llamadas = servidor();
    mostrar(9);
    const img = await screen.findByTestId('visor-imagen', {}, { timeout: 4000 });
    expect(img).toHaveAttribute('alt', 'dos.jpg');
    expect(img.getAttribute('src')).toMatch(/^blob:/);
    expect(screen.getByTestId('visor-titulo')).toHaveTextContent('dos.jpg');
    expect(screen.getByTestId('visor-posicion')).toHaveTextContent('2 de 3');
    const pedido = llamadas.find((l) => l.ruta === '/api/v2/archivos/42/descargar/9');
    expect(pedido?.query.get('inline')).toBe('1');
    expect(pedido?.headers.get('Authorization')).toMatch(/#eb6bc90afb1de3b7e8a41c1afa38ee01$/);
  });

  it('the arrow keys go to the next and previous image; Escape closes', () => {
    servidor();
    const { onCambiar, onCerrar } = mostrar(9);
    tecla('ArrowRight');
    expect(onCambiar).toHaveBeenLastCalledWith(12);
    tecla('ArrowLeft');
    expect(onCambiar).toHaveBeenLastCalledWith(7);
    tecla('Escape');
    expect(onCerrar).toHaveBeenCalledTimes(1);
  });

  it('stops at the ends: no next after the last, no previous before the first', async () => {
    servidor();
    const ultimo = mostrar(12);
    tecla('ArrowRight');
    expect(ultimo.onCambiar).not.toHaveBeenCalled();
    await waitFor(() => expect(deshabilitado(screen.getByTestId('visor-siguiente'))).toBe(true));
    fireEvent.click(screen.getByTestId('visor-anterior'));
    expect(ultimo.onCambiar).toHaveBeenCalledWith(9);
    ultimo.unmount();

    const primero = mostrar(7);
    tecla('ArrowLeft');
    expect(primero.onCambiar).not.toHaveBeenCalled();
    await waitFor(() => expect(deshabilitado(screen.getByTestId('visor-anterior'))).toBe(true));
  });

  it('ignores the keyboard while another screen is on top', () => {
    servidor();
    const { onCambiar } = mostrar(9, false);
    tecla('ArrowRight');
    expect(onCambiar).not.toHaveBeenCalled();
  });

  it('preloads the neighbours so a swipe shows them at once', async () => {
    const llamadas = servidor();
    mostrar(9);
    await waitFor(() => {
      const rutas = llamadas.map((l) => l.ruta);
      expect(rutas).toContain('/api/v2/archivos/42/descargar/7');
      expect(rutas).toContain('/api/v2/archivos/42/descargar/12');
    });
  });

  it('zooms with the buttons (and + / −) between 100 % and 500 %', async () => {
    servidor();
    mostrar(9);
    await screen.findByTestId('visor-imagen', {}, { timeout: 4000 });
    expect(screen.getByTestId('visor-zoom')).toHaveTextContent('100 %');
    await waitFor(() => expect(deshabilitado(screen.getByTestId('visor-alejar'))).toBe(true));
    fireEvent.click(screen.getByTestId('visor-acercar'));
    expect(screen.getByTestId('visor-zoom')).toHaveTextContent('150 %');
    tecla('+');
    expect(screen.getByTestId('visor-zoom')).toHaveTextContent('225 %');
    for (let i = 0; i < 5; i++) tecla('+');
    expect(screen.getByTestId('visor-zoom')).toHaveTextContent('500 %');
    tecla('0');
    expect(screen.getByTestId('visor-zoom')).toHaveTextContent('100 %');
  });

  it('asks to log in when opened without a session (the route is public)', async () => {
    renderConApp(<ImageModalPage />, { usuario: null, ruta: '/image-modal?id=42&archivo=7' });
    expect(await screen.findByTestId('papeleo-requiere-sesion')).toHaveTextContent('Inicie sesión');
  });
});
