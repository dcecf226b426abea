import type { EstadoSolicitud } from '@delego/contract';

/** Query keys of the requests from outside the company (issue 33): the company's side. */
export const solicitudesKeys = {
  all: ['solicitudes'] as const,
  /** The inbox, one list per state. */
  listas: () => [...solicitudesKeys.all, 'lista'] as const,
  lista: (estado: EstadoSolicitud) => [...solicitudesKeys.listas(), estado] as const,
  /** The menu's badge. */
  pendientes: () => [...solicitudesKeys.all, 'pendientes'] as const,
  detalle: (id: number) => [...solicitudesKeys.all, 'detalle', id] as const,
  /** A photo's bytes, under its request: whatever drops the request drops them. */
  foto: (id: number, fotoId: number) => [...solicitudesKeys.detalle(id), 'foto', fotoId] as const,
  /** A client's request link (administrators). */
  enlace: (clienteId: number) => [...solicitudesKeys.all, 'enlace', clienteId] as const,
};

/**
 * The public side's keys (no session), apart: a live refresh of the inbox never touches them, and
 * they are never kept on the device (lib/cache-persistente keeps only the roots it names).
 */
export const solicitudPublicaKeys = {
  all: ['solicitud-publica'] as const,
  /** The form of a client's link (`k`) or of a QR (`codigo`). */
  formulario: (k: string) => [...solicitudPublicaKeys.all, 'formulario', k] as const,
  formularioQr: (codigo: string) => [...solicitudPublicaKeys.all, 'qr', codigo] as const,
  seguimiento: (t: string) => [...solicitudPublicaKeys.all, 'seguimiento', t] as const,
};
