-- Issue 37 (docs/BENCHMARKS.md, docs/ESTADISTICAS.md «Altas por lotes»): a create no longer updates the
-- rollup's rows. Every create of a company and day rewrote the same six rows of `estadistica_resumen`
-- (locked until its commit, a new version each time, none of them HOT: the key INCLUDEs n and suma),
-- so creates of one company waited on each other and left dead rows behind. The INSERT branch of the
-- trigger now appends what the new orders add to `estadistica_resumen_deltas`, and
-- `estadistica_plegar()` moves those rows into the rollup in one statement, a few seconds later (the
-- statistics module runs it). The reads add both tables, so every answer stays exact at every moment.
-- Changes and deletes of orders, and the responsables' triggers, still write the rollup directly.
CREATE TABLE "estadistica_resumen_deltas" (
	"entidad_id" integer NOT NULL,
	"medida" smallint NOT NULL,
	"dia" date NOT NULL,
	"valor" integer NOT NULL,
	"n" integer NOT NULL,
	"suma" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "estadistica_ordenes_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    insert into estadistica_resumen_deltas (entidad_id, medida, dia, valor, n, suma)
    select a.entidad_id, a.medida, a.dia, a.valor, count(*)::int, sum(a.suma)
    from (
      select x.entidad_id, x.medida, x.dia, x.valor, x.suma
      from nuevos o cross join lateral estadistica_aportes(o.entidad_id, o.creada, o.estado_id, o.tipo_orden_id, o.area_id,
        o.cliente_id, o.finalizada, o.eliminada, o.fecha_fin) x
      union all
      select o.entidad_id, b.medida, b.dia, 0, b.suma
      from nuevos o cross join lateral estadistica_base_responsables(o.creada, o.estado_id, o.finalizada, o.eliminada, o.fecha_fin) b
    ) a
    group by a.entidad_id, a.medida, a.dia, a.valor;
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
-- Moves every appended row into the rollup: one row per key, in key order (as every writer of the
-- rollup locks its rows), and returns how many appended rows it moved. The DELETE and the upsert are
-- one statement: a row is moved once even when two instances fold at once (the second waits for the
-- first's rows and finds them gone). It gives up after 200 ms waiting for a lock (the caller tries
-- again later), so a fold never makes a user's write wait long nor deadlock with one.
CREATE FUNCTION "estadistica_plegar"() RETURNS integer LANGUAGE plpgsql VOLATILE SET lock_timeout = '200ms' AS $$
DECLARE movidas integer;
BEGIN
  with d as (
    delete from estadistica_resumen_deltas returning entidad_id, medida, dia, valor, n, suma
  ), sumadas as (
    insert into estadistica_resumen as r (entidad_id, medida, dia, valor, n, suma)
    select d.entidad_id, d.medida, d.dia, d.valor, sum(d.n)::int, sum(d.suma)
    from d
    group by d.entidad_id, d.medida, d.dia, d.valor
    having sum(d.n) <> 0 or sum(d.suma) <> 0
    order by d.entidad_id, d.medida, d.dia, d.valor
    on conflict (entidad_id, medida, dia, valor) do update set n = r.n + excluded.n, suma = r.suma + excluded.suma
  )
  select count(*)::int into movidas from d;
  RETURN movidas;
END
$$;
--> statement-breakpoint
-- One company's rollups recomputed from its orders (0013): its appended rows go too, or they would
-- count twice.
CREATE OR REPLACE FUNCTION "estadistica_recalcular"(entidad integer) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  delete from estadistica_resumen where entidad_id = entidad;
  delete from estadistica_resumen_deltas where entidad_id = entidad;
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
