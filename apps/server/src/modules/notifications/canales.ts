import {
  CANALES_AVISO,
  CANALES_POR_OMISION,
  EVENTOS_USUARIO,
  type CanalAviso,
  type Canales,
  type EventoUsuario,
} from '@delego/contract';

/** A user's channels for every kind of event (contract EVENTOS_USUARIO). */
export type MatrizCanales = Record<EventoUsuario, Canales>;

/**
 * Kinds without a choice of their own, that follow another kind's choice but never leave by
 * WhatsApp (it has no template for them): a service level's breach follows SLA_POR_VENCER, a removal
 * from an order's responsables follows ORDEN_ASIGNADA.
 */
const SIGUE_A: ReadonlyMap<string, EventoUsuario> = new Map([
  ['SLA_INCUMPLIDO', 'SLA_POR_VENCER'],
  ['ORDEN_QUITADA', 'ORDEN_ASIGNADA'],
]);

/**
 * The kind of event whose channels a notification of `tipo` follows: its own (ORDEN_ASIGNADA,
 * ORDEN_ESTADO, SLA_POR_VENCER, SOLICITUD_RECIBIDA), the one it follows (SIGUE_A); null for every
 * other kind, which keeps the app and push.
 */
export function eventoDeTipo(tipo: string): EventoUsuario | null {
  const sigue = SIGUE_A.get(tipo);
  if (sigue) return sigue;
  return (EVENTOS_USUARIO as readonly string[]).includes(tipo) ? (tipo as EventoUsuario) : null;
}

/** The channels a notification of `tipo` goes by, for a user whose choice is `matriz`. */
export function canalesDeNotificacion(tipo: string, matriz: MatrizCanales): Canales & { evento: EventoUsuario | null } {
  const evento = eventoDeTipo(tipo);
  if (!evento) return { evento: null, app: true, push: true, correo: false, whatsapp: false };
  const c = matriz[evento];
  return { evento, app: c.app, push: c.push, correo: c.correo, whatsapp: c.whatsapp && !SIGUE_A.has(tipo) };
}

/** A user's stored rows over the defaults (a kind without a row, or an unknown one, stays as CANALES_POR_OMISION). */
export function matrizDe(filas: readonly ({ evento: string } & Canales)[]): MatrizCanales {
  const m = Object.fromEntries(EVENTOS_USUARIO.map((e) => [e, { ...CANALES_POR_OMISION[e] }])) as MatrizCanales;
  for (const f of filas) {
    const evento = eventoDeTipo(f.evento);
    if (evento === f.evento) m[evento] = { app: f.app, push: f.push, correo: f.correo, whatsapp: f.whatsapp };
  }
  return m;
}

/** Whether `canal` is one of the four channels (a column's name is built from it). */
export function esCanal(canal: string): canal is CanalAviso {
  return (CANALES_AVISO as readonly string[]).includes(canal);
}
