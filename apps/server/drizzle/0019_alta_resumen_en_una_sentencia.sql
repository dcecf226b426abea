-- Issue 37 (docs/BENCHMARKS.md): the statistics rollup of new orders in one statement. The INSERT
-- branch of `estadistica_ordenes_trg` built six arrays from the transition table and handed them to
-- `estadistica_sumar`, which unnested them into the upsert; that round trip through PL/pgSQL was about
-- 0.35 ms of the ~0.5 ms the trigger took per create (auto_explain, nested statements), against
-- ~0.13 ms for the same upsert written over the transition table directly. Same rows, same sums, same
-- key order (concurrent writers lock rollup rows in one order); an INSERT adds 1 per order, so no
-- group can sum to zero and the HAVING of `estadistica_sumar` is not needed. The UPDATE branch is
-- unchanged (as in 0011).
CREATE OR REPLACE FUNCTION "estadistica_ordenes_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    insert into estadistica_resumen as r (entidad_id, medida, dia, valor, n, suma)
    select a.entidad_id, a.medida, a.dia, a.valor, count(*)::int, sum(a.suma)
    from (
      select x.entidad_id, x.medida, x.dia, x.valor, x.suma
      from nuevos o cross join lateral estadistica_aportes(o.entidad_id, o.creada, o.estado_id, o.tipo_orden_id, o.area_id,
        o.cliente_id, o.finalizada, o.eliminada, o.fecha_fin) x
      union all
      select o.entidad_id, b.medida, b.dia, 0, b.suma
      from nuevos o cross join lateral estadistica_base_responsables(o.creada, o.estado_id, o.finalizada, o.eliminada, o.fecha_fin) b
    ) a
    group by a.entidad_id, a.medida, a.dia, a.valor
    order by a.entidad_id, a.medida, a.dia, a.valor
    on conflict (entidad_id, medida, dia, valor) do update set n = r.n + excluded.n, suma = r.suma + excluded.suma;
  ELSE
    PERFORM estadistica_sumar(array_agg(a.entidad_id), array_agg(a.medida), array_agg(a.dia), array_agg(a.valor),
      array_agg(a.n), array_agg(a.suma))
    FROM (
      with c as (
        select v.id, v.entidad_id as e0, v.creada as c0, v.estado_id as s0, v.tipo_orden_id as t0, v.area_id as a0,
          v.cliente_id as k0, v.finalizada as f0, v.eliminada as x0, v.fecha_fin as v0,
          n.entidad_id as e1, n.creada as c1, n.estado_id as s1, n.tipo_orden_id as t1, n.area_id as a1,
          n.cliente_id as k1, n.finalizada as f1, n.eliminada as x1, n.fecha_fin as v1
        from viejos v join nuevos n on n.id = v.id
        where (v.entidad_id, v.creada, v.estado_id, v.tipo_orden_id, v.area_id, v.cliente_id, v.finalizada, v.eliminada is null, v.fecha_fin)
          is distinct from (n.entidad_id, n.creada, n.estado_id, n.tipo_orden_id, n.area_id, n.cliente_id, n.finalizada, n.eliminada is null, n.fecha_fin)
      )
      select x.entidad_id, x.medida, x.dia, x.valor, -1 as n, -x.suma as suma
      from c cross join lateral estadistica_aportes(c.e0, c.c0, c.s0, c.t0, c.a0, c.k0, c.f0, c.x0, c.v0) x
      union all
      select x.entidad_id, x.medida, x.dia, x.valor, 1, x.suma
      from c cross join lateral estadistica_aportes(c.e1, c.c1, c.s1, c.t1, c.a1, c.k1, c.f1, c.x1, c.v1) x
      union all
      select x.entidad_id, x.medida, x.dia, x.valor, -1, -x.suma
      from c cross join lateral estadistica_aportes_responsables(c.id, c.e0, c.c0, c.s0, c.f0, c.x0, c.v0) x
      union all
      select x.entidad_id, x.medida, x.dia, x.valor, 1, x.suma
      from c cross join lateral estadistica_aportes_responsables(c.id, c.e1, c.c1, c.s1, c.f1, c.x1, c.v1) x
    ) a;
  END IF;
  RETURN NULL;
END
$$;
