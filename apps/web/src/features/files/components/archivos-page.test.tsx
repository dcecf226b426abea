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

    // The photo is first offered to the compressor (jsdom cannot decode it: it goes as it was).
    await waitFor(() =>
      expect(screen.getAllByTestId('archivos-subida').map((s) => s.getAttribute('data-estado'))).toEqual([
        'subiendo',
        'error',
        'error',
        'error',
      ]),
    );
    const subidas = screen.getAllByTestId('archivos-subida');
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

  /** A browser that decodes any image as `ancho`×`alto` and encodes a JPEG of `bytes`. */
  function simularCompresor(ancho: number, alto: number, bytes: number) {
    const cerrar = vi.fn();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.resolve({ width: ancho, height: alto, close: cerrar })),
    );
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        getContext() {
          return { fillRect: () => undefined, drawImage: () => undefined };
        }
        convertToBlob() {
          return Promise.resolve(new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }));
        }
      },
    );
    return { cerrar };
  }

  it('makes a camera photo smaller before it goes: a 30 MB HEIC over the limit leaves as a JPEG of 293 KB', async () => {
    simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden(),
      'GET /api/v2/archivos/42/miniatura/7': () => archivoRespuesta('x', 'image/jpeg'),
    });
    const { cerrar } = simularCompresor(4032, 3024, 300_000);
    const envios = simularSubidas();
    mostrar();
    const foto = new File(['heic'], 'IMG_0001.HEIC', { type: 'image/heic' });
    Object.defineProperty(foto, 'size', { value: 30 * 1024 * 1024 });
    elegir(foto);

    await waitFor(() => expect(envios).toHaveLength(1));
    const enviado = envios[0]!.cuerpo.get('archivos') as File;
    expect(enviado.name).toBe('IMG_0001.jpg');
    expect(enviado.type).toBe('image/jpeg');
    expect(enviado.size).toBe(300_000);
    expect(cerrar).toHaveBeenCalledTimes(1);
    // The row says what goes now.
    await waitFor(() => expect(screen.getByTestId('archivos-subida')).toHaveTextContent('IMG_0001.jpg · 293 KB'));
    expect(screen.getByTestId('archivos-subida')).toHaveAttribute('data-estado', 'subiendo');
  });

  it('refuses a photo still over the limit once it could not be made smaller, and sends nothing', async () => {
    simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden(),
      'GET /api/v2/archivos/42/miniatura/7': () => archivoRespuesta('x', 'image/jpeg'),
    });
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.reject(new DOMException('no se puede decodificar', 'InvalidStateError'))),
    );
    const envios = simularSubidas();
    mostrar();
    const foto = new File(['heic'], 'IMG_0002.HEIC', { type: 'image/heic' });
    Object.defineProperty(foto, 'size', { value: 30 * 1024 * 1024 });
    elegir(foto);

    await waitFor(() => expect(screen.getByTestId('archivos-subida')).toHaveAttribute('data-estado', 'error'));
    expect(screen.getByTestId('archivos-subida')).toHaveTextContent(
      'El archivo «IMG_0002.HEIC» supera el tamaño máximo de 25 MB.',
    );
    expect(envios).toHaveLength(0);
  });

  it('«Tomar foto» on a phone opens the rear camera and attaches the photo it gives', async () => {
    simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden(),
      'GET /api/v2/archivos/42/miniatura/7': () => archivoRespuesta('x', 'image/jpeg'),
    });
    const envios = simularSubidas();
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === '(pointer: coarse)',
    })) as typeof window.matchMedia;
    try {
      mostrar();
      fireEvent.click(await screen.findByTestId('archivos-camara'));
      const camara = document.querySelector<HTMLInputElement>('input[data-testid="tomar-foto-input"]');
      expect(camara?.getAttribute('capture')).toBe('environment');
      const foto = new File(['jpeg'], 'IMG_0005.jpg', { type: 'image/jpeg' });
      Object.defineProperty(camara, 'files', { value: [foto] });
      fireEvent.change(camara!);
      await waitFor(() => expect(envios).toHaveLength(1));
      expect((envios[0]!.cuerpo.get('archivos') as File).name).toBe('IMG_0005.jpg');
    } finally {
      window.matchMedia = original;
    }
  });

  it('offers «Tomar foto» in the native app even with a mouse, and not on a desktop browser', async () => {
    simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrden(),
      'GET /api/v2/archivos/42/miniatura/7': () => archivoRespuesta('x', 'image/jpeg'),
    });
    const escritorio = mostrar();
    expect(await screen.findByTestId('archivos-agregar')).toBeInTheDocument();
    expect(screen.queryByTestId('archivos-camara')).toBeNull();
    escritorio.unmount();
    (window as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true, getPlatform: () => 'android' };
    try {
      mostrar();
      expect(await screen.findByTestId('archivos-camara')).toHaveTextContent('Tomar foto');
    } finally {
      delete (window as { Capacitor?: unknown }).Capacitor;
    }
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
