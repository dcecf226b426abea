import type {
  EnlaceSolicitudes,
  FormularioSolicitud,
  SeguimientoSolicitud,
  Solicitud,
  SolicitudEnviada,
} from '@delego/contract';

/** Test data and a fake browser upload for the requests (issue 33); the server is `test/servidor`. */

/** 12/11/2026 10:00 in Buenos Aires (UTC−3), the company's zone. */
export const EL_12_DE_NOVIEMBRE = Date.UTC(2026, 10, 12, 13, 0);

/** The token of a client's link and the code of a label, as the addresses carry them. */
export const K = 'k_Zx8pQ2mN4vB7cD1eF3gH5jK9';
export const CODIGO = 'Ab3_-xYz0123456789abcd';

export function makeFormulario(parcial: Partial<FormularioSolicitud> = {}): FormularioSolicitud {
  return { empresa: 'Demo Servicios S.A.', cliente: 'Clínica San Martín', lugar: null, ...parcial };
}

export function makeEnviada(parcial: Partial<SolicitudEnviada> = {}): SolicitudEnviada {
  return {
    mensaje: 'Recibimos su pedido. Le enviamos por correo un enlace para seguirlo.',
    seguimiento: 'https://delego.example/solicitud/seguimiento/t_abc123',
    ...parcial,
  };
}

/** Request 7 of client 3, pending: a leak in the kitchen, by Marta, with one photo. */
export function makeSolicitud(parcial: Partial<Solicitud> = {}): Solicitud {
  return {
    id: 7,
    clienteId: 3,
    clienteNombre: 'Clínica San Martín',
    que: 'Pierde agua la canilla de la cocina.\nEstá en el segundo piso.',
    donde: 'Cocina, 2.º piso',
    lugar: null,
    contacto: { nombre: 'Marta Gómez', email: 'marta@example.com', telefono: '341 555-1234' },
    fotos: [{ id: 70, nombre: 'canilla.jpg', tamano: 250_000 }],
    creada: EL_12_DE_NOVIEMBRE,
    estado: 'pendiente',
    motivo: null,
    resueltaPor: null,
    resuelta: null,
    orden: null,
    ...parcial,
  };
}

export function makeEnlace(parcial: Partial<EnlaceSolicitudes> = {}): EnlaceSolicitudes {
  return { clienteId: 3, activo: false, url: null, creado: null, ...parcial };
}

export function makeSeguimiento(parcial: Partial<SeguimientoSolicitud> = {}): SeguimientoSolicitud {
  return {
    empresa: 'Demo Servicios S.A.',
    que: 'Pierde agua la canilla de la cocina.',
    creada: EL_12_DE_NOVIEMBRE,
    estado: 'pendiente',
    motivo: null,
    resumen: null,
    ...parcial,
  };
}

/** A photo as a phone gives it. */
export function foto(nombre = 'foto.jpg', tipo = 'image/jpeg'): File {
  return new File(['jpeg-bytes'], nombre, { type: tipo });
}

// Multipart sends go through XMLHttpRequest (lib/http.ts): the shared fake keeps each request.
export { simularXhr as simularEnvios, type EnvioXhr as Envio } from '../../test/xhr-falso';

/** The server's error body, as `errorDelServidor` sends it. */
export function cuerpoDeError(message: string, code: string, field?: string) {
  return { message, code, requestId: 'prueba', ...(field ? { field } : {}) };
}
