import { LIMITES_SOLICITUD, MENSAJES_SOLICITUD, zSolicitudPublica } from '@delego/contract';
import { tipoComprimible } from '../../../lib/imagenes';
import { erroresDeProblemas, type ErroresCampos, type Validacion } from '../../../lib/formularios';

/**
 * The public request form (issue 33) as it holds its values, what it checks (the contract's
 * schema, with its Spanish messages) and the multipart body it sends.
 */
export interface ValoresSolicitud {
  que: string;
  donde: string;
  nombre: string;
  email: string;
  telefono: string;
  /** The honeypot: people never see it, so it stays empty; a robot fills it. */
  sitio: string;
}

/** The fields with a message at them: the check's, or the server's 400 (its `field`). */
export type CampoSolicitud = 'que' | 'donde' | 'nombre' | 'email' | 'telefono';
export const CAMPOS_SOLICITUD: readonly CampoSolicitud[] = ['que', 'donde', 'nombre', 'email', 'telefono'];

export const VALORES_VACIOS: ValoresSolicitud = { que: '', donde: '', nombre: '', email: '', telefono: '', sitio: '' };

export const LIMITES_CAMPOS: Record<CampoSolicitud, number> = {
  que: LIMITES_SOLICITUD.que,
  donde: LIMITES_SOLICITUD.donde,
  nombre: LIMITES_SOLICITUD.nombre,
  email: LIMITES_SOLICITUD.email,
  telefono: LIMITES_SOLICITUD.telefono,
};

/** What goes, checked: the texts trimmed, an empty optional one as null. */
export interface SolicitudLista {
  que: string;
  donde: string | null;
  nombre: string;
  email: string | null;
  telefono: string | null;
  sitio: string;
}

/**
 * Checks the values with the contract's schema. `conDonde` is false on a QR's form (the place is
 * the label's). The send's id (`clave`) is the form's own and always valid; the honeypot is not
 * checked (a robot gets no hint).
 */
export function validarSolicitud(
  v: ValoresSolicitud,
  clave: string,
  conDonde: boolean,
): Validacion<CampoSolicitud, SolicitudLista> {
  const r = zSolicitudPublica.safeParse({
    que: v.que,
    donde: conDonde ? v.donde : undefined,
    nombre: v.nombre,
    email: v.email,
    telefono: v.telefono,
    clave,
  });
  if (!r.success) {
    const errores: ErroresCampos<CampoSolicitud> = {};
    for (const [campo, mensaje] of Object.entries(erroresDeProblemas(r.error.issues))) {
      if ((CAMPOS_SOLICITUD as readonly string[]).includes(campo)) errores[campo as CampoSolicitud] = mensaje;
    }
    return { ok: false, errores };
  }
  const d = r.data;
  return {
    ok: true,
    datos: {
      que: d.que,
      donde: d.donde ?? null,
      nombre: d.nombre,
      email: d.email ?? null,
      telefono: d.telefono ?? null,
      sitio: v.sitio.slice(0, 500),
    },
  };
}

/**
 * The multipart body: the link's token `k` (none on a QR's form: the code is in the path) and the
 * fields first, then up to 5 parts `fotos`. Empty optional fields do not travel.
 */
export function cuerpoSolicitud(
  datos: SolicitudLista,
  clave: string,
  fotos: readonly File[],
  k: string | null,
): FormData {
  const f = new FormData();
  if (k !== null) f.append('k', k);
  f.append('que', datos.que);
  if (datos.donde) f.append('donde', datos.donde);
  f.append('nombre', datos.nombre);
  if (datos.email) f.append('email', datos.email);
  if (datos.telefono) f.append('telefono', datos.telefono);
  if (datos.sitio) f.append('sitio', datos.sitio);
  f.append('clave', clave);
  for (const foto of fotos) f.append('fotos', foto, foto.name);
  return f;
}

/** Photos chosen: those that may be added, and why the others may not (each message once). */
export function revisarFotos(elegidas: readonly File[], yaHay: number): { aceptadas: File[]; problemas: string[] } {
  const aceptadas: File[] = [];
  const problemas = new Set<string>();
  for (const foto of elegidas) {
    if (!tipoComprimible(foto)) problemas.add(MENSAJES_SOLICITUD.fotoNoImagen);
    else if (yaHay + aceptadas.length >= LIMITES_SOLICITUD.fotos) problemas.add(MENSAJES_SOLICITUD.demasiadasFotos);
    else aceptadas.push(foto);
  }
  return { aceptadas, problemas: [...problemas] };
}
