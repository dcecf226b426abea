-- Issue 37 (docs/BENCHMARKS.md, docs/ESTADISTICAS.md «Altas por lotes»): a create appends one row
-- with its order's columns, not the six rollup rows it contributes. Working out those rows
-- (`estadistica_aportes`, `estadistica_base_responsables`) and inserting six of them was most of what
-- the create trigger of 0033 cost; it now happens in the fold, a few seconds later, for all the
-- orders of those seconds at once, and in the reads for the orders not folded yet
-- (`estadistica_pendientes()`). Every figure stays exact at every moment.
-- No order is written while this migration runs (every migration pending runs in one transaction,
-- so the lock holds until all commit): a create of an instance of the version before, still running
-- during an update one instance at a time, either finished before (its rows are folded below) or
-- starts after, with the new trigger.
LOCK TABLE "ordenes" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "estadistica_altas_pendientes" (
	"entidad_id" integer NOT NULL,
	"creada" timestamp with time zone NOT NULL,
	"estado_id" smallint NOT NULL,
	"tipo_orden_id" integer,
	"area_id" integer,
	"cliente_id" integer,
	"finalizada" timestamp with time zone,
	"eliminada" timestamp with time zone,
	"fecha_fin" timestamp with time zone
);
--> statement-breakpoint
-- What 0033's trigger appended and no fold moved yet goes into the rollup. Deleted and moved in one
-- statement, as the fold moves them: a fold of an instance of the version before, running at the same
-- moment, moves each row once with this. The table stays, empty, for those instances' reads (they add
-- it to the rollup); a later migration drops it.
WITH d AS (
  DELETE FROM estadistica_resumen_deltas RETURNING entidad_id, medida, dia, valor, n, suma
)
INSERT INTO estadistica_resumen AS r (entidad_id, medida, dia, valor, n, suma)
SELECT d.entidad_id, d.medida, d.dia, d.valor, sum(d.n)::int, sum(d.suma)
FROM d
GROUP BY d.entidad_id, d.medida, d.dia, d.valor
HAVING sum(d.n) <> 0 OR sum(d.suma) <> 0
ORDER BY d.entidad_id, d.medida, d.dia, d.valor
ON CONFLICT (entidad_id, medida, dia, valor) DO UPDATE SET n = r.n + excluded.n, suma = r.suma + excluded.suma;
--> statement-breakpoint
-- The rollup rows the orders not folded yet add: one order each (`n` 1), as the fold will add them.
-- A SQL function the planner inlines, so the read's conditions reach the pending rows.
CREATE FUNCTION "estadistica_pendientes"() RETURNS TABLE (entidad_id integer, medida smallint, dia date, valor integer, n integer, suma numeric)
LANGUAGE sql STABLE AS $$
  select x.entidad_id, x.medida, x.dia, x.valor, 1, x.suma
  from estadistica_altas_pendientes o cross join lateral estadistica_aportes(o.entidad_id, o.creada, o.estado_id,
    o.tipo_orden_id, o.area_id, o.cliente_id, o.finalizada, o.eliminada, o.fecha_fin) x
  union all
  select o.entidad_id, b.medida, b.dia, 0, 1, b.suma
  from estadistica_altas_pendientes o cross join lateral estadistica_base_responsables(o.creada, o.estado_id,
    o.finalizada, o.eliminada, o.fecha_fin) b
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "estadistica_ordenes_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    insert into estadistica_altas_pendientes (entidad_id, creada, estado_id, tipo_orden_id, area_id, cliente_id,
      finalizada, eliminada, fecha_fin)
    select entidad_id, creada, estado_id, tipo_orden_id, area_id, cliente_id, finalizada, eliminada, fecha_fin
    from nuevos;
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
--> statement-breakpoint
-- Moves every pending order into the rollup: its rows worked out, summed per key, in key order (as
-- every writer of the rollup locks its rows), and returns how many orders it moved. The DELETE and the
-- upsert are one statement: an order is moved once even when two instances fold at once (the second
-- waits for the first's rows and finds them gone). It gives up after 200 ms waiting for a lock (the
-- caller tries again later), so a fold never makes a user's write wait long nor deadlock with one.
CREATE OR REPLACE FUNCTION "estadistica_plegar"() RETURNS integer LANGUAGE plpgsql VOLATILE SET lock_timeout = '200ms' AS $$
DECLARE movidas integer;
BEGIN
  with d as (
    delete from estadistica_altas_pendientes
    returning entidad_id, creada, estado_id, tipo_orden_id, area_id, cliente_id, finalizada, eliminada, fecha_fin
  ), filas as (
    select x.entidad_id, x.medida, x.dia, x.valor, x.suma
    from d cross join lateral estadistica_aportes(d.entidad_id, d.creada, d.estado_id, d.tipo_orden_id, d.area_id,
      d.cliente_id, d.finalizada, d.eliminada, d.fecha_fin) x
    union all
    select d.entidad_id, b.medida, b.dia, 0, b.suma
    from d cross join lateral estadistica_base_responsables(d.creada, d.estado_id, d.finalizada, d.eliminada, d.fecha_fin) b
  ), sumadas as (
    insert into estadistica_resumen as r (entidad_id, medida, dia, valor, n, suma)
    select f.entidad_id, f.medida, f.dia, f.valor, count(*)::int, sum(f.suma)
    from filas f
    group by f.entidad_id, f.medida, f.dia, f.valor
    order by f.entidad_id, f.medida, f.dia, f.valor
    on conflict (entidad_id, medida, dia, valor) do update set n = r.n + excluded.n, suma = r.suma + excluded.suma
  )
  select count(*)::int into movidas from d;
  RETURN movidas;
END
$$;
--> statement-breakpoint
-- One company's rollups recomputed from its orders (0013): its pending orders go too, or they would
-- count twice.
CREATE OR REPLACE FUNCTION "estadistica_recalcular"(entidad integer) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  delete from estadistica_resumen where entidad_id = entidad;
  delete from estadistica_altas_pendientes where entidad_id = entidad;
  insert into estadistica_resumen (entidad_id, medida, dia, valor, n, suma)
  select x.entidad_id, x.medida, x.dia, x.valor, count(*)::int, sum(x.suma)
  from ordenes o cross join lateral estadistica_aportes(o.entidad_id, o.creada, o.estado_id, o.tipo_orden_id, o.area_id,
    o.cliente_id, o.finalizada, o.eliminada, o.fecha_fin) x
  where o.entidad_id = entidad
  group by 1, 2, 3, 4;
  insert into estadistica_resumen (entidad_id, medida, dia, valor, n, suma)
  select o.entidad_id, b.medida, b.dia, coalesce(r.usuario_id, 0), count(*)::int, sum(b.suma)
  from ordenes o left join orden_responsables r on r.orden_id = o.id
  cross join lateral estadistica_base_responsables(o.creada, o.estado_id, o.finalizada, o.eliminada, o.fecha_fin) b
  where o.entidad_id = entidad
  group by 1, 2, 3, 4;
  delete from estadistica_demora_responsable where entidad_id = entidad;
  insert into estadistica_demora_responsable (entidad_id, finalizada, usuario_id, orden_id, demora_s)
  select o.entidad_id, o.finalizada, r.usuario_id, o.id, estadistica_demora_s(o.fecha_fin, o.finalizada)
  from ordenes o join orden_responsables r on r.orden_id = o.id
  where o.entidad_id = entidad and o.eliminada is null and o.estado_id = 4 and o.finalizada > o.fecha_fin;
  delete from estadistica_encuesta_responsable where entidad_id = entidad;
  insert into estadistica_encuesta_responsable (entidad_id, usuario_id, respondida_en, encuesta_id, orden_id, puntaje)
  select e.entidad_id, r.usuario_id, e.respondida_en, e.id, o.id, e.puntaje
  from encuesta e join ordenes o on o.id = e.orden_id and o.entidad_id = e.entidad_id
  join orden_responsables r on r.orden_id = o.id
  where e.entidad_id = entidad and o.eliminada is null and e.puntaje is not null and e.respondida_en is not null;
END
$$;
