import { MENSAJES } from '@delego/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, CODIGO_SIN_CONEXION } from '../lib/errors';
import { renderConApp } from '../test/render';
import { pantallaPerezosa } from './pantalla-perezosa';
import { Screen } from './screen';

function Perfil() {
  return <p>Pantalla de perfil</p>;
}

/** The screen's toolbar with the menu button (how the menu opens on a phone). */
const barra = (container: HTMLElement) => container.querySelector('ion-header ion-toolbar ion-menu-button');

/** What Chromium throws when the chunk of a lazy screen cannot be fetched. */
const falloDeChunk = () =>
  new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/perfil-page-x.js');

describe('a screen whose code cannot be loaded (server down)', () => {
  it('keeps the toolbar, shows the offline message and loads the code again on Reintentar', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cargar = vi
      .fn<() => Promise<{ default: typeof Perfil }>>()
      .mockRejectedValueOnce(falloDeChunk())
      .mockResolvedValue({ default: Perfil });
    const { container } = renderConApp(<Screen component={pantallaPerezosa(cargar)} />);

    const aviso = await screen.findByTestId('pantalla-sin-conexion');
    expect(aviso).toHaveTextContent(MENSAJES.offline);
    // The shell stays: the screen's toolbar with the menu button.
    expect(barra(container)).not.toBeNull();
    expect(cargar).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByTestId('pantalla-reintentar'));
    expect(await screen.findByText('Pantalla de perfil')).toBeInTheDocument();
    expect(cargar).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('pantalla-sin-conexion')).not.toBeInTheDocument();
  });

  it('fails again while the server is still down, and the code loads once it is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cargar = vi
      .fn<() => Promise<{ default: typeof Perfil }>>()
      .mockRejectedValueOnce(falloDeChunk())
      .mockRejectedValueOnce(falloDeChunk())
      .mockResolvedValue({ default: Perfil });
    renderConApp(<Screen component={pantallaPerezosa(cargar)} />);

    fireEvent.click(await screen.findByTestId('pantalla-reintentar'));
    await vi.waitFor(() => expect(cargar).toHaveBeenCalledTimes(2));
    fireEvent.click(await screen.findByTestId('pantalla-reintentar'));
    expect(await screen.findByText('Pantalla de perfil')).toBeInTheDocument();
    expect(cargar).toHaveBeenCalledTimes(3);
  });

  it('a screen that throws a failed call: the offline message too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Rota(): never {
      throw new ApiError(0, CODIGO_SIN_CONEXION, MENSAJES.sinServidor);
    }
    renderConApp(<Screen component={Rota} />);
    expect(await screen.findByTestId('pantalla-sin-conexion')).toHaveTextContent(MENSAJES.offline);
  });

  it('any other failure says the screen could not be shown, still inside the shell', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Rota(): never {
      throw new Error('x is undefined');
    }
    const { container } = renderConApp(<Screen component={Rota} />);
    expect(await screen.findByTestId('pantalla-error')).toHaveTextContent('No se pudo mostrar esta pantalla');
    expect(barra(container)).not.toBeNull();
    expect(screen.queryByTestId('pantalla-sin-conexion')).not.toBeInTheDocument();
  });
});
