import { horasTexto, zRegistroCambios, type RegistroOrden } from '@delego/contract';
import type { Cambio } from '../../../lib/outbox';

/** What every entry logged on this device says: the change that holds it, that change's state, its date. */
interface Pendiente {
  clave: string;
  estado: Cambio['estado'];
  /** It corrects an entry the server has (else it is new). */
  correccion: boolean;
  /** The id of the entry it corrects; null when it is new. */
  id: number | null;
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
  return { clave: `${c.id}:${clave}`, estado: c.estado, correccion: e.id != null, id: e.id ?? null, fecha: e.fecha };
}

/**
 * The order's totals as they will be once the outbox is sent: the server's entries, each corrected
 * or taken out as its pending change says, plus the new ones. A change the server refused counts
 * for nothing (it waits to be corrected or discarded). Null when nothing pending changes them.
 */
export function totalesConPendientes(
  registro: Pick<RegistroOrden, 'horas' | 'gastos' | 'totales'>,
  cambios: readonly Cambio[],
): RegistroOrden['totales'] | null {
  const p = registroPendiente(cambios.filter((c) => c.estado !== 'rechazado'));
  if (!p.horas.length && !p.gastos.length && !p.borrados.horas.size && !p.borrados.gastos.size) return null;

  const minutos = new Map<number | string, number>(registro.horas.map((h) => [h.id, h.horas * 60 + h.minutos]));
  for (const h of p.horas) minutos.set(h.id ?? h.clave, h.horas * 60 + h.minutos);
  for (const id of p.borrados.horas) minutos.delete(id);

  // In cents, so that adding amounts never drifts.
  const gastos = new Map<number | string, { centavos: number; moneda: string }>(
    registro.gastos.map((g) => [g.id, { centavos: Math.round(g.monto * 100), moneda: g.moneda }]),
  );
  for (const g of p.gastos) gastos.set(g.id ?? g.clave, { centavos: Math.round(g.monto * 100), moneda: g.moneda });
  for (const id of p.borrados.gastos) gastos.delete(id);

  // The server's currencies first, in its order; a currency only pending entries use, after them.
  const porMoneda = new Map<string, number>(registro.totales.gastos.map((t) => [t.moneda, 0]));
  for (const { centavos, moneda } of gastos.values()) porMoneda.set(moneda, (porMoneda.get(moneda) ?? 0) + centavos);
  const total = [...minutos.values()].reduce((a, b) => a + b, 0);
  return {
    minutos: total,
    horas: horasTexto(total),
    gastos: [...porMoneda]
      .filter(([, centavos]) => centavos !== 0)
      .map(([moneda, centavos]) => ({ moneda, total: centavos / 100 })),
  };
}
