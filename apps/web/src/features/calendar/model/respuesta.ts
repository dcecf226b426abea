import {
  estadoVisible,
  type Calendario,
  type OrdenCalendario,
  type Persona,
  type ProgramadaEnCalendario,
} from '@delego/contract';

/**
 * The calendar's answer as the screen shows it (docs/CALENDARIO.md), pure: the server names each
 * person and client once and the rows refer to them by id (a month may hold thousands of orders);
 * here each row gets its state, its people and its client back.
 */

/** An order of the answer with its state and its responsables named (in the answer's order). */
export interface OrdenEnVista extends Omit<OrdenCalendario, 'estadoId' | 'responsables'> {
  estado: { id: number; nombre: string; color: string };
  responsables: Persona[];
}

/** A scheduled occurrence with its client and its responsables named. */
export interface ProgramadaEnVista extends Omit<ProgramadaEnCalendario, 'clienteId' | 'responsables'> {
  cliente: { id: number; nombre: string } | null;
  responsables: Persona[];
}

export interface CalendarioEnVista {
  ordenes: OrdenEnVista[];
  programadas: ProgramadaEnVista[];
}

/** The answer's rows with their ids named; an id the answer does not name is left out. */
export function enVista(c: Pick<Calendario, 'ordenes' | 'programadas' | 'personas' | 'clientes'>): CalendarioEnVista {
  const personas = new Map(c.personas.map((p) => [p.id, p]));
  const clientes = new Map(c.clientes.map((x) => [x.id, x]));
  const nombradas = (ids: readonly number[]) =>
    ids.map((id) => personas.get(id)).filter((p): p is Persona => p !== undefined);
  return {
    ordenes: c.ordenes.map(({ estadoId, responsables, ...o }) => ({
      ...o,
      estado: estadoVisible(estadoId),
      responsables: nombradas(responsables),
    })),
    programadas: c.programadas.map(({ clienteId, responsables, ...p }) => ({
      ...p,
      cliente: clienteId == null ? null : (clientes.get(clienteId) ?? null),
      responsables: nombradas(responsables),
    })),
  };
}
