import { ErrorDeUsuario } from '../errors';
import { plataformaNativa } from './plataforma';

/**
 * «Tomar foto» (issue 17): the phone's camera, in the native app through @capacitor/camera, and in
 * a browser through a file input that asks for the rear camera (`capture="environment"`; a
 * desktop browser offers its file picker instead). Resolves with the photo, or null when the
 * person cancels. The photo is made smaller later, with every other file (lib/imagenes.ts).
 *
 * Call it straight from a tap: a browser opens the camera only during a user gesture, so the
 * web path does not wait for anything before it clicks the input.
 */
export function tomarFoto(): Promise<File | null> {
  return plataformaNativa() ? tomarFotoNativa() : tomarFotoWeb();
}

export const MENSAJE_SIN_PERMISO_CAMARA =
  'La app no tiene permiso para usar la cámara. Actívelo en los ajustes del teléfono y vuelva a intentarlo.';
const MENSAJE_CAMARA_FALLIDA = 'No se pudo tomar la foto.';

/** The name a photo gets: 'foto-2026-05-12-143005.jpg', from the phone's clock. */
export function nombreDeFoto(fecha: Date, extension = 'jpg'): string {
  const dos = (n: number) => String(n).padStart(2, '0');
  const dia = `${fecha.getFullYear()}-${dos(fecha.getMonth() + 1)}-${dos(fecha.getDate())}`;
  const hora = `${dos(fecha.getHours())}${dos(fecha.getMinutes())}${dos(fecha.getSeconds())}`;
  const ext = /^[a-z0-9]{1,5}$/i.test(extension) ? extension.toLowerCase() : 'jpg';
  return `foto-${dia}-${hora}.${ext === 'jpeg' ? 'jpg' : ext}`;
}

/** The browser: a one-off file input for the rear camera, gone once it answers. */
export function tomarFotoWeb(): Promise<File | null> {
  return new Promise((resolver) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/*';
    input.setAttribute('capture', 'environment');
    input.hidden = true;
    input.dataset.testid = 'tomar-foto-input';
    let listo = false;
    const terminar = (archivo: File | null) => {
      if (listo) return;
      listo = true;
      input.remove();
      resolver(archivo);
    };
    input.addEventListener('change', () => terminar(input.files?.[0] ?? null));
    // Chromium 113+ and Safari 16.4+ say when the picker closes with nothing chosen.
    input.addEventListener('cancel', () => terminar(null));
    document.body.append(input);
    input.click();
  });
}

type Cargar = () => Promise<Pick<typeof import('@capacitor/camera'), 'Camera' | 'CameraResultType' | 'CameraSource'>>;

/** Capacitor's camera: the photo is read from the file it wrote (Uri), not copied as base64. */
export async function tomarFotoNativa(cargar: Cargar = () => import('@capacitor/camera')): Promise<File | null> {
  const { Camera, CameraResultType, CameraSource } = await cargar();
  let foto;
  try {
    foto = await Camera.getPhoto({
      source: CameraSource.Camera,
      resultType: CameraResultType.Uri,
      quality: 85,
      correctOrientation: true,
      saveToGallery: false,
    });
  } catch (error) {
    const texto = error instanceof Error ? error.message : String(error);
    if (/cancel/i.test(texto)) return null;
    if (/denied|permission/i.test(texto)) throw new ErrorDeUsuario(MENSAJE_SIN_PERMISO_CAMARA);
    throw new ErrorDeUsuario(MENSAJE_CAMARA_FALLIDA);
  }
  if (!foto.webPath) throw new ErrorDeUsuario(MENSAJE_CAMARA_FALLIDA);
  const respuesta = await fetch(foto.webPath);
  const blob = await respuesta.blob();
  const tipo = blob.type || `image/${foto.format === 'jpg' ? 'jpeg' : foto.format}`;
  return new File([blob], nombreDeFoto(new Date(), foto.format), { type: tipo, lastModified: Date.now() });
}
