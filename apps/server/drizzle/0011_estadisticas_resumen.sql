-- Issue 14, item 7 (docs/ESTADISTICAS.md, «Resumen diario»): a daily rollup of the orders per company,
-- day of Argentina and measure, kept exact by triggers in the same transaction as every write of
-- `ordenes` and `orden_responsables` (whatever module or statement makes it), and backfilled here.
-- `n` counts orders, `suma` adds seconds (numeric: what a write adds, the next one takes away exactly).
--   medida 1: created that day, by state (valor = estado_id)
--   medida 2: created that day, by type (valor = tipo_orden_id, 0 = none)
--   medida 3: created that day, by area (valor = area_id, 0 = none)
--   medida 4: created that day, by client (valor = cliente_id, 0 = none)
--   medida 5: created that day, by responsable (valor = usuario_id, 0 = none; an order with two counts for both)
--   medida 6: finished that day (state Finalizada, by `finalizada`; valor = 0)
--   medida 7: finished that day, by 6-hour bucket of resolution time (valor = bucket; suma = seconds)
--   medida 8: finished late, by due day and type (suma = seconds late)
--   medida 9: finished on time, by due day and type
--   medida 10: finished late, by due day and responsable (0 = none; suma = seconds late)
--   medida 11: finished late, by due day and 6-hour bucket of delay
--   medida 12: open, by due day and responsable (suma = epoch of the due dates: on a past day every
--              open order is late, and its delay now is n * now - suma)
-- Open orders are not in 8-11: their delay is now - due, it grows by itself; they are read live
-- (`ordenes_estadisticas_abiertas_idx`), except by responsable on past days (12). Deleted orders
-- (`eliminada` set) count nowhere. Rows whose count went back to 0 stay (readers skip them).
-- Derived data: no foreign key.
CREATE TABLE "estadistica_resumen" (
	"entidad_id" integer NOT NULL,
	"medida" smallint NOT NULL,
	"dia" date NOT NULL,
	"valor" integer NOT NULL,
	"n" integer NOT NULL,
	"suma" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "estadistica_resumen_pk" PRIMARY KEY ("entidad_id","medida","dia","valor") INCLUDE ("n","suma")
);
--> statement-breakpoint
-- The Argentina day of an instant (the statistics' calendar, docs/FECHAS.md).
CREATE FUNCTION "estadistica_dia"(t timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  select (t at time zone 'America/Argentina/Buenos_Aires')::date
$$;
--> statement-breakpoint
-- Resolution and delay in seconds, float8, exactly as the live statistics compute them.
CREATE FUNCTION "estadistica_resolucion_s"(creada timestamptz, finalizada timestamptz) RETURNS float8
LANGUAGE sql IMMUTABLE AS $$ select greatest(date_part('epoch', finalizada - creada), 0) $$;
--> statement-breakpoint
CREATE FUNCTION "estadistica_demora_s"(fecha_fin timestamptz, finalizada timestamptz) RETURNS float8
LANGUAGE sql IMMUTABLE AS $$ select date_part('epoch', finalizada - fecha_fin) $$;
--> statement-breakpoint
-- The 6-hour bucket of a duration (0 for 0 or less). 1, 3, 7, 14 and 30 days are bucket edges.
CREATE FUNCTION "estadistica_cubeta"(s float8) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ select floor(greatest(s, 0) / 21600)::integer $$;
--> statement-breakpoint
-- Adds the signed deltas (one row per delta) to the rollup: summed per key first (ON CONFLICT may
-- touch a row once per statement), keys in order (concurrent writers lock rows in the same order).
-- PL/pgSQL, not SQL: its statement's plan is kept per connection (an SQL function that cannot be
-- inlined is planned again on every call, in every order write).
CREATE FUNCTION "estadistica_sumar"(entidades integer[], medidas smallint[], dias date[], valores integer[], ns integer[], sumas numeric[])
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF entidades IS NULL THEN RETURN; END IF;
  insert into estadistica_resumen as r (entidad_id, medida, dia, valor, n, suma)
  select d.e, d.m, d.d, d.v, sum(d.n)::int, sum(d.s)
  from unnest(entidades, medidas, dias, valores, ns, sumas) as d(e, m, d, v, n, s)
  group by d.e, d.m, d.d, d.v
  having sum(d.n) <> 0 or sum(d.s) <> 0
  order by d.e, d.m, d.d, d.v
  on conflict (entidad_id, medida, dia, valor) do update set n = r.n + excluded.n, suma = r.suma + excluded.suma;
END
$$;
--> statement-breakpoint
-- What one order row adds to the measures that do not depend on its responsables.
CREATE FUNCTION "estadistica_aportes"(entidad integer, creada timestamptz, estado smallint, tipo integer, area integer,
  cliente integer, finalizada timestamptz, eliminada timestamptz, fecha_fin timestamptz)
RETURNS TABLE(entidad_id integer, medida smallint, dia date, valor integer, suma numeric) LANGUAGE sql STABLE AS $$
  select entidad, m.medida, m.dia, m.valor, m.suma
  from (values
    (1::smallint, estadistica_dia(creada), estado::integer, 0::numeric),
    (2::smallint, estadistica_dia(creada), coalesce(tipo, 0), 0),
    (3::smallint, estadistica_dia(creada), coalesce(area, 0), 0),
    (4::smallint, estadistica_dia(creada), coalesce(cliente, 0), 0),
    (6::smallint, case when estado = 4 then estadistica_dia(finalizada) end, 0, 0),
    (7::smallint, case when estado = 4 then estadistica_dia(finalizada) end,
      estadistica_cubeta(estadistica_resolucion_s(creada, finalizada)), greatest(extract(epoch from finalizada - creada), 0)),
    (8::smallint, case when estado = 4 and finalizada > fecha_fin then estadistica_dia(fecha_fin) end,
      coalesce(tipo, 0), extract(epoch from finalizada - fecha_fin)),
    (9::smallint, case when estado = 4 and finalizada <= fecha_fin then estadistica_dia(fecha_fin) end, coalesce(tipo, 0), 0),
    (11::smallint, case when estado = 4 and finalizada > fecha_fin then estadistica_dia(fecha_fin) end,
      estadistica_cubeta(estadistica_demora_s(fecha_fin, finalizada)), 0)
  ) as m(medida, dia, valor, suma)
  where eliminada is null and m.dia is not null
$$;
--> statement-breakpoint
-- What one order adds per responsable (multiplied by its responsables, or by «none» = 0).
CREATE FUNCTION "estadistica_base_responsables"(creada timestamptz, estado smallint, finalizada timestamptz,
  eliminada timestamptz, fecha_fin timestamptz)
RETURNS TABLE(medida smallint, dia date, suma numeric) LANGUAGE sql STABLE AS $$
  select m.medida, m.dia, m.suma
  from (values
    (5::smallint, estadistica_dia(creada), 0::numeric),
    (10::smallint, case when estado = 4 and finalizada > fecha_fin then estadistica_dia(fecha_fin) end,
      extract(epoch from finalizada - fecha_fin)),
    (12::smallint, case when estado in (1, 2, 3) then estadistica_dia(fecha_fin) end, extract(epoch from fecha_fin))
  ) as m(medida, dia, suma)
  where eliminada is null and m.dia is not null
$$;
--> statement-breakpoint
-- That, for the order's current responsables (or «none»).
CREATE FUNCTION "estadistica_aportes_responsables"(orden integer, entidad integer, creada timestamptz, estado smallint,
  finalizada timestamptz, eliminada timestamptz, fecha_fin timestamptz)
RETURNS TABLE(entidad_id integer, medida smallint, dia date, valor integer, suma numeric) LANGUAGE sql STABLE AS $$
  select entidad, b.medida, b.dia, x.valor, b.suma
  from estadistica_base_responsables(creada, estado, finalizada, eliminada, fecha_fin) b
  cross join (
    select r.usuario_id as valor from orden_responsables r where r.orden_id = orden
    union all
    select 0 where not exists (select 1 from orden_responsables r where r.orden_id = orden)
  ) x
$$;
--> statement-breakpoint
-- `ordenes`, after INSERT or UPDATE (per statement, with the transition tables: a bulk write is one
-- rollup statement). A new order is counted «without responsable»: the responsables' trigger moves it
-- when they are inserted, even in the same statement (the order's CTE). An UPDATE takes away what the
-- old row added and adds the new row's, with the current responsables (a statement on `ordenes` does
-- not change them).
CREATE FUNCTION "estadistica_ordenes_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM estadistica_sumar(array_agg(a.entidad_id), array_agg(a.medida), array_agg(a.dia), array_agg(a.valor),
      array_agg(a.n), array_agg(a.suma))
    FROM (
      select x.entidad_id, x.medida, x.dia, x.valor, 1 as n, x.suma
      from nuevos o cross join lateral estadistica_aportes(o.entidad_id, o.creada, o.estado_id, o.tipo_orden_id, o.area_id,
        o.cliente_id, o.finalizada, o.eliminada, o.fecha_fin) x
      union all
      select o.entidad_id, b.medida, b.dia, 0, 1, b.suma
      from nuevos o cross join lateral estadistica_base_responsables(o.creada, o.estado_id, o.finalizada, o.eliminada, o.fecha_fin) b
    ) a;
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
-- `ordenes`, before each DELETE (rare: the order's history goes with it): its whole contribution
-- leaves while its responsables are still there (the cascade removes them afterwards; their own
-- trigger then finds no order and adds nothing).
CREATE FUNCTION "estadistica_ordenes_borrar_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM estadistica_sumar(array_agg(a.entidad_id), array_agg(a.medida), array_agg(a.dia), array_agg(a.valor),
    array_agg(-1), array_agg(-a.suma))
  FROM (
    select * from estadistica_aportes(OLD.entidad_id, OLD.creada, OLD.estado_id, OLD.tipo_orden_id, OLD.area_id,
      OLD.cliente_id, OLD.finalizada, OLD.eliminada, OLD.fecha_fin)
    union all
    select * from estadistica_aportes_responsables(OLD.id, OLD.entidad_id, OLD.creada, OLD.estado_id, OLD.finalizada,
      OLD.eliminada, OLD.fecha_fin)
  ) a;
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- `orden_responsables`, after INSERT, DELETE or UPDATE (per statement): for each live order touched,
-- +1/-1 per responsable added/removed, and its «none» moves when its count of responsables went from
-- or to zero (before = now - inserted + deleted, from the transition tables).
CREATE FUNCTION "estadistica_responsables_sumar"(ordenes_ integer[], usuarios_ integer[], signos integer[])
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ordenes_ IS NULL THEN RETURN; END IF;
  PERFORM estadistica_sumar(array_agg(a.entidad_id), array_agg(a.medida), array_agg(a.dia), array_agg(a.valor),
    array_agg(a.n), array_agg(a.suma))
  FROM (
    with d as (
      select * from unnest(ordenes_, usuarios_, signos) as d(orden_id, usuario_id, s)
    ), o as (
      select o.id, o.entidad_id, o.creada, o.estado_id, o.finalizada, o.eliminada, o.fecha_fin,
        (select count(*) from orden_responsables r where r.orden_id = o.id)::int as ahora,
        (select sum(d.s) from d where d.orden_id = o.id)::int as cambio
      from ordenes o
      where o.id = any(ordenes_) and o.eliminada is null
    )
    select o.entidad_id, b.medida, b.dia, d.usuario_id as valor, d.s as n, d.s * b.suma as suma
    from d join o on o.id = d.orden_id
    cross join lateral estadistica_base_responsables(o.creada, o.estado_id, o.finalizada, o.eliminada, o.fecha_fin) b
    union all
    select o.entidad_id, b.medida, b.dia, 0, z.n, z.n * b.suma
    from o
    cross join lateral (select (o.ahora = 0)::int - (o.ahora - o.cambio = 0)::int as n) z
    cross join lateral estadistica_base_responsables(o.creada, o.estado_id, o.finalizada, o.eliminada, o.fecha_fin) b
    where z.n <> 0
  ) a;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "estadistica_responsables_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM estadistica_responsables_sumar(array_agg(orden_id), array_agg(usuario_id), array_agg(1)) FROM nuevos;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM estadistica_responsables_sumar(array_agg(orden_id), array_agg(usuario_id), array_agg(-1)) FROM viejos;
  ELSE
    PERFORM estadistica_responsables_sumar(array_agg(a.orden_id), array_agg(a.usuario_id), array_agg(a.s))
    FROM (select orden_id, usuario_id, 1 as s from nuevos union all select orden_id, usuario_id, -1 from viejos) a;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "estadistica_ordenes_alta" AFTER INSERT ON "ordenes" REFERENCING NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION estadistica_ordenes_trg();
--> statement-breakpoint
CREATE TRIGGER "estadistica_ordenes_cambio" AFTER UPDATE ON "ordenes" REFERENCING OLD TABLE AS viejos NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION estadistica_ordenes_trg();
--> statement-breakpoint
CREATE TRIGGER "estadistica_ordenes_baja" BEFORE DELETE ON "ordenes"
  FOR EACH ROW EXECUTE FUNCTION estadistica_ordenes_borrar_trg();
--> statement-breakpoint
CREATE TRIGGER "estadistica_responsables_alta" AFTER INSERT ON "orden_responsables" REFERENCING NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION estadistica_responsables_trg();
--> statement-breakpoint
CREATE TRIGGER "estadistica_responsables_baja" AFTER DELETE ON "orden_responsables" REFERENCING OLD TABLE AS viejos
  FOR EACH STATEMENT EXECUTE FUNCTION estadistica_responsables_trg();
--> statement-breakpoint
CREATE TRIGGER "estadistica_responsables_cambio" AFTER UPDATE ON "orden_responsables" REFERENCING OLD TABLE AS viejos NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION estadistica_responsables_trg();
--> statement-breakpoint
-- The rows behind a bucket (exact medians and the top delays: the rollup says which bucket, these
-- read only its rows), and the open orders by due date (their delay is computed live).
CREATE INDEX "ordenes_estadisticas_resolucion_idx" ON "ordenes" USING btree
  ("entidad_id", estadistica_cubeta(estadistica_resolucion_s("creada", "finalizada")), "finalizada") INCLUDE ("creada")
  WHERE "eliminada" IS NULL AND "estado_id" = 4;
--> statement-breakpoint
CREATE INDEX "ordenes_estadisticas_demora_idx" ON "ordenes" USING btree
  ("entidad_id", estadistica_cubeta(estadistica_demora_s("fecha_fin", "finalizada")), "fecha_fin") INCLUDE ("finalizada", "id", "numero")
  WHERE "eliminada" IS NULL AND "estado_id" = 4 AND "finalizada" > "fecha_fin";
--> statement-breakpoint
CREATE INDEX "ordenes_estadisticas_abiertas_idx" ON "ordenes" USING btree ("entidad_id", "fecha_fin")
  INCLUDE ("estado_id", "tipo_orden_id", "id", "numero")
  WHERE "eliminada" IS NULL AND "estado_id" IN (1, 2, 3);
--> statement-breakpoint
-- Backfill: the existing orders, as the triggers would have counted them.
INSERT INTO "estadistica_resumen" (entidad_id, medida, dia, valor, n, suma)
SELECT x.entidad_id, x.medida, x.dia, x.valor, count(*)::int, sum(x.suma)
FROM ordenes o CROSS JOIN LATERAL estadistica_aportes(o.entidad_id, o.creada, o.estado_id, o.tipo_orden_id, o.area_id,
  o.cliente_id, o.finalizada, o.eliminada, o.fecha_fin) x
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "estadistica_resumen" (entidad_id, medida, dia, valor, n, suma)
SELECT o.entidad_id, b.medida, b.dia, coalesce(r.usuario_id, 0), count(*)::int, sum(b.suma)
FROM ordenes o LEFT JOIN orden_responsables r ON r.orden_id = o.id
CROSS JOIN LATERAL estadistica_base_responsables(o.creada, o.estado_id, o.finalizada, o.eliminada, o.fecha_fin) b
GROUP BY 1, 2, 3, 4;
