/**
 * The state table, without Zod (the first-stage screens of the web import it through
 * `@delego/contract/ligero`; estados.ts re-exports it with the schema).
 *
 * Order states and the transitions between them (SPEC §4 leaves them to us; docs/ESTADOS.md
 * explains the design). Ids are stable: they are stored and travel in the API.
 */
export const ESTADO = {
  PENDIENTE: 1,
  EN_PROCESO: 2,
  EN_ESPERA: 3,
  FINALIZADA: 4,
  CANCELADA: 5,
} as const;
export type EstadoId = (typeof ESTADO)[keyof typeof ESTADO];
export type EstadoCodigo = keyof typeof ESTADO;

export interface EstadoInfo {
  id: EstadoId;
  codigo: EstadoCodigo;
  nombre: string;
  /** Ionic colour of its badge. */
  color: string;
  /** Closed states stop the overdue clock and leave the default open list. */
  cerrado: boolean;
}

export const ESTADOS: readonly EstadoInfo[] = [
  { id: 1, codigo: 'PENDIENTE', nombre: 'Pendiente', color: 'medium', cerrado: false },
  { id: 2, codigo: 'EN_PROCESO', nombre: 'En proceso', color: 'primary', cerrado: false },
  { id: 3, codigo: 'EN_ESPERA', nombre: 'En espera', color: 'warning', cerrado: false },
  { id: 4, codigo: 'FINALIZADA', nombre: 'Finalizada', color: 'success', cerrado: true },
  { id: 5, codigo: 'CANCELADA', nombre: 'Cancelada', color: 'danger', cerrado: true },
];

export const ESTADOS_ABIERTOS: readonly EstadoId[] = ESTADOS.filter((e) => !e.cerrado).map((e) => e.id);

/** The transition table: from each state, the states it may move to. */
export const TRANSICIONES: Readonly<Record<EstadoId, readonly EstadoId[]>> = {
  1: [2, 3, 4, 5],
  2: [1, 3, 4, 5],
  3: [2, 4, 5],
  4: [2],
  5: [1],
};

export function estadoInfo(id: number): EstadoInfo | undefined {
  return ESTADOS.find((e) => e.id === id);
}

/** A state as an order shows it (`zEstado`): an id that is not in the table (never stored) shows as «—». */
export function estadoVisible(id: number): { id: number; nombre: string; color: string } {
  const info = estadoInfo(id);
  return { id, nombre: info?.nombre ?? '—', color: info?.color ?? 'medium' };
}

export function esEstadoValido(id: number): id is EstadoId {
  return ESTADOS.some((e) => e.id === id);
}

export function transicionPermitida(desde: number, hacia: number): boolean {
  if (!esEstadoValido(desde) || !esEstadoValido(hacia)) return false;
  return TRANSICIONES[desde].includes(hacia);
}

/** Finishing, and reopening a finished order, need finalizarOrden. */
export function requiereFinalizar(desde: number, hacia: number): boolean {
  return hacia === ESTADO.FINALIZADA || desde === ESTADO.FINALIZADA;
}
