import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crearQueryClient } from '../../../app/query-client';
import { ErrorFeedback } from '../../../components/error-feedback';
import { guardarSesion } from '../../../lib/session';
import { makeOperario } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { archivosKeys } from '../keys';
import { makeArchivo, makeOrden, simularObjectUrl, simularSubidas } from '../test-utils';
import { responderConfirmacion } from '../../../test/ionic';
import { archivoRespuesta, errorDelServidor, simularServidor } from '../../../test/servidor';
import { ArchivosDeOrden } from './archivos-page';

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';

beforeEach(() => {
  simularObjectUrl();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function mostrar(
  archivos = [
    makeArchivo({ id: 7, nombre: 'tablero.jpg' }),
    makeArchivo({ id: 8, nombre: 'plano.pdf', esImagen: false, tipo: 'application/pdf', tamanio: 3 * 1024 * 1024 }),
  ],
) {
  const usuario = makeOperario();
  guardarSesion({ usuario, md5: MD5 });
  const queryClient = crearQueryClient();
  queryClient.setQueryData(archivosKeys.lista(42), archivos);
  const r = renderConApp(
    <>
      <ArchivosDeOrden ordenId={42} archivos={archivos} />
      <ErrorFeedback />
    </>,
    { usuario, ruta: '/archivos?id=42', queryClient },
  );
  return { ...r, usuario };
}

function elegir(...archivos: File[]) {
  fireEvent.change(screen.getByTestId('archivos-input'), { target: { files: archivos } });
}

describe('archivos', () => {
  it('lists the files with size, who and when; image thumbnails come as blobs with the session’s Authorization', async () => {
    const llamadas = simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden(),
      'GET /api/v2/archivos/42/miniatura/7': () => archivoRespuesta('jpeg', 'image/jpeg'),
    });
    const { usuario } = mostrar();

    const items = screen.getAllByTestId('archivo');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('tablero.jpg');
    expect(items[0]).toHaveTextContent('250 KB · Diego Sosa');
    expect(items[0]).toHaveTextContent('12/05/2026 14:30');
    expect(items[1]).toHaveTextContent('3 MB');

    const miniatura = await within(items[0] as HTMLElement).findByRole('img', { name: 'Miniatura de tablero.jpg' });
    expect(miniatura.getAttribute('src')).toMatch(/^blob:/);
    const pedido = llamadas.find((l) => l.ruta === '/api/v2/archivos/42/miniatura/7');
    expect(pedido?.headers.get('Authorization')).toBe(`${usuario.usuario}#${MD5}`);
    // The PDF has no thumbnail: its icon, no call.
    expect(llamadas.some((l) => l.ruta.includes('/miniatura/8'))).toBe(false);
  });

  it('checks the files before sending: refused ones say why and never leave; the others upload one by one with progress', async () => {
    simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden(),
      'GET /api/v2/archivos/42/miniatura/7': () => archivoRespuesta('x', 'image/jpeg'),
    });
    const envios = simularSubidas();
    const { queryClient } = mostrar();

    const foto = new File(['png-bytes'], 'foto.png', { type: 'image/png' });
    const programa = new File(['MZ'], 'programa.exe', { type: 'application/octet-stream' });
    const vacio = new File([], 'vacio.txt', { type: 'text/plain' });
    const grande = new File(['x'], 'grande.pdf', { type: 'application/pdf' });
    Object.defineProperty(grande, 'size', { value: 26 * 1024 * 1024 });
    elegir(foto, programa, vacio, grande);

    const subidas = await screen.findAllByTestId('archivos-subida');
    expect(subidas.map((s) => s.getAttribute('data-estado'))).toEqual(['subiendo', 'error', 'error', 'error']);
    expect(subidas[1]).toHaveTextContent('El tipo del archivo «programa.exe» no está permitido.');
    expect(subidas[2]).toHaveTextContent('El archivo «vacio.txt» está vacío (0 bytes).');
    expect(subidas[3]).toHaveTextContent('El archivo «grande.pdf» supera el tamaño máximo de 25 MB.');

    // Only the photo went out: one multipart call with one `archivos` part, authenticated.
    await waitFor(() => expect(envios).toHaveLength(1));
    const envio = envios[0]!;
    expect(envio.metodo).toBe('POST');
    expect(new URL(envio.url, 'http://localhost').pathname).toBe('/api/v2/archivos/42/add');
    expect(envio.headers.authorization).toMatch(/#eb6bc90afb1de3b7e8a41c1afa38ee01$/);
    expect(envio.cuerpo.getAll('archivos')).toHaveLength(1);
    expect((envio.cuerpo.get('archivos') as File).name).toBe('foto.png');

    envio.progresar(50, 100);
    expect(await screen.findByText('Subiendo… 50 %')).toBeInTheDocument();

    const nueva = makeArchivo({ id: 9, nombre: 'foto.png' });
    envio.responder(200, [...(queryClient.getQueryData(archivosKeys.lista(42)) as unknown[]), nueva]);
    await waitFor(() => expect(screen.getAllByTestId('archivos-subida')[0]).toHaveAttribute('data-estado', 'lista'));
    expect(queryClient.getQueryData(archivosKeys.lista(42))).toHaveLength(3);
  });

  it('shows the server’s refusal of an upload on that file', async () => {
    simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden(),
      'GET /api/v2/archivos/42/miniatura/7': () => archivoRespuesta('x', 'image/jpeg'),
    });
    const envios = simularSubidas();
    mostrar();
    elegir(new File(['no es png'], 'falsa.png', { type: 'image/png' }));
    await waitFor(() => expect(envios).toHaveLength(1));
    envios[0]!.responder(415, {
      code: 'TIPO_NO_SOPORTADO',
      message: 'El contenido de «falsa.png» no corresponde a su extensión.',
      requestId: 'r',
    });
    await waitFor(() => expect(screen.getByTestId('archivos-subida')).toHaveAttribute('data-estado', 'error'));
    expect(screen.getByTestId('archivos-subida')).toHaveTextContent(
      'El contenido de «falsa.png» no corresponde a su extensión.',
    );
  });

  it('removes a file only after confirming, with {archivos: [], archivosBorrados: [id]}', async () => {
    const restante = makeArchivo({ id: 8, nombre: 'plano.pdf', esImagen: false, tipo: 'application/pdf' });
    const llamadas = simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden(),
      'GET /api/v2/archivos/42/miniatura/7': () => archivoRespuesta('x', 'image/jpeg'),
      'POST /api/v2/archivos/42/add': [restante],
    });
    const { queryClient } = mostrar();

    fireEvent.click(screen.getAllByTestId('archivo-eliminar')[0]!);
    await responderConfirmacion('Cancelar');
    expect(llamadas.some((l) => l.metodo === 'POST')).toBe(false);

    fireEvent.click(screen.getAllByTestId('archivo-eliminar')[0]!);
    await responderConfirmacion('Eliminar');
    await waitFor(() =>
      expect(llamadas.find((l) => l.metodo === 'POST')?.cuerpo).toEqual({ archivos: [], archivosBorrados: [7] }),
    );
    await waitFor(() => expect(queryClient.getQueryData(archivosKeys.lista(42))).toEqual([restante]));
  });

  it('offers no remove button for files the reader may not remove, nor adding on a read-only order', async () => {
    simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden({
        acciones: {
          soloLectura: true,
          modificar: false,
          borrar: false,
          cambiarResponsable: false,
          estadosSiguientes: [],
        },
      }),
    });
    mostrar([
      makeArchivo({ id: 8, nombre: 'plano.pdf', esImagen: false, tipo: 'application/pdf', puedeEliminar: false }),
    ]);
    await waitFor(() => expect(screen.queryByTestId('archivos-agregar')).toBeNull());
    expect(screen.queryByTestId('archivo-eliminar')).toBeNull();
    expect(screen.getByTestId('archivo-descargar')).toBeInTheDocument();
  });

  it('"Descargar todo (ZIP)" saves the ZIP; an order without files says so', async () => {
    const clic = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden(),
      'GET /api/v2/archivos/42/miniatura/7': () => archivoRespuesta('x', 'image/jpeg'),
      'GET /api/v2/descargarZip/42': () => archivoRespuesta('PK', 'application/zip', 'orden-42-archivos.zip'),
    });
    mostrar();
    fireEvent.click(screen.getByTestId('archivos-zip'));
    await waitFor(() => expect(clic).toHaveBeenCalledTimes(1));
    expect((clic.mock.contexts[0] as HTMLAnchorElement).download).toBe('orden-42-archivos.zip');

    simularServidor({
      'GET /api/v2/descargarZip/42': () => errorDelServidor(404, 'La orden no tiene archivos para descargar.'),
    });
    fireEvent.click(screen.getByTestId('archivos-zip'));
    await waitFor(() =>
      expect(document.querySelector('ion-alert')).toMatchObject({
        header: 'Atención',
        message: 'La orden no tiene archivos para descargar.',
      }),
    );
  });
});
