import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorDeUsuario } from '../errors';
import { MENSAJE_SIN_PERMISO_CAMARA, nombreDeFoto, tomarFoto, tomarFotoNativa } from './camara';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (window as { Capacitor?: unknown }).Capacitor;
});

function inputAbierto(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[data-testid="tomar-foto-input"]');
  if (!input) throw new Error('no se abrió la cámara');
  return input;
}

describe('tomarFoto en el navegador (entrada de archivo para la cámara trasera)', () => {
  it('opens a one-off input for the rear camera from the tap, and resolves with the photo', async () => {
    const clic = vi.spyOn(HTMLInputElement.prototype, 'click');
    const promesa = tomarFoto();
    const input = inputAbierto();
    // Clicked at once, inside the gesture: nothing awaited before.
    expect(clic).toHaveBeenCalledTimes(1);
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    expect(input.multiple).toBe(false);
    const foto = new File(['jpeg'], 'IMG_0001.jpg', { type: 'image/jpeg' });
    Object.defineProperty(input, 'files', { value: [foto] });
    input.dispatchEvent(new Event('change'));
    await expect(promesa).resolves.toBe(foto);
    expect(document.querySelector('input[data-testid="tomar-foto-input"]')).toBeNull();
  });

  it('resolves null when the person closes the camera without a photo, and leaves nothing behind', async () => {
    const promesa = tomarFoto();
    inputAbierto().dispatchEvent(new Event('cancel'));
    await expect(promesa).resolves.toBeNull();
    expect(document.querySelectorAll('input[type="file"]')).toHaveLength(0);
  });

  it('resolves null for a change with no file, once only', async () => {
    const promesa = tomarFoto();
    const input = inputAbierto();
    Object.defineProperty(input, 'files', { value: [] });
    input.dispatchEvent(new Event('change'));
    input.dispatchEvent(new Event('cancel'));
    await expect(promesa).resolves.toBeNull();
  });

  it('uses the browser input, not Capacitor, outside the native app (a web-only Capacitor global included)', async () => {
    (window as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => false, getPlatform: () => 'web' };
    const promesa = tomarFoto();
    inputAbierto().dispatchEvent(new Event('cancel'));
    await expect(promesa).resolves.toBeNull();
  });
});

describe('tomarFotoNativa (@capacitor/camera)', () => {
  const enums = {
    CameraResultType: { Uri: 'uri' },
    CameraSource: { Camera: 'CAMERA' },
  } as unknown as Pick<typeof import('@capacitor/camera'), 'CameraResultType' | 'CameraSource'>;

  function camara(getPhoto: (o: unknown) => Promise<unknown>) {
    const espia = vi.fn(getPhoto);
    const cargar = () => Promise.resolve({ ...enums, Camera: { getPhoto: espia } } as never);
    return { espia, cargar };
  }

  it('asks the rear camera for a file (not base64), upright, not saved to the gallery; reads it as a File', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve({ blob: () => Promise.resolve(new Blob(['jpeg'], { type: 'image/jpeg' })) })),
    );
    const { espia, cargar } = camara(() =>
      Promise.resolve({ webPath: 'http://localhost/_capacitor_file_/x.jpg', format: 'jpeg' }),
    );
    const foto = await tomarFotoNativa(cargar);
    expect(espia).toHaveBeenCalledWith({
      source: 'CAMERA',
      resultType: 'uri',
      quality: 85,
      correctOrientation: true,
      saveToGallery: false,
    });
    expect(fetch).toHaveBeenCalledWith('http://localhost/_capacitor_file_/x.jpg');
    expect(foto?.type).toBe('image/jpeg');
    expect(foto?.name).toMatch(/^foto-\d{4}-\d{2}-\d{2}-\d{6}\.jpg$/);
  });

  it('null when the person cancels; a Spanish message when the camera is not allowed', async () => {
    await expect(
      tomarFotoNativa(camara(() => Promise.reject(new Error('User cancelled photos app'))).cargar),
    ).resolves.toBeNull();
    const denegada = tomarFotoNativa(camara(() => Promise.reject(new Error('User denied access to camera'))).cargar);
    await expect(denegada).rejects.toBeInstanceOf(ErrorDeUsuario);
    await expect(denegada).rejects.toThrow(MENSAJE_SIN_PERMISO_CAMARA);
    await expect(tomarFotoNativa(camara(() => Promise.reject(new Error('boom'))).cargar)).rejects.toThrow(
      'No se pudo tomar la foto.',
    );
  });
});

describe('nombreDeFoto', () => {
  it('names the photo by the phone’s date and time', () => {
    expect(nombreDeFoto(new Date(2026, 4, 12, 14, 30, 5))).toBe('foto-2026-05-12-143005.jpg');
    expect(nombreDeFoto(new Date(2026, 0, 2, 3, 4, 5), 'jpeg')).toBe('foto-2026-01-02-030405.jpg');
    expect(nombreDeFoto(new Date(2026, 0, 2, 3, 4, 5), 'png')).toBe('foto-2026-01-02-030405.png');
    expect(nombreDeFoto(new Date(2026, 0, 2, 3, 4, 5), '../x')).toBe('foto-2026-01-02-030405.jpg');
  });
});
