-- The list's search ignores accents and case: the lower-case column also loses its accents.
-- unaccent() is only STABLE (its dictionary could change), so a generated column or an index cannot
-- call it; f_unaccent names the dictionary and is IMMUTABLE (issue 36, docs/adr/0002).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
ALTER TABLE "ordenes" DROP COLUMN "busqueda";
--> statement-breakpoint
ALTER TABLE "ordenes" ADD COLUMN "busqueda" text GENERATED ALWAYS AS (lower(f_unaccent(titulo || ' ' || detalle))) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ordenes_busqueda_trgm_idx" ON "ordenes" USING gin ("entidad_id", "busqueda" gin_trgm_ops);
