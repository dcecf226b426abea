import { z } from 'zod';

/** A notification (SPEC §3: it has a read flag). */
export const zNotificacion = z.object({
  id: z.number().int(),
  tipo: z.string(),
  titulo: z.string(),
  mensaje: z.string(),
  ordenId: z.number().int().nullable(),
  fecha: z.number().int(),
  leida: z.boolean(),
});
export type Notificacion = z.infer<typeof zNotificacion>;

export const TIPOS_NOTIFICACION = ['ORDEN_ASIGNADA', 'ORDEN_ESTADO', 'ORDEN_VENCIDA'] as const;

/** What the live socket carries on each destination (SPEC §7 Live socket). */
export const zMensajeEntidad = z.object({
  tipo: z.enum(['orden.creada', 'orden.modificada', 'orden.eliminada', 'orden.estadoCambiado', 'orden.responsablesCambiados']),
  ordenId: z.number().int(),
});
export const zMensajeCache = z.object({ tipo: z.enum(['clientes', 'usuarios']) });

export const API_NOTIFICACIONES = {
  todas: '/api/v2/notificaciones/all',
  leida: (id: number) => `/api/v2/notificaciones/leida/${id}`,
  registrar: (flag: boolean, deviceToken: string) =>
    `/api/v2/notificaciones/registrar/${flag}/${encodeURIComponent(deviceToken)}`,
  vapid: '/api/v2/notificaciones/vapid',
} as const;
