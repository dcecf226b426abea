import { sql } from 'drizzle-orm';
import type { Db } from '../src/kernel/db/client.js';

/**
 * The statistics rollup as the triggers keep it (`guardado`: the rollup's rows plus the rows of the new
 * orders no fold has moved yet, summed per key, as every read adds them), and recomputed from the orders as
 * migration 0011's backfill does it (`recalculado`): a test that writes orders expects both equal.
 */
export async function resumenGuardadoYRecalculado(db: Db): Promise<{ guardado: unknown[]; recalculado: unknown[] }> {
  const guardado = await db.execute(sql`
    select entidad_id, medida, dia::text as dia, valor, sum(n)::int as n, trim_scale(sum(suma))::text as suma from (
      select entidad_id, medida, dia, valor, n, suma from estadistica_resumen
      union all select entidad_id, medida, dia, valor, n, suma from estadistica_pendientes()
    ) t group by 1, 2, 3, 4 having sum(n) <> 0 or sum(suma) <> 0 order by 1, 2, 3, 4`);
  const recalculado = await db.execute(sql`
    select entidad_id, medida, dia::text as dia, valor, n, trim_scale(suma)::text as suma from (
      select x.entidad_id, x.medida, x.dia, x.valor, count(*)::int as n, sum(x.suma) as suma
      from ordenes o cross join lateral estadistica_aportes(o.entidad_id, o.creada, o.estado_id, o.tipo_orden_id,
        o.area_id, o.cliente_id, o.finalizada, o.eliminada, o.fecha_fin) x
      group by 1, 2, 3, 4
      union all
      select o.entidad_id, b.medida, b.dia, coalesce(r.usuario_id, 0), count(*)::int, sum(b.suma)
      from ordenes o left join orden_responsables r on r.orden_id = o.id
      cross join lateral estadistica_base_responsables(o.creada, o.estado_id, o.finalizada, o.eliminada, o.fecha_fin) b
      group by 1, 2, 3, 4
    ) t order by 1, 2, 3, 4`);
  return { guardado: guardado.rows, recalculado: recalculado.rows };
}
