import type { ReglaRecurrencia } from '@delego/contract';
import { sumarDias } from '@delego/contract';
import type { DbOrTx } from '../kernel/db/client.js';
import { mantenimientos } from '../modules/maintenance/maintenance.tables.js';

/**
 * `n` active maintenance plans of one client, written directly (tests and the bench): each one
 * with its cursor on its first due day, as saving the plan would leave it. `regla(i)` and
 * `inicio(i)` give each plan its rule and start.
 */
export async function makeMantenimientos(
  db: DbOrTx,
  o: {
    entidadId: number;
    clienteId: number;
    creadoPor: number;
    n: number;
    regla: (i: number) => ReglaRecurrencia;
    inicio: (i: number) => string;
    /** The first due day of plan `i` (by default its start, which suits rules due on their start). */
    primera?: (i: number) => string;
    titulo?: (i: number) => string;
    responsables?: number[];
  },
): Promise<void> {
  for (let desde = 0; desde < o.n; desde += 1000) {
    const filas = Array.from({ length: Math.min(1000, o.n - desde) }, (_, k) => {
      const i = desde + k;
      const proxima = o.primera?.(i) ?? o.inicio(i);
      return {
        entidadId: o.entidadId,
        clienteId: o.clienteId,
        regla: o.regla(i),
        inicio: o.inicio(i),
        titulo: o.titulo?.(i) ?? `Mantenimiento ${i + 1}`,
        responsables: o.responsables ?? [],
        creadoPor: o.creadoPor,
        proxima,
        generarDesde: sumarDias(proxima, 0),
      };
    });
    await db.insert(mantenimientos).values(filas);
  }
}
