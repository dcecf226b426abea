import { z } from 'zod';

/**
 * A database id: a positive integer (in a path, a query or a body, as a number or as digits).
 * `mensaje` replaces the generic reason, e.g. to say which choice is missing.
 */
export function zIdCon(mensaje = 'Debe ser un número entero positivo (el id de un registro).') {
  return z.coerce.number(mensaje).int(mensaje).positive(mensaje).max(2_147_483_647, mensaje);
}

/** Database ids travel as positive integers. */
export const zId = zIdCon();

/** Dates travel as milliseconds since the epoch. */
export const zEpochMs = z.number().int();

/** Every error body: a Spanish message a person can read, a stable code, and the request id. */
export const zErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  requestId: z.string(),
  field: z.string().optional(),
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof zErrorBody>;

/** Fixed Spanish messages shared by the server and the web client (SPEC §8). */
export const MENSAJES = {
  loginInvalido: 'Los datos de Login son inválidos',
  errorInesperado: 'Ocurrió un error inesperado',
  sinServidor: 'No se pudo conectar con el servidor. Revise la conexión a internet.',
  offline: 'No hay conexión con el servidor. Los datos pueden estar desactualizados.',
  demasiadosIntentos:
    'Demasiados intentos fallidos. Espere unos minutos antes de volver a intentar.',
  sinPermiso: 'No tiene permiso para realizar esta acción.',
  noEncontrado: 'No se encontró el recurso solicitado.',
  datosInvalidos: 'Los datos enviados no son válidos.',
} as const;

/** Business constants of SPEC §9. */
export const CONSTANTES = {
  reconexionSocketMs: 5000,
  umbralQuotaBaja: 0.15,
  estadisticasDesdeDefecto: '2019-06-01',
  estadisticasHastaDefecto: '2019-10-30',
  anchoMenuPx: 300,
  anchoMenuMinPx: 250,
  toastOfflineMs: 3000,
} as const;
