-- Substring search over an order's title and detail, scoped to the company, served by one
-- trigram GIN index (btree_gin lets the company id share it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ordenes_busqueda_trgm_idx" ON "ordenes" USING gin ("entidad_id", (("titulo" || ' ' || "detalle")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clientes_nombre_trgm_idx" ON "clientes" USING gin ("entidad_id", "nombre" gin_trgm_ops);
