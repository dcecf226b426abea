-- Issue 14 (docs/ESTADISTICAS.md, «Desempeño por responsable»): the scorecard per responsable from
-- rollups kept exact in the same transaction as each write, instead of joining every order of the
-- range with `orden_responsables` (1,200,000 rows without company or dates in the bench: ~2 s).
--   medida 13: finished that day (by `finalizada`), per responsable (valor = usuario_id, 0 = none)
--   medida 14: finished on time that day (had a due date and finished by it), per responsable
--   medida 15: open without a due date, by creation day, per responsable (with medida 12, open by due
--              day, they add up to every open order of a responsable)
-- The three go through `estadistica_base_responsables` (migration 0011): the triggers that already
-- keep measures 5, 10 and 12 exact (order inserted, changed, deleted; responsables added, removed,
-- replaced) keep these with the same signed deltas.
CREATE OR REPLACE FUNCTION "estadistica_base_responsables"(creada timestamptz, estado smallint, finalizada timestamptz,
  eliminada timestamptz, fecha_fin timestamptz)
RETURNS TABLE(medida smallint, dia date, suma numeric) LANGUAGE sql STABLE AS $$
  select m.medida, m.dia, m.suma
  from (values
    (5::smallint, estadistica_dia(creada), 0::numeric),
    (10::smallint, case when estado = 4 and finalizada > fecha_fin then estadistica_dia(fecha_fin) end,
      extract(epoch from finalizada - fecha_fin)),
    (12::smallint, case when estado in (1, 2, 3) then estadistica_dia(fecha_fin) end, extract(epoch from fecha_fin)),
    (13::smallint, case when estado = 4 then estadistica_dia(finalizada) end, 0),
    (14::smallint, case when estado = 4 and finalizada <= fecha_fin then estadistica_dia(finalizada) end, 0),
    (15::smallint, case when estado in (1, 2, 3) and fecha_fin is null then estadistica_dia(creada) end, 0)
  ) as m(medida, dia, suma)
  where eliminada is null and m.dia is not null
$$;
--> statement-breakpoint
-- The late finished orders per responsable, one row per (order, responsable), with the delay: the
-- exact median delay of each responsable over a range of finish times is read from here alone (one
-- index-only range scan per responsable, a small in-memory sort each) instead of from the orders
-- joined with their responsables.
-- Only real responsables (an order without any has no row). Derived data: no foreign key.
CREATE TABLE "estadistica_demora_responsable" (
	"entidad_id" integer NOT NULL,
	"finalizada" timestamp with time zone NOT NULL,
	"usuario_id" integer NOT NULL,
	"orden_id" integer NOT NULL,
	"demora_s" double precision NOT NULL,
	CONSTRAINT "estadistica_demora_responsable_pk" PRIMARY KEY ("entidad_id","usuario_id","finalizada","orden_id") INCLUDE ("demora_s")
);
--> statement-breakpoint
CREATE INDEX "estadistica_demora_responsable_orden_idx" ON "estadistica_demora_responsable" USING btree ("orden_id","usuario_id");
--> statement-breakpoint
-- The rows of these (order, responsable) pairs as they are now: late finished live orders only.
CREATE FUNCTION "estadistica_demora_responsable_poner"(ordenes_ integer[], usuarios_ integer[])
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ordenes_ IS NULL THEN RETURN; END IF;
  insert into estadistica_demora_responsable (entidad_id, finalizada, usuario_id, orden_id, demora_s)
  select o.entidad_id, o.finalizada, p.usuario_id, o.id, estadistica_demora_s(o.fecha_fin, o.finalizada)
  from unnest(ordenes_, usuarios_) as p(orden_id, usuario_id)
  join ordenes o on o.id = p.orden_id
  where o.eliminada is null and o.estado_id = 4 and o.finalizada > o.fecha_fin
  order by 1, 3, 2, 4
  on conflict do nothing;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "estadistica_demora_responsable_quitar"(ordenes_ integer[], usuarios_ integer[])
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ordenes_ IS NULL THEN RETURN; END IF;
  delete from estadistica_demora_responsable d
  using unnest(ordenes_, usuarios_) as p(orden_id, usuario_id)
  where d.orden_id = p.orden_id and d.usuario_id = p.usuario_id;
END
$$;
--> statement-breakpoint
-- The answered surveys per responsable, one row per (survey, responsable) of a live order of the same
-- company, with the score: the scorecard's satisfaction over a range of answer times is read from here
-- (one index-only range scan per responsable) instead of joining the surveys with their orders and
-- their responsables. Derived data: no foreign key.
CREATE TABLE "estadistica_encuesta_responsable" (
	"entidad_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"respondida_en" timestamp with time zone NOT NULL,
	"encuesta_id" integer NOT NULL,
	"orden_id" integer NOT NULL,
	"puntaje" smallint NOT NULL,
	CONSTRAINT "estadistica_encuesta_responsable_pk" PRIMARY KEY ("entidad_id","usuario_id","respondida_en","encuesta_id") INCLUDE ("puntaje")
);
--> statement-breakpoint
CREATE INDEX "estadistica_encuesta_responsable_orden_idx" ON "estadistica_encuesta_responsable" USING btree ("orden_id","usuario_id");
--> statement-breakpoint
CREATE INDEX "estadistica_encuesta_responsable_encuesta_idx" ON "estadistica_encuesta_responsable" USING btree ("encuesta_id");
--> statement-breakpoint
-- The rows of these (order, responsable) pairs as they are now: the order's answered surveys.
CREATE FUNCTION "estadistica_encuesta_responsable_poner"(ordenes_ integer[], usuarios_ integer[])
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ordenes_ IS NULL THEN RETURN; END IF;
  insert into estadistica_encuesta_responsable (entidad_id, usuario_id, respondida_en, encuesta_id, orden_id, puntaje)
  select e.entidad_id, p.usuario_id, e.respondida_en, e.id, o.id, e.puntaje
  from unnest(ordenes_, usuarios_) as p(orden_id, usuario_id)
  join ordenes o on o.id = p.orden_id
  join encuesta e on e.orden_id = o.id and e.entidad_id = o.entidad_id
  where o.eliminada is null and e.puntaje is not null and e.respondida_en is not null
  order by 1, 2, 3, 4
  on conflict do nothing;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "estadistica_encuesta_responsable_quitar"(ordenes_ integer[], usuarios_ integer[])
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ordenes_ IS NULL THEN RETURN; END IF;
  delete from estadistica_encuesta_responsable d
  using unnest(ordenes_, usuarios_) as p(orden_id, usuario_id)
  where d.orden_id = p.orden_id and d.usuario_id = p.usuario_id;
END
$$;
--> statement-breakpoint
-- `encuesta`, after INSERT, UPDATE or DELETE (per statement): the rows of the surveys written are
-- written again from their order's current responsables.
CREATE FUNCTION "estadistica_encuesta_responsable_encuesta_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    delete from estadistica_encuesta_responsable where encuesta_id in (select id from viejos);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    insert into estadistica_encuesta_responsable (entidad_id, usuario_id, respondida_en, encuesta_id, orden_id, puntaje)
    select e.entidad_id, r.usuario_id, e.respondida_en, e.id, o.id, e.puntaje
    from nuevos e
    join ordenes o on o.id = e.orden_id and o.entidad_id = e.entidad_id
    join orden_responsables r on r.orden_id = o.id
    where o.eliminada is null and e.puntaje is not null and e.respondida_en is not null
    order by 1, 2, 3, 4
    on conflict do nothing;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- `orden_responsables`, after INSERT, DELETE or UPDATE (per statement): the pairs removed go, the
-- pairs added come (when their order is late and finished; with their order's answered surveys).
CREATE FUNCTION "estadistica_demora_responsable_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM estadistica_demora_responsable_quitar(array_agg(orden_id), array_agg(usuario_id)) FROM viejos;
    PERFORM estadistica_encuesta_responsable_quitar(array_agg(orden_id), array_agg(usuario_id)) FROM viejos;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM estadistica_demora_responsable_poner(array_agg(orden_id), array_agg(usuario_id)) FROM nuevos;
    PERFORM estadistica_encuesta_responsable_poner(array_agg(orden_id), array_agg(usuario_id)) FROM nuevos;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- `ordenes`, after UPDATE (per statement): the orders whose company, state, finish, due date or
-- deletion changed have their pairs (late delays, answered surveys) written again from their current
-- responsables (the UPDATE holds the order's row). An INSERT needs nothing (a new order has no
-- responsables until they are inserted, and then the trigger above writes its pairs); a DELETE takes
-- its responsables (and its surveys) by cascade, and their triggers remove the pairs.
CREATE FUNCTION "estadistica_demora_responsable_ordenes_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  SELECT array_agg(n.id) INTO ids
  FROM viejos v JOIN nuevos n ON n.id = v.id
  WHERE (v.entidad_id, v.estado_id, v.finalizada, v.fecha_fin, v.eliminada is null)
    IS DISTINCT FROM (n.entidad_id, n.estado_id, n.finalizada, n.fecha_fin, n.eliminada is null);
  IF ids IS NULL THEN RETURN NULL; END IF;
  delete from estadistica_demora_responsable where orden_id = any(ids);
  delete from estadistica_encuesta_responsable where orden_id = any(ids);
  PERFORM estadistica_demora_responsable_poner(array_agg(r.orden_id), array_agg(r.usuario_id)),
    estadistica_encuesta_responsable_poner(array_agg(r.orden_id), array_agg(r.usuario_id))
  FROM orden_responsables r WHERE r.orden_id = any(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "estadistica_demora_responsable_alta" AFTER INSERT ON "orden_responsables" REFERENCING NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION estadistica_demora_responsable_trg();
--> statement-breakpoint
CREATE TRIGGER "estadistica_demora_responsable_baja" AFTER DELETE ON "orden_responsables" REFERENCING OLD TABLE AS viejos
  FOR EACH STATEMENT EXECUTE FUNCTION estadistica_demora_responsable_trg();
--> statement-breakpoint
CREATE TRIGGER "estadistica_demora_responsable_cambio" AFTER UPDATE ON "orden_responsables" REFERENCING OLD TABLE AS viejos NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION estadistica_demora_responsable_trg();
--> statement-breakpoint
CREATE TRIGGER "estadistica_demora_responsable_ordenes" AFTER UPDATE ON "ordenes" REFERENCING OLD TABLE AS viejos NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION estadistica_demora_responsable_ordenes_trg();
--> statement-breakpoint
CREATE TRIGGER "estadistica_encuesta_responsable_alta" AFTER INSERT ON "encuesta" REFERENCING NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION estadistica_encuesta_responsable_encuesta_trg();
--> statement-breakpoint
CREATE TRIGGER "estadistica_encuesta_responsable_baja" AFTER DELETE ON "encuesta" REFERENCING OLD TABLE AS viejos
  FOR EACH STATEMENT EXECUTE FUNCTION estadistica_encuesta_responsable_encuesta_trg();
--> statement-breakpoint
CREATE TRIGGER "estadistica_encuesta_responsable_cambio" AFTER UPDATE ON "encuesta" REFERENCING OLD TABLE AS viejos NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION estadistica_encuesta_responsable_encuesta_trg();
--> statement-breakpoint
-- One company's rollups recomputed from its orders, as the backfills of 0011 and this migration do:
-- for bulk loads made with the statistics triggers disabled (the bench's seed) and for checking them.
CREATE FUNCTION "estadistica_recalcular"(entidad integer) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  delete from estadistica_resumen where entidad_id = entidad;
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
--> statement-breakpoint
-- Backfill: measures 13-15 of the existing orders, as the triggers would have counted them, the late
-- pairs and the answered surveys per responsable.
INSERT INTO "estadistica_resumen" (entidad_id, medida, dia, valor, n, suma)
SELECT o.entidad_id, b.medida, b.dia, coalesce(r.usuario_id, 0), count(*)::int, sum(b.suma)
FROM ordenes o LEFT JOIN orden_responsables r ON r.orden_id = o.id
CROSS JOIN LATERAL estadistica_base_responsables(o.creada, o.estado_id, o.finalizada, o.eliminada, o.fecha_fin) b
WHERE b.medida IN (13, 14, 15)
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "estadistica_demora_responsable" (entidad_id, finalizada, usuario_id, orden_id, demora_s)
SELECT o.entidad_id, o.finalizada, r.usuario_id, o.id, estadistica_demora_s(o.fecha_fin, o.finalizada)
FROM ordenes o JOIN orden_responsables r ON r.orden_id = o.id
WHERE o.eliminada IS NULL AND o.estado_id = 4 AND o.finalizada > o.fecha_fin;
--> statement-breakpoint
INSERT INTO "estadistica_encuesta_responsable" (entidad_id, usuario_id, respondida_en, encuesta_id, orden_id, puntaje)
SELECT e.entidad_id, r.usuario_id, e.respondida_en, e.id, o.id, e.puntaje
FROM encuesta e JOIN ordenes o ON o.id = e.orden_id AND o.entidad_id = e.entidad_id
JOIN orden_responsables r ON r.orden_id = o.id
WHERE o.eliminada IS NULL AND e.puntaje IS NOT NULL AND e.respondida_en IS NOT NULL;
