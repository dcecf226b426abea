import { zRegistroCambios } from '@delego/contract';
import type { Cambio } from '../../../lib/outbox';

/** What every entry logged on this device says: the change that holds it, that change's state, its date. */
interface Pendiente {
  clave: string;
  estado: Cambio['estado'];
  /** It corrects an entry the server has (else it is new). */
  correccion: boolean;
  fecha: number;
}

/** Hours logged on this device that the server does not have yet. */
export interface HorasPendientes extends Pendiente {
  horas: number;
  minutos: number;
  descripcion: string;
  /** Whose hours they are when logged for someone else; null: the person's own. */
  usuarioId: number | null;
}

/** An expense logged on this device that the server does not have yet. */
export interface GastoPendiente extends Pendiente {
  concepto: string;
  monto: number;
  moneda: string;
}

export interface RegistroPendiente {
  horas: HorasPendientes[];
  gastos: GastoPendiente[];
  /** The ids of the entries whose removal waits: still on the server's list until it is sent. */
  borrados: { horas: Set<number>; gastos: Set<number> };
}

/**
 * What the order's `registro` changes in the outbox add to its hours and expenses, read with the
 * contract's schema (a body that does not pass is left out: the list of pending changes shows it).
 */
export function registroPendiente(cambios: readonly Cambio[]): RegistroPendiente {
  const r: RegistroPendiente = { horas: [], gastos: [], borrados: { horas: new Set(), gastos: new Set() } };
  for (const c of cambios) {
    if (c.tipo !== 'registro') continue;
    const leido = zRegistroCambios.safeParse(c.cuerpo);
    if (!leido.success) continue;
    const { horas, gastos, borrados } = leido.data;
    horas.forEach((h, i) =>
      r.horas.push({
        ...pendiente(c, `h${i}`, h),
        horas: h.horas,
        minutos: h.minutos,
        descripcion: h.descripcion,
        usuarioId: h.usuarioId ?? null,
      }),
    );
    gastos.forEach((g, i) =>
      r.gastos.push({
        ...pendiente(c, `g${i}`, g),
        concepto: g.concepto,
        // The schema reads the amount as cents; the screen shows units, as the server answers.
        monto: g.monto / 100,
        moneda: g.moneda,
      }),
    );
    for (const id of borrados.horas) r.borrados.horas.add(id);
    for (const id of borrados.gastos) r.borrados.gastos.add(id);
  }
  return r;
}

function pendiente(c: Cambio, clave: string, e: { id?: number | null; fecha: number }): Pendiente {
  return { clave: `${c.id}:${clave}`, estado: c.estado, correccion: e.id != null, fecha: e.fecha };
}
