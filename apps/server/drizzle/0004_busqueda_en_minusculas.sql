-- The list's substring search reads one lower-case column with LIKE instead of ILIKE over the
-- title and detail joined on every row; the trigram index moves to that column.
ALTER TABLE "ordenes" ADD COLUMN "busqueda" text GENERATED ALWAYS AS (lower(titulo || ' ' || detalle)) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "ordenes_busqueda_trgm_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ordenes_busqueda_trgm_idx" ON "ordenes" USING gin ("entidad_id", "busqueda" gin_trgm_ops);
